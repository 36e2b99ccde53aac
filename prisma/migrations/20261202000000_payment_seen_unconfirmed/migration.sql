-- Payments seen before they confirm (issue 29, item 2): what the watcher sees unconfirmed on a
-- deposit address, and until when a full payment seen before the offer expired keeps the order's hold.
ALTER TABLE "payment" ADD COLUMN     "unconfirmed_amount" TEXT NOT NULL DEFAULT '0',
ADD COLUMN     "unconfirmed_confirmations" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "confirmations_required" INTEGER,
ADD COLUMN     "unconfirmed_since" TIMESTAMPTZ(3),
ADD COLUMN     "in_flight_until" TIMESTAMPTZ(3);
