-- The outbox is read by address without regard to case (the reply budget: replies to an address this hour, and the
-- acknowledgements of the last minute, folded into one) and by game (whether a mail is acknowledged already).
-- Without these indexes each of those reads scanned the whole outbox, which keeps every mail ever sent: about
-- 100 ms at 300,000 rows, on every answered mail. Prisma's schema language has no expression indexes, so the first
-- lives only here (a later `prisma migrate diff` lists it as a DROP INDEX: leave that out).
CREATE INDEX "Outbox_lower_toAddress_createdAt_idx" ON "Outbox"(lower("toAddress"), "createdAt");

-- CreateIndex
CREATE INDEX "Outbox_gameId_idx" ON "Outbox"("gameId");
