-- A seat's recent mails: refusals left unanswered (the player's hourly reply budget spent) are shown on the
-- player's page and in the next reply.
CREATE INDEX "InboundMail_seatId_receivedAt_idx" ON "InboundMail"("seatId", "receivedAt");
