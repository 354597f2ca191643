-- Several seats held by one person (FN 6.0[2], FN 12.0[M]): the seats of one game created with the same address
-- point at one Person, whose own token, reply-to token and calendar token reach those seats only. Seats held alone
-- (every seat of the games before this migration) have no person and keep their secrets as they were.
CREATE TABLE "Person" (
    "id" TEXT NOT NULL,
    "gameId" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "playerName" TEXT,
    "locale" TEXT NOT NULL DEFAULT 'en',
    "timeZone" TEXT NOT NULL DEFAULT 'UTC',
    "tokenHash" TEXT NOT NULL,
    "mailTokenHash" TEXT NOT NULL,
    "mailToken" TEXT NOT NULL,
    "calendarToken" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Person_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "Person_tokenHash_key" ON "Person"("tokenHash");
CREATE UNIQUE INDEX "Person_mailTokenHash_key" ON "Person"("mailTokenHash");
CREATE UNIQUE INDEX "Person_calendarToken_key" ON "Person"("calendarToken");
CREATE INDEX "Person_gameId_idx" ON "Person"("gameId");
ALTER TABLE "Person" ADD CONSTRAINT "Person_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game"("id") ON DELETE CASCADE ON UPDATE CASCADE;

ALTER TABLE "Seat" ADD COLUMN "personId" TEXT;
CREATE INDEX "Seat_personId_idx" ON "Seat"("personId");
ALTER TABLE "Seat" ADD CONSTRAINT "Seat_personId_fkey" FOREIGN KEY ("personId") REFERENCES "Person"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- A person's browser session, bound to the person token it was opened with (as a seat's session to its token).
ALTER TABLE "WebSession" ADD COLUMN "personId" TEXT,
ADD COLUMN "personTokenHash" TEXT;
