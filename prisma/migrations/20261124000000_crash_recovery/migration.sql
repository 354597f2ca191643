-- Recovery after a crash.
-- Step."resolveDueAt": written by the order that completes a step, in the order's own statement, and cleared by the
-- step's resolution. An open step still due after its submitter died is found by the recovery sweep and resolved.
ALTER TABLE "Step" ADD COLUMN "resolveDueAt" TIMESTAMP(3);
CREATE INDEX "Step_status_resolveDueAt_idx" ON "Step"("status", "resolveDueAt");

-- InboundMail: one row per Message-ID and recipient seat (a mail sent to two seats' reply addresses is processed
-- once for each). A row still "received" is leased to the process working on it: once the lease has run out, the
-- recovery sweep or a retry of the same delivery takes it over. Rows stored before have no recipient ("").
DROP INDEX "InboundMail_messageId_key";
ALTER TABLE "InboundMail" ADD COLUMN "recipient" TEXT NOT NULL DEFAULT '',
ADD COLUMN "leaseUntil" TIMESTAMP(3),
ADD COLUMN "attempts" INTEGER NOT NULL DEFAULT 0;
CREATE UNIQUE INDEX "InboundMail_messageId_recipient_key" ON "InboundMail"("messageId", "recipient");
CREATE INDEX "InboundMail_status_leaseUntil_idx" ON "InboundMail"("status", "leaseUntil");
