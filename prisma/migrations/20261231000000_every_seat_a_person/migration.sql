-- Every seat is held by a person (a player holding one or more seats of a game). Each seat held alone until now gets
-- a person of its own, made from it: the person's id is the seat's id, and its address, name, language, zone and
-- secrets are the seat's (the same token hash, reply-to token and calendar token), so every bearer token, reply-to
-- address, sign-in link and calendar URL given out before keeps working. The seats of a several-seat person keep
-- their own secrets, which still act for each seat alone.
INSERT INTO "Person" ("id", "gameId", "email", "playerName", "locale", "timeZone", "tokenHash", "mailTokenHash",
    "mailToken", "calendarToken", "createdAt", "updatedAt")
SELECT se."id", se."gameId", se."email", se."playerName", se."locale", se."timeZone", se."tokenHash",
    se."mailTokenHash", se."mailToken", se."calendarToken", se."createdAt", se."updatedAt"
FROM "Seat" se WHERE se."personId" IS NULL;
UPDATE "Seat" SET "personId" = "id" WHERE "personId" IS NULL;

ALTER TABLE "Seat" DROP CONSTRAINT "Seat_personId_fkey";
ALTER TABLE "Seat" ALTER COLUMN "personId" SET NOT NULL;
ALTER TABLE "Seat" ADD CONSTRAINT "Seat_personId_fkey" FOREIGN KEY ("personId") REFERENCES "Person"("id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- An absence is its person's, and applies to every seat the person holds.
ALTER TABLE "Absence" ADD COLUMN "personId" TEXT;
UPDATE "Absence" a SET "personId" = se."personId" FROM "Seat" se WHERE se."id" = a."seatId";
ALTER TABLE "Absence" ALTER COLUMN "personId" SET NOT NULL;
CREATE INDEX "Absence_personId_idx" ON "Absence"("personId");
ALTER TABLE "Absence" ADD CONSTRAINT "Absence_personId_fkey" FOREIGN KEY ("personId") REFERENCES "Person"("id") ON DELETE CASCADE ON UPDATE CASCADE;
