-- Vacations: declared once by an address for every game it plays, and the absence of each game made from one.
CREATE TABLE "Vacation" (
    "id" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "startsAt" TIMESTAMP(3) NOT NULL,
    "endsAt" TIMESTAMP(3) NOT NULL,
    "outcome" JSONB NOT NULL DEFAULT '[]',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "cancelledAt" TIMESTAMP(3),
    "inboundId" TEXT,

    CONSTRAINT "Vacation_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "Vacation_inboundId_key" ON "Vacation"("inboundId");

CREATE INDEX "Vacation_address_endsAt_idx" ON "Vacation"("address", "endsAt");

ALTER TABLE "Absence" ADD COLUMN "vacationId" TEXT;

CREATE INDEX "Absence_vacationId_idx" ON "Absence"("vacationId");

ALTER TABLE "Absence" ADD CONSTRAINT "Absence_vacationId_fkey" FOREIGN KEY ("vacationId") REFERENCES "Vacation"("id") ON DELETE SET NULL ON UPDATE CASCADE;
