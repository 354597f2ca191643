-- How much mail a person gets: every step (the default), only when it must move, or a daily digest. Every person
-- gets an unguessable key for the one-click unsubscribe of its mails, and held-back result mails wait in DigestItem.
CREATE TYPE "MailPreference" AS ENUM ('every_step', 'must_move', 'digest');

ALTER TABLE "Person" ADD COLUMN "mailPreference" "MailPreference" NOT NULL DEFAULT 'every_step',
ADD COLUMN "unsubscribeKey" TEXT NOT NULL DEFAULT replace((gen_random_uuid())::text || (gen_random_uuid())::text, '-', ''),
ADD COLUMN "digestDay" TEXT;

CREATE UNIQUE INDEX "Person_unsubscribeKey_key" ON "Person"("unsubscribeKey");

CREATE TABLE "DigestItem" (
    "id" TEXT NOT NULL,
    "personId" TEXT NOT NULL,
    "gameId" TEXT NOT NULL,
    "stepNumber" INTEGER NOT NULL,
    "subject" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DigestItem_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "DigestItem_personId_createdAt_idx" ON "DigestItem"("personId", "createdAt");

ALTER TABLE "DigestItem" ADD CONSTRAINT "DigestItem_personId_fkey" FOREIGN KEY ("personId") REFERENCES "Person"("id") ON DELETE CASCADE ON UPDATE CASCADE;
