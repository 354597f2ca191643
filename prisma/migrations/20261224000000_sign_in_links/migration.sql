-- Sign-in links in mails (/in/<key>): every mail to a player carries a fresh one, and the sign-in page mails one on
-- request. Only the key's SHA-256 is stored.
CREATE TABLE "SignInLink" (
    "id" TEXT NOT NULL,
    "gameId" TEXT NOT NULL,
    "seatId" TEXT,
    "personId" TEXT,
    "tokenHash" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SignInLink_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "SignInLink_seatId_createdAt_idx" ON "SignInLink"("seatId", "createdAt");
CREATE INDEX "SignInLink_personId_createdAt_idx" ON "SignInLink"("personId", "createdAt");
CREATE INDEX "SignInLink_expiresAt_idx" ON "SignInLink"("expiresAt");
