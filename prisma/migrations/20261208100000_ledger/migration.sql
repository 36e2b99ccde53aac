-- The ledger (issue 31): every money movement, append-only; balances are derived from it.
-- CreateTable
CREATE TABLE "ledger_entry" (
    "id" UUID NOT NULL,
    "entry_key" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "decimals" INTEGER NOT NULL,
    "amount_atomic" DECIMAL(78,0) NOT NULL,
    "usd_cents" BIGINT,
    "partner_id" UUID,
    "order_id" UUID,
    "reference" TEXT NOT NULL,
    "occurred_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "transferred" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "ledger_entry_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ledger_entry_entry_key_key" ON "ledger_entry"("entry_key");

-- CreateIndex
CREATE INDEX "ledger_entry_partner_id_occurred_at_idx" ON "ledger_entry"("partner_id", "occurred_at");

-- CreateIndex
CREATE INDEX "ledger_entry_occurred_at_idx" ON "ledger_entry"("occurred_at");

-- CreateIndex
CREATE INDEX "ledger_entry_order_id_idx" ON "ledger_entry"("order_id");


-- Append-only in the database itself: a correction is a new row, never an edit.
CREATE FUNCTION "ledger_entry_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger_entry is append-only';
END;
$$;

CREATE TRIGGER "ledger_entry_append_only" BEFORE UPDATE OR DELETE ON "ledger_entry"
  FOR EACH ROW EXECUTE FUNCTION "ledger_entry_append_only"();
