-- A seat's orders of a step are numbered 1, 2, 3...: the current ones are those with the highest revision, and
-- each order is superseded by the next revision. Submitting only ever inserts a row (nothing is updated), so no
-- dead index entries pile up while a seat revises its orders hundreds of times in one step.
ALTER TABLE "Order" ADD COLUMN "revision" INTEGER NOT NULL DEFAULT 1;

-- Existing orders, numbered along their supersession chains: the current order last, the others by arrival.
UPDATE "Order" o SET "revision" = n.revision
FROM (
  SELECT id, row_number() OVER (PARTITION BY "stepId", "seatId" ORDER BY ("supersededById" IS NULL), "receivedAt", id) AS revision
  FROM "Order"
) n
WHERE o.id = n.id AND n.revision <> 1;

ALTER TABLE "Order" DROP CONSTRAINT "Order_supersededById_fkey";
DROP INDEX "Order_supersededById_key";
DROP INDEX "Order_current_by_step_seat";
DROP INDEX "Order_stepId_seatId_idx";
ALTER TABLE "Order" DROP COLUMN "supersededById";

CREATE UNIQUE INDEX "Order_stepId_seatId_revision_key" ON "Order"("stepId", "seatId", "revision");
