-- The exchange rate each crypto offer was priced at, with its source and age (issue 31, live rates).
ALTER TABLE "payment" ADD COLUMN "usd_per_unit" TEXT;
ALTER TABLE "payment" ADD COLUMN "rate_source" TEXT;
ALTER TABLE "payment" ADD COLUMN "rate_fetched_at" TIMESTAMPTZ(3);
