-- A step whose result the moderator rejected waits for every owed seat to confirm or revise its orders (a later
-- revision than the one on file at the rejection), or for its new deadline.
ALTER TABLE "Step" ADD COLUMN "rejectedRevisions" JSONB;
