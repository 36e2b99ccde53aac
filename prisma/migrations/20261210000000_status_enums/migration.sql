-- The statuses the service owns become enums (issue 35): a misspelt status is refused by the
-- database and by tsc. Existing rows convert in place; a value outside the enum fails the
-- migration instead of being guessed at. Stripe's own words (card_dispute.status,
-- refund.processor_status) stay text: Stripe adds values, and a new one must not fail a webhook.
-- No function or trigger writes these columns (record_partner_event inserts deliveries with the
-- column's default, which stays 'pending'), so none is re-created.

CREATE TYPE "PaymentStatus" AS ENUM ('pending', 'unpaid', 'underpaid', 'paid', 'overpaid', 'creating', 'requires_payment_method', 'processing', 'succeeded', 'mismatched', 'canceled');

CREATE TYPE "TestIntentStatus" AS ENUM ('requires_payment_method', 'succeeded', 'canceled');

CREATE TYPE "WebhookDeliveryStatus" AS ENUM ('pending', 'delivered', 'failed');

ALTER TABLE "payment" ALTER COLUMN "status" DROP DEFAULT,
  ALTER COLUMN "status" TYPE "PaymentStatus" USING "status"::"PaymentStatus",
  ALTER COLUMN "status" SET DEFAULT 'pending';

ALTER TABLE "test_payment_intent"
  ALTER COLUMN "status" TYPE "TestIntentStatus" USING "status"::"TestIntentStatus";

ALTER TABLE "webhook_delivery" ALTER COLUMN "status" DROP DEFAULT,
  ALTER COLUMN "status" TYPE "WebhookDeliveryStatus" USING "status"::"WebhookDeliveryStatus",
  ALTER COLUMN "status" SET DEFAULT 'pending';
