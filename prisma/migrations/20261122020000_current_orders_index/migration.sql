-- The current (not superseded) orders of a step: every submission and resolution looks them up, while a step may
-- collect many superseded revisions. Prisma's schema language has no partial indexes, so this one lives only here
-- (a later `prisma migrate diff` lists it as a DROP INDEX: leave that line out of new migrations).
CREATE INDEX "Order_current_by_step_seat" ON "Order"("stepId", "seatId") WHERE "supersededById" IS NULL;
