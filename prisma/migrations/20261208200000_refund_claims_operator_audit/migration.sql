-- Refund claims (issue 31 item 4) and the operator's audit log (item 6).
-- Dust the operator writes off (item 6).
ALTER TYPE "RefundStatus" ADD VALUE 'WRITTEN_OFF';

-- AlterTable
ALTER TABLE "refund" ADD COLUMN     "claimed_at" TIMESTAMPTZ(3),
ADD COLUMN     "claimed_by" TEXT,
ADD COLUMN     "refund_address" TEXT;

-- CreateTable
CREATE TABLE "refund_claim_link" (
    "id" UUID NOT NULL,
    "order_id" UUID NOT NULL,
    "token_hash" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "refund_claim_link_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "operator_audit" (
    "id" UUID NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "operator" TEXT NOT NULL,
    "token_id" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "target" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "detail" JSONB NOT NULL DEFAULT '{}',

    CONSTRAINT "operator_audit_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "refund_claim_link_token_hash_key" ON "refund_claim_link"("token_hash");

-- CreateIndex
CREATE INDEX "refund_claim_link_order_id_created_at_idx" ON "refund_claim_link"("order_id", "created_at");

-- CreateIndex
CREATE INDEX "operator_audit_at_idx" ON "operator_audit"("at");

-- CreateIndex
CREATE INDEX "operator_audit_target_idx" ON "operator_audit"("target");


-- The audit log is append-only: what the operator did is never changed or removed afterwards.
CREATE FUNCTION operator_audit_append_only() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'operator_audit is append-only';
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER operator_audit_append_only BEFORE UPDATE OR DELETE ON "operator_audit"
  FOR EACH ROW EXECUTE FUNCTION operator_audit_append_only();

-- Card disputes with their evidence due dates, for the operator (item 6).
CREATE TABLE "card_dispute" (
    "id" TEXT NOT NULL,
    "payment_id" UUID NOT NULL,
    "order_id" UUID NOT NULL,
    "amount_cents" INTEGER NOT NULL,
    "reason" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "due_by" TIMESTAMPTZ(3),
    "opened_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "closed_at" TIMESTAMPTZ(3),

    CONSTRAINT "card_dispute_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "card_dispute_closed_at_due_by_idx" ON "card_dispute"("closed_at", "due_by");
