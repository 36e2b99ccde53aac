import "server-only";
import { ApiError } from "@/lib/contract/errors";
import { cardPaymentMode, config } from "@/lib/config";
import type { CardProcessor } from "./card-processor";
import { createStripeProcessor } from "./stripe-processor";
import { testCardProcessor } from "./test-processor";

// Test and live never mix: with Stripe configured, the built-in test processor takes no payment
// and completes no order, including orders it started before a restart with the keys. With live
// payment settings and no Stripe, nobody takes cards (lib/config cardPaymentMode).

const CARD_PAYMENTS_OFF =
  "Card payments are not configured on this server: its operator must set STRIPE_SECRET_KEY, " +
  "STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET. Pay with crypto instead.";

/** Stripe when its three keys are set, the test processor when it may run; 503 otherwise. */
export function configuredCardProcessor(): CardProcessor {
  const mode = cardPaymentMode();
  if (mode === "stripe") return createStripeProcessor(config());
  if (mode === "test") return testCardProcessor;
  throw new ApiError(503, "paymentMethod", CARD_PAYMENTS_OFF);
}

/** True when money reported by this processor (`test`, `stripe`, `evm`, `bitcoin`) may pay for an order now. */
export function acceptsPaymentsFrom(processor: string): boolean {
  if (processor === "test") return cardPaymentMode() === "test";
  if (processor === "stripe") return cardPaymentMode() === "stripe";
  return true;
}

/** The processor of a stored payment, for taking it: undefined when it may not take payments now. */
export function cardProcessorNamed(name: string): CardProcessor | undefined {
  if (!acceptsPaymentsFrom(name)) return undefined;
  if (name === "test") return testCardProcessor;
  if (name === "stripe") return createStripeProcessor(config());
  return undefined;
}

/**
 * The processor of a stored payment, for undoing it (cancel, refund): a test intent is cancelled
 * or refunded in the test tables even after Stripe was configured.
 */
export function cardProcessorForUndo(name: string): CardProcessor | undefined {
  if (name === "test") return testCardProcessor;
  if (name === "stripe" && cardPaymentMode() === "stripe") return createStripeProcessor(config());
  return undefined;
}
