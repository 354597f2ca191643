-- The outbox is read by address without regard to case: the reply budget (replies to an address this hour), the
-- acknowledgements of the last minute (folded into one) and whether a mail is acknowledged already, the sign-in
-- links mailed this hour, and a player's last reply. The index on the address as written served none of the reads
-- that ignore case, each of which scanned the whole outbox (which keeps every mail ever sent: about 100 ms at 300,000
-- rows, on every answered mail). It is replaced by one on the address in lower case. Prisma's schema language has no
-- expression indexes, so this one lives only here (a later `prisma migrate diff` lists it as a DROP INDEX: leave
-- that out).
DROP INDEX "Outbox_toAddress_createdAt_idx";
CREATE INDEX "Outbox_lower_toAddress_createdAt_idx" ON "Outbox"(lower("toAddress"), "createdAt");
