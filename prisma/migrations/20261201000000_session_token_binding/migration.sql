-- A seat's browser session is bound to the seat token it was opened with: replacing the player or rotating the
-- token ends it at once, whichever process serves the next request. Sessions opened before this binding existed
-- have no hash and no longer count (their players sign in again with the link in any mail from the game).
ALTER TABLE "WebSession" ADD COLUMN "seatTokenHash" TEXT;
DELETE FROM "WebSession" WHERE role = 'seat';
