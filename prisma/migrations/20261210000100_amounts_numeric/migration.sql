-- Amounts stored as decimal text become numeric (issue 35), like ledger_entry.amount_atomic:
-- integers in the smallest unit as numeric(78, 0) (a uint256 has 78 digits), USD rates as plain
-- numeric (they have a fraction). Rows convert in place with their digits kept; text that is not
-- a number fails the migration instead of being guessed at. SQL that cast these columns to
-- numeric no longer needs to, and no function or trigger reads them.

ALTER TABLE "payment"
  ALTER COLUMN "amount_due" TYPE DECIMAL(78,0) USING "amount_due"::numeric,
  ALTER COLUMN "amount_received" DROP DEFAULT,
  ALTER COLUMN "amount_received" TYPE DECIMAL(78,0) USING "amount_received"::numeric,
  ALTER COLUMN "amount_received" SET DEFAULT 0,
  ALTER COLUMN "unconfirmed_amount" DROP DEFAULT,
  ALTER COLUMN "unconfirmed_amount" TYPE DECIMAL(78,0) USING "unconfirmed_amount"::numeric,
  ALTER COLUMN "unconfirmed_amount" SET DEFAULT 0,
  ALTER COLUMN "arrival_amount_due" TYPE DECIMAL(78,0) USING "arrival_amount_due"::numeric,
  ALTER COLUMN "usd_per_unit" TYPE DECIMAL USING "usd_per_unit"::numeric,
  ALTER COLUMN "arrival_usd_per_unit" TYPE DECIMAL USING "arrival_usd_per_unit"::numeric;

ALTER TABLE "crypto_transfer" ALTER COLUMN "amount" TYPE DECIMAL(78,0) USING "amount"::numeric;

ALTER TABLE "reversed_transfer" ALTER COLUMN "amount" TYPE DECIMAL(78,0) USING "amount"::numeric;

ALTER TABLE "refund" ALTER COLUMN "amount_atomic" TYPE DECIMAL(78,0) USING "amount_atomic"::numeric;

ALTER TABLE "unattributed_deposit" ALTER COLUMN "amount_atomic" TYPE DECIMAL(78,0) USING "amount_atomic"::numeric;
