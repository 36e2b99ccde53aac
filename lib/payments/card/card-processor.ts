import "server-only";

// What the marketplace needs from a card processor: a PaymentIntent-style session the client pays
// with (Stripe's Payment Element / PaymentSheet, or the built-in test checkout), its status, its
// cancellation and its refund.

export interface OpenSessionInput {
  /** The purchase's idempotency key: a retried call returns the same intent. */
  checkoutId: string;
  orderId: string;
  amountCents: number;
  /** ISO 4217, lower case ("usd"). */
  currency: string;
  /** Connected account that receives the funds (destination charge), decided by the server. */
  connectedAccountId?: string | null;
  /** With a connected account: what the platform keeps of the charge (application_fee_amount). */
  applicationFeeCents?: number | null;
  externalUserId?: string | null;
  description: string;
}

export interface EphemeralKey {
  secret: string;
  /** When the processor stops accepting it; null when it does not expire. */
  expiresAt: Date | null;
}

export interface CardSession {
  paymentIntentId: string;
  clientSecret: string;
  customerId: string;
  ephemeralKey: EphemeralKey;
  publishableKey: string;
}

/** `pending`: can still be paid (a declined attempt included); `processing`: a payment is under way. */
export type IntentState = "pending" | "processing" | "succeeded" | "canceled";

export interface IntentStatus {
  state: IntentState;
  amountReceivedCents: number;
  currency: string;
  /** Message of the last declined attempt, if any. */
  lastError?: string;
}

export interface RefundInput {
  paymentIntentId: string;
  amountCents: number;
  /**
   * A destination charge: the transfer to the connected account is reversed with the refund, and
   * the platform's application fee refunded in proportion.
   */
  reverseTransfer: boolean;
  /** The same key returns the same refund, so a retried request never refunds twice. */
  idempotencyKey: string;
}

export interface CardRefund {
  refundId: string;
  amountCents: number;
  /** The processor's own word: pending, succeeded, failed, canceled, requires_action. */
  status: string;
  failureReason?: string | null;
  /**
   * On a destination charge: whether the refund took the partner's part back from its connected
   * account (Stripe's `transfer_reversal`). A refund made in Stripe's dashboard without "reverse
   * transfer" leaves it there, and the platform pays the whole refund. Unknown: taken back.
   */
  transferReversed?: boolean;
}

export interface CardProcessor {
  /** Stored on Payment.processor: `test` or `stripe`. */
  readonly name: "test" | "stripe";
  readonly publishableKey: string;
  openSession(input: OpenSessionInput): Promise<CardSession>;
  /** The session of an intent created before, for a payment stored without one. */
  resumeSession(input: { paymentIntentId: string; customerId: string }): Promise<CardSession>;
  /** A fresh ephemeral key for the customer, when the stored one has expired. */
  newEphemeralKey(customerId: string): Promise<EphemeralKey>;
  retrieveIntent(paymentIntentId: string): Promise<IntentStatus>;
  /** Cancels the intent and answers its state afterwards (succeeded when it was paid first); throws when unsure. */
  cancelIntent(paymentIntentId: string): Promise<IntentStatus>;
  refund(input: RefundInput): Promise<CardRefund>;
  /** Every refund of the intent's charge, whoever made it (ours, or one made in the processor's dashboard). */
  listRefunds(paymentIntentId: string): Promise<CardRefund[]>;
  /**
   * Takes `amountCents` back from the connected account a destination charge transferred to (a
   * lost dispute is debited from the platform); the same key makes one reversal. Answers its id,
   * or null when the charge made no transfer. Processors without connected accounts lack it.
   */
  /**
   * What the processor charged the platform for the intent's charge (Stripe: the fee of the
   * charge's balance transaction); null while it does not say yet. Processors without fees lack it.
   */
  processorFee?(paymentIntentId: string): Promise<{ feeCents: number; currency: string; reference: string } | null>;
  reverseTransfer?(input: {
    paymentIntentId: string;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<string | null>;
}

export class CardProcessorError extends Error {}
