-- AlterTable
ALTER TABLE "payment" ADD COLUMN     "address_reuse" TEXT;

-- AlterTable
ALTER TABLE "crypto_transfer" ADD COLUMN     "block_hash" TEXT;

-- AlterTable
ALTER TABLE "chain_cursor" ADD COLUMN     "block_hash" TEXT,
ADD COLUMN     "block_time" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "reversed_transfer" (
    "id" UUID NOT NULL,
    "payment_id" UUID NOT NULL,
    "order_id" UUID NOT NULL,
    "chain" TEXT NOT NULL,
    "tx_hash" TEXT NOT NULL,
    "log_index" INTEGER NOT NULL,
    "block_number" BIGINT NOT NULL,
    "block_hash" TEXT,
    "amount" TEXT NOT NULL,
    "credited_at" TIMESTAMPTZ(3) NOT NULL,
    "reversed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "outcome" TEXT,
    "handled_at" TIMESTAMPTZ(3),
    "resolved_at" TIMESTAMPTZ(3),

    CONSTRAINT "reversed_transfer_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "free_derivation_index" (
    "key" TEXT NOT NULL,
    "derivation_index" INTEGER NOT NULL,
    "payment_id" UUID NOT NULL,
    "released_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "free_derivation_index_pkey" PRIMARY KEY ("key","derivation_index")
);

-- CreateTable
CREATE TABLE "chain_block" (
    "chain" TEXT NOT NULL,
    "number" BIGINT NOT NULL,
    "hash" TEXT NOT NULL,
    "time" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "chain_block_pkey" PRIMARY KEY ("chain","number")
);

-- CreateIndex
CREATE INDEX "reversed_transfer_payment_id_idx" ON "reversed_transfer"("payment_id");

-- CreateIndex
CREATE INDEX "reversed_transfer_outcome_resolved_at_idx" ON "reversed_transfer"("outcome", "resolved_at");

-- CreateIndex
CREATE INDEX "payment_chain_expires_at_idx" ON "payment"("chain", "expires_at");

-- CreateIndex
CREATE INDEX "crypto_transfer_chain_block_number_idx" ON "crypto_transfer"("chain", "block_number");

-- AddForeignKey
ALTER TABLE "reversed_transfer" ADD CONSTRAINT "reversed_transfer_payment_id_fkey" FOREIGN KEY ("payment_id") REFERENCES "payment"("id") ON DELETE CASCADE ON UPDATE CASCADE;

