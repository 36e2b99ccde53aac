-- Issue 29 items 8 to 10: a card refund is PAID only once the processor says it succeeded (its
-- word kept in processor_status), a failed one is FAILED; a crypto refund whose payout the
-- operator started is PAYING, frozen (later money becomes a new refund).
ALTER TYPE "RefundStatus" ADD VALUE 'PAYING';
ALTER TYPE "RefundStatus" ADD VALUE 'FAILED';

ALTER TABLE "refund" ADD COLUMN     "payout_started_at" TIMESTAMPTZ(3),
ADD COLUMN     "processor_status" TEXT;
