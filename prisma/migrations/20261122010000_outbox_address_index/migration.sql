-- CreateIndex
CREATE INDEX "Outbox_toAddress_createdAt_idx" ON "Outbox"("toAddress", "createdAt");

