-- Reads that scanned a whole table, found by running the service and its tests with sequential scans turned off:
-- the webhooks of a game (read by every resolution), the browser sessions of a seat or person (ended when its
-- player is replaced or its token rotated), the mails of a game set aside unread (the moderator's game page, over
-- every mail ever received) and the newest games (the operator's list).

-- CreateIndex
CREATE INDEX "Webhook_gameId_idx" ON "Webhook"("gameId");

-- CreateIndex
CREATE INDEX "WebSession_seatId_idx" ON "WebSession"("seatId");

-- CreateIndex
CREATE INDEX "WebSession_personId_idx" ON "WebSession"("personId");

-- CreateIndex
CREATE INDEX "InboundMail_gameId_receivedAt_idx" ON "InboundMail"("gameId", "receivedAt");

-- CreateIndex
CREATE INDEX "Game_createdAt_idx" ON "Game"("createdAt");
