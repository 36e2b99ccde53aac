import "server-only";

// What the marketplace needs from a card processor: a PaymentIntent-style session the client pays
// with (Stripe's Payment Element / PaymentSheet, or the built-in test checkout), and its status.

export interface OpenSessionInput {
  /** The purchase's idempotency key: a retried call returns the same intent. */
  checkoutId: string;
  orderId: string;
  amountCents: number;
  /** ISO 4217, lower case ("usd"). */
  currency: string;
  /** Connected account that receives the funds (destination charge). */
  connectedAccountId?: string | null;
  externalUserId?: string | null;
  description: string;
}

export interface CardSession {
  paymentIntentId: string;
  clientSecret: string;
  customerId: string;
  ephemeralKey: string;
  publishableKey: string;
}

export type IntentState = "pending" | "succeeded" | "canceled";

export interface IntentStatus {
  state: IntentState;
  amountReceivedCents: number;
  currency: string;
  /** Message of the last declined attempt, if any. */
  lastError?: string;
}

export interface CardProcessor {
  /** Stored on Payment.processor: `test` or `stripe`. */
  readonly name: "test" | "stripe";
  openSession(input: OpenSessionInput): Promise<CardSession>;
  /** The session of an intent created before (an idempotent replay of the purchase). */
  resumeSession(input: { paymentIntentId: string; customerId: string; checkoutId: string }): Promise<CardSession>;
  retrieveIntent(paymentIntentId: string): Promise<IntentStatus>;
  /** Best effort: an offer that ran out should not be payable any more. */
  cancelIntent(paymentIntentId: string): Promise<void>;
}

export class CardProcessorError extends Error {}
