import "server-only";
import { config, stripeConfigured } from "@/lib/config";
import type { CardProcessor } from "./card-processor";
import { createStripeProcessor } from "./stripe-processor";
import { testCardProcessor } from "./test-processor";

// Test and live never mix: with Stripe configured, the built-in test processor takes no payment
// and completes no order, including orders it started before a restart with the keys.

/** Stripe when its three keys are set, the built-in test processor otherwise. */
export function configuredCardProcessor(): CardProcessor {
  const cfg = config();
  return stripeConfigured(cfg) ? createStripeProcessor(cfg) : testCardProcessor;
}

/** True when money reported by this processor (`test`, `stripe`, `evm`, `bitcoin`) may pay for an order now. */
export function acceptsPaymentsFrom(processor: string): boolean {
  if (processor === "test") return !stripeConfigured();
  if (processor === "stripe") return stripeConfigured();
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
  if (name === "stripe" && stripeConfigured()) return createStripeProcessor(config());
  return undefined;
}
