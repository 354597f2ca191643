-- Rules versions (docs/contract.md, "Rules versions"): every game records the rules version it runs under, every
-- resolved step the version that resolved it.
--
-- Existing rows: every game package declares rules version "1" in the release that adds these columns, and "1"
-- names the rules as they stood when versions began to be recorded. The games and the resolved steps already
-- stored were all played under those rules, so they are recorded as "1" (not left unknown): the turn processor,
-- `pbem verify` and the rules upgrade then treat them exactly like games started under "1". A step still open
-- (not yet resolved) keeps null until it resolves.
ALTER TABLE "Game" ADD COLUMN "rulesVersion" TEXT;
UPDATE "Game" SET "rulesVersion" = '1';
ALTER TABLE "Game" ALTER COLUMN "rulesVersion" SET NOT NULL;

ALTER TABLE "Step" ADD COLUMN "rulesVersion" TEXT;
UPDATE "Step" SET "rulesVersion" = '1' WHERE "resolvedAt" IS NOT NULL OR status <> 'open';
