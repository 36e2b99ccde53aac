import "server-only";
import { config, stripeConfigured } from "@/lib/config";
import type { CardProcessor } from "./card-processor";
import { createStripeProcessor } from "./stripe-processor";
import { testCardProcessor } from "./test-processor";

/** Stripe when its three keys are set, the built-in test processor otherwise. */
export function configuredCardProcessor(): CardProcessor {
  const cfg = config();
  return stripeConfigured(cfg) ? createStripeProcessor(cfg) : testCardProcessor;
}

/** The processor that created a stored payment (`test` or `stripe`), whatever is configured now. */
export function cardProcessorNamed(name: string): CardProcessor | undefined {
  if (name === "test") return testCardProcessor;
  if (name === "stripe" && stripeConfigured()) return createStripeProcessor(config());
  return undefined;
}
