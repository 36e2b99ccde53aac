-- Deposit addresses are never handed out again (issue 29, item 11): indices that orders which expired
-- unpaid had given back are taken out of the pool (an offer never written keeps its own), and money
-- found on a finished address beyond what was credited is listed for the operator.
DELETE FROM "free_derivation_index" f WHERE EXISTS (SELECT 1 FROM "payment" p WHERE p."id" = f."payment_id");

-- CreateTable
CREATE TABLE "unattributed_deposit" (
    "id" UUID NOT NULL,
    "payment_id" UUID NOT NULL,
    "order_id" UUID NOT NULL,
    "chain" TEXT NOT NULL,
    "deposit_address" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "decimals" INTEGER NOT NULL,
    "amount_atomic" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "found_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "resolved_at" TIMESTAMPTZ(3),

    CONSTRAINT "unattributed_deposit_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "unattributed_deposit_resolved_at_found_at_idx" ON "unattributed_deposit"("resolved_at", "found_at");

