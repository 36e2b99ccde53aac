-- Unpaid orders are bounded by who created them: the client address, or the partner whose access
-- token the purchase or renewal carried (lib/market/unpaid-holds.ts).
ALTER TABLE "order" ADD COLUMN     "creator_partner_id" UUID;

CREATE INDEX "order_creator_partner_id_order_status_idx" ON "order"("creator_partner_id", "order_status");
