-- Bounces (docs/email.md, "Bounces"): every outbox row gets a random bounce token, written into its envelope sender
-- (bounces+<token>@MAIL_DOMAIN), so a delivery-status notification names the row, its address and its game without
-- the token being guessable. Existing rows get a token of their own (the default is evaluated per row).
ALTER TYPE "OutboxStatus" ADD VALUE IF NOT EXISTS 'suppressed';

ALTER TABLE "Outbox" ADD COLUMN "bounceToken" TEXT NOT NULL DEFAULT replace(gen_random_uuid()::text, '-', '');
CREATE UNIQUE INDEX "Outbox_bounceToken_key" ON "Outbox"("bounceToken");

-- The delivery state of an address (lower-case): "ok" (no row, or reset), "bouncing" after a hard bounce,
-- "suppressed" after repeated hard bounces (nothing but moderator mail is sent to it until the player confirms or
-- changes the address). Soft bounces are counted in a row, and enough of them count as one hard bounce.
CREATE TABLE "MailAddress" (
    "address" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'ok',
    "since" TIMESTAMP(3),
    "reason" TEXT,
    "hardBounces" INTEGER NOT NULL DEFAULT 0,
    "softBounces" INTEGER NOT NULL DEFAULT 0,
    "lastInboundId" TEXT,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MailAddress_pkey" PRIMARY KEY ("address")
);
