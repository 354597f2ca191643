-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateEnum
CREATE TYPE "GameStatus" AS ENUM ('active', 'paused', 'finished');

-- CreateEnum
CREATE TYPE "StepStatus" AS ENUM ('open', 'resolving', 'awaiting_review', 'published');

-- CreateEnum
CREATE TYPE "OutboxStatus" AS ENUM ('pending', 'sending', 'sent', 'failed');

-- CreateTable
CREATE TABLE "Setting" (
    "key" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Setting_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "Game" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "game" TEXT NOT NULL,
    "mode" TEXT NOT NULL,
    "options" JSONB NOT NULL,
    "data" JSONB,
    "status" "GameStatus" NOT NULL DEFAULT 'active',
    "reviewMode" TEXT NOT NULL DEFAULT 'auto',
    "deadlines" JSONB NOT NULL DEFAULT '{}',
    "graceSeconds" INTEGER NOT NULL DEFAULT 0,
    "processingDelaySeconds" INTEGER NOT NULL DEFAULT 0,
    "missedPolicy" TEXT NOT NULL DEFAULT 'wait',
    "maxAbsences" INTEGER NOT NULL DEFAULT 2,
    "reminderHours" INTEGER[] DEFAULT ARRAY[48, 6]::INTEGER[],
    "seedSecret" TEXT NOT NULL,
    "seedCommitment" TEXT NOT NULL,
    "moderatorTokenHash" TEXT NOT NULL,
    "moderatorEmail" TEXT,
    "currentStep" INTEGER NOT NULL DEFAULT 0,
    "outcome" JSONB,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "pausedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "Game_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Seat" (
    "id" TEXT NOT NULL,
    "gameId" TEXT NOT NULL,
    "side" TEXT NOT NULL,
    "playerName" TEXT,
    "email" TEXT NOT NULL,
    "locale" TEXT NOT NULL DEFAULT 'en',
    "timeZone" TEXT NOT NULL DEFAULT 'UTC',
    "tokenHash" TEXT NOT NULL,
    "mailTokenHash" TEXT NOT NULL,
    "mailToken" TEXT NOT NULL,
    "calendarToken" TEXT NOT NULL,
    "tokenVersion" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Seat_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Step" (
    "id" TEXT NOT NULL,
    "gameId" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "status" "StepStatus" NOT NULL DEFAULT 'open',
    "envelope" JSONB NOT NULL,
    "owed" JSONB NOT NULL,
    "deadlineAt" TIMESTAMP(3),
    "deadlineState" JSONB NOT NULL DEFAULT '{}',
    "ordersDigest" TEXT,
    "resultEnvelope" JSONB,
    "defaultsApplied" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "rejectedReason" TEXT,
    "openedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastOrderAt" TIMESTAMP(3),
    "resolvedAt" TIMESTAMP(3),
    "publishedAt" TIMESTAMP(3),

    CONSTRAINT "Step_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Order" (
    "id" TEXT NOT NULL,
    "gameId" TEXT NOT NULL,
    "stepId" TEXT NOT NULL,
    "seatId" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "raw" TEXT NOT NULL,
    "parsed" JSONB NOT NULL,
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "supersededById" TEXT,
    "note" TEXT,

    CONSTRAINT "Order_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Event" (
    "id" BIGSERIAL NOT NULL,
    "stepId" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "type" TEXT NOT NULL,
    "visibleTo" TEXT[],
    "payload" JSONB NOT NULL,

    CONSTRAINT "Event_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AuditLog" (
    "id" BIGSERIAL NOT NULL,
    "gameId" TEXT NOT NULL,
    "actor" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "detail" JSONB NOT NULL DEFAULT '{}',
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AuditLog_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Outbox" (
    "id" TEXT NOT NULL,
    "gameId" TEXT,
    "seatId" TEXT,
    "kind" TEXT NOT NULL,
    "toAddress" TEXT NOT NULL,
    "fromAddress" TEXT,
    "replyTo" TEXT,
    "subject" TEXT NOT NULL,
    "messageId" TEXT NOT NULL,
    "inReplyTo" TEXT,
    "references" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "headers" JSONB NOT NULL DEFAULT '{}',
    "text" TEXT NOT NULL,
    "html" TEXT,
    "attachments" JSONB NOT NULL DEFAULT '[]',
    "status" "OutboxStatus" NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastError" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sentAt" TIMESTAMP(3),

    CONSTRAINT "Outbox_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "InboundMail" (
    "id" TEXT NOT NULL,
    "messageId" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "envelopeFrom" TEXT,
    "envelopeTo" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "raw" BYTEA NOT NULL,
    "size" INTEGER NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'received',
    "gameId" TEXT,
    "seatId" TEXT,
    "result" JSONB,
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "processedAt" TIMESTAMP(3),

    CONSTRAINT "InboundMail_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Absence" (
    "id" TEXT NOT NULL,
    "seatId" TEXT NOT NULL,
    "startsAt" TIMESTAMP(3) NOT NULL,
    "endsAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Absence_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Punctuality" (
    "id" TEXT NOT NULL,
    "seatId" TEXT NOT NULL,
    "stepId" TEXT NOT NULL,
    "outcome" TEXT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Punctuality_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Webhook" (
    "id" TEXT NOT NULL,
    "gameId" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "events" TEXT[] DEFAULT ARRAY['result', 'reminder', 'missed']::TEXT[],
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Webhook_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WebSession" (
    "id" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "gameId" TEXT,
    "seatId" TEXT,
    "csrfSecret" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "WebSession_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Game_moderatorTokenHash_key" ON "Game"("moderatorTokenHash");

-- CreateIndex
CREATE UNIQUE INDEX "Seat_tokenHash_key" ON "Seat"("tokenHash");

-- CreateIndex
CREATE UNIQUE INDEX "Seat_mailTokenHash_key" ON "Seat"("mailTokenHash");

-- CreateIndex
CREATE UNIQUE INDEX "Seat_calendarToken_key" ON "Seat"("calendarToken");

-- CreateIndex
CREATE UNIQUE INDEX "Seat_gameId_side_key" ON "Seat"("gameId", "side");

-- CreateIndex
CREATE INDEX "Step_status_deadlineAt_idx" ON "Step"("status", "deadlineAt");

-- CreateIndex
CREATE UNIQUE INDEX "Step_gameId_number_key" ON "Step"("gameId", "number");

-- CreateIndex
CREATE UNIQUE INDEX "Order_supersededById_key" ON "Order"("supersededById");

-- CreateIndex
CREATE INDEX "Order_stepId_seatId_idx" ON "Order"("stepId", "seatId");

-- CreateIndex
CREATE UNIQUE INDEX "Event_stepId_seq_key" ON "Event"("stepId", "seq");

-- CreateIndex
CREATE INDEX "AuditLog_gameId_at_idx" ON "AuditLog"("gameId", "at");

-- CreateIndex
CREATE UNIQUE INDEX "Outbox_messageId_key" ON "Outbox"("messageId");

-- CreateIndex
CREATE INDEX "Outbox_status_nextAttemptAt_idx" ON "Outbox"("status", "nextAttemptAt");

-- CreateIndex
CREATE UNIQUE INDEX "InboundMail_messageId_key" ON "InboundMail"("messageId");

-- CreateIndex
CREATE UNIQUE INDEX "Punctuality_seatId_stepId_key" ON "Punctuality"("seatId", "stepId");

-- AddForeignKey
ALTER TABLE "Seat" ADD CONSTRAINT "Seat_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Step" ADD CONSTRAINT "Step_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Order" ADD CONSTRAINT "Order_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Order" ADD CONSTRAINT "Order_stepId_fkey" FOREIGN KEY ("stepId") REFERENCES "Step"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Order" ADD CONSTRAINT "Order_seatId_fkey" FOREIGN KEY ("seatId") REFERENCES "Seat"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Order" ADD CONSTRAINT "Order_supersededById_fkey" FOREIGN KEY ("supersededById") REFERENCES "Order"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Event" ADD CONSTRAINT "Event_stepId_fkey" FOREIGN KEY ("stepId") REFERENCES "Step"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AuditLog" ADD CONSTRAINT "AuditLog_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Outbox" ADD CONSTRAINT "Outbox_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Absence" ADD CONSTRAINT "Absence_seatId_fkey" FOREIGN KEY ("seatId") REFERENCES "Seat"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Punctuality" ADD CONSTRAINT "Punctuality_seatId_fkey" FOREIGN KEY ("seatId") REFERENCES "Seat"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Webhook" ADD CONSTRAINT "Webhook_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game"("id") ON DELETE CASCADE ON UPDATE CASCADE;
