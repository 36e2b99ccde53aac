-- A crypto payment arriving after its offer expired is valued at the rate of its arrival (issue 31).
ALTER TABLE "payment" ADD COLUMN "arrival_usd_per_unit" TEXT,
ADD COLUMN "arrival_rate_source" TEXT,
ADD COLUMN "arrival_amount_due" TEXT;
