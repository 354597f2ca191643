-- Requests for a practice game against the computer, created only when the mailed link is confirmed (once).
CREATE TABLE "PracticeRequest" (
    "id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT,
    "locale" TEXT NOT NULL DEFAULT 'en',
    "game" TEXT NOT NULL,
    "mode" TEXT NOT NULL,
    "side" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "confirmedAt" TIMESTAMP(3),
    "gameId" TEXT,

    CONSTRAINT "PracticeRequest_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "PracticeRequest_email_createdAt_idx" ON "PracticeRequest"("email", "createdAt");
