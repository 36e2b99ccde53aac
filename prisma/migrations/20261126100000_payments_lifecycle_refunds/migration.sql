-- CreateEnum
CREATE TYPE "RefundStatus" AS ENUM ('DUE', 'PAID');

-- AlterEnum
ALTER TYPE "OrderStatus" ADD VALUE 'REFUNDED';

-- AlterTable
ALTER TABLE "partner" ADD COLUMN     "payout_account_id" TEXT;

-- AlterTable
ALTER TABLE "domain" ADD COLUMN     "suspended_at" TIMESTAMPTZ(3),
ADD COLUMN     "suspended_reason" TEXT;

-- AlterTable
ALTER TABLE "order" ADD COLUMN     "client_address" TEXT;

-- AlterTable
ALTER TABLE "payment" ADD COLUMN     "cancel_due" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "processor_checked_at" TIMESTAMPTZ(3),
ADD COLUMN     "processor_client_secret" TEXT,
ADD COLUMN     "processor_ephemeral_key" TEXT,
ADD COLUMN     "processor_ephemeral_key_expires_at" TIMESTAMPTZ(3),
ADD COLUMN     "settlement_due" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "crypto_transfer" ADD COLUMN     "from_address" TEXT;

-- CreateTable
CREATE TABLE "refund" (
    "id" UUID NOT NULL,
    "order_id" UUID NOT NULL,
    "payment_id" UUID NOT NULL,
    "partner_id" UUID,
    "method" TEXT NOT NULL,
    "status" "RefundStatus" NOT NULL DEFAULT 'DUE',
    "reason" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "decimals" INTEGER NOT NULL,
    "amount_atomic" TEXT NOT NULL,
    "chain" TEXT,
    "sender_address" TEXT,
    "open_for" UUID,
    "processor_refund_id" TEXT,
    "payout_reference" TEXT,
    "paid_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "refund_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "refund_open_for_key" ON "refund"("open_for");

-- CreateIndex
CREATE UNIQUE INDEX "refund_processor_refund_id_key" ON "refund"("processor_refund_id");

-- CreateIndex
CREATE INDEX "refund_partner_id_created_at_idx" ON "refund"("partner_id", "created_at");

-- CreateIndex
CREATE INDEX "refund_status_method_idx" ON "refund"("status", "method");

-- CreateIndex
CREATE INDEX "refund_order_id_idx" ON "refund"("order_id");

-- CreateIndex
CREATE INDEX "order_client_address_order_status_idx" ON "order"("client_address", "order_status");

-- CreateIndex
CREATE INDEX "order_owner_address_order_status_idx" ON "order"("owner_address", "order_status");

-- CreateIndex
CREATE INDEX "payment_settlement_due_idx" ON "payment"("settlement_due");

-- CreateIndex
CREATE INDEX "payment_cancel_due_idx" ON "payment"("cancel_due");

-- AddForeignKey
ALTER TABLE "refund" ADD CONSTRAINT "refund_payment_id_fkey" FOREIGN KEY ("payment_id") REFERENCES "payment"("id") ON DELETE CASCADE ON UPDATE CASCADE;

