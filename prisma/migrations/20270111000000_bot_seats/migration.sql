-- Bot seats: the computer player plays a seat (created so, or handed to it by the moderator or the ladder of
-- missed deadlines), and the per-game number of missed deadlines in a row after which it takes a seat over.
ALTER TABLE "Seat" ADD COLUMN "bot" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "Game" ADD COLUMN "botAfterMisses" INTEGER NOT NULL DEFAULT 2;
