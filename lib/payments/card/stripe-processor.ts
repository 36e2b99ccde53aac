import "server-only";
import type Stripe from "stripe";
import { config, type Config } from "@/lib/config";
import {
  CardProcessorError,
  type CardProcessor,
  type CardRefund,
  type CardSession,
  type EphemeralKey,
  type IntentStatus,
  type OpenSessionInput,
} from "./card-processor";

// The Stripe PaymentIntent flow of the design, through the official SDK: a Customer, an
// EphemeralKey (for the mobile PaymentSheet) and a PaymentIntent whose client secret the web
// Payment Element or PaymentSheet confirms. Every create carries an idempotency key derived from
// the purchase's checkoutId, so a retried purchase never makes a second charge.

// The SDK is loaded by the first call to Stripe, not at start: a server on the test processor, or
// one that has taken no card payment yet, does not hold it (about 6 MB of heap, of the 300 MB a
// server may take in all).
let sdk: typeof Stripe | undefined;

async function stripeSdk(): Promise<typeof Stripe> {
  return (sdk ??= (await import("stripe")).default);
}

const clients = new Map<string, Stripe>();

/** Calls to Stripe since the process started, and those that failed: no answer, 429 or 5xx (GET /metrics). */
export const stripeCalls = { total: 0, failed: 0 };

/** Node's HTTP client for the SDK, counting each call and its failure. */
function countingHttpClient(Sdk: typeof Stripe) {
  const base = Sdk.createNodeHttpClient();
  const counting = Object.create(base) as typeof base;
  counting.makeRequest = (...args: Parameters<typeof base.makeRequest>) => {
    stripeCalls.total++;
    return base.makeRequest(...args).then(
      (response) => {
        const status = response.getStatusCode();
        if (status === 429 || status >= 500) stripeCalls.failed++;
        return response;
      },
      (error: unknown) => {
        stripeCalls.failed++;
        throw error;
      },
    );
  };
  return counting;
}

export async function stripeClient(cfg: Config = config()): Promise<Stripe> {
  const key = cfg.STRIPE_SECRET_KEY;
  if (!key) throw new CardProcessorError("STRIPE_SECRET_KEY is not set.");
  const cacheKey = `${key}|${cfg.STRIPE_API_BASE ?? ""}|${cfg.STRIPE_TIMEOUT_MS}`;
  let client = clients.get(cacheKey);
  if (!client) {
    const Sdk = await stripeSdk();
    const base = cfg.STRIPE_API_BASE ? new URL(cfg.STRIPE_API_BASE) : undefined;
    client = new Sdk(key, {
      // Bounded: a Stripe that never answers fails the purchase (502, retryable with the same
      // checkoutId) after about 2 × STRIPE_TIMEOUT_MS, instead of the SDK default of 80 s.
      maxNetworkRetries: 1,
      timeout: cfg.STRIPE_TIMEOUT_MS,
      httpClient: countingHttpClient(Sdk),
      telemetry: false,
      ...(base && {
        host: base.hostname,
        port: Number(base.port || (base.protocol === "https:" ? 443 : 80)),
        protocol: base.protocol.replace(":", "") as "http" | "https",
      }),
    });
    clients.set(cacheKey, client);
  }
  return client;
}

async function ephemeralKeyFor(stripe: Stripe, customerId: string, idempotencyKey?: string): Promise<EphemeralKey> {
  const key = await stripe.ephemeralKeys.create(
    { customer: customerId },
    // Minted for the SDK's own pinned API version.
    { apiVersion: (await stripeSdk()).API_VERSION, ...(idempotencyKey && { idempotencyKey }) },
  );
  if (!key.secret) throw new CardProcessorError("Stripe returned an ephemeral key without its secret.");
  return { secret: key.secret, expiresAt: key.expires ? new Date(key.expires * 1000) : null };
}

/** Stripe's answer to a request that cannot apply to the intent's current state (already paid or cancelled). */
function isStateConflict(error: unknown): boolean {
  return sdk !== undefined && error instanceof sdk.errors.StripeInvalidRequestError;
}

/** The HTTP status of an error Stripe answered with, or undefined for any other error. */
export function stripeErrorStatus(error: unknown): number | undefined {
  return sdk !== undefined && error instanceof sdk.errors.StripeError ? error.statusCode : undefined;
}

export function createStripeProcessor(cfg: Config = config()): CardProcessor {
  const publishableKey = cfg.STRIPE_PUBLISHABLE_KEY ?? "";
  const retrieve = async (paymentIntentId: string) =>
    intentStatusOf(await (await stripeClient(cfg)).paymentIntents.retrieve(paymentIntentId));
  return {
    name: "stripe",
    publishableKey,

    async openSession(input: OpenSessionInput): Promise<CardSession> {
      const stripe = await stripeClient(cfg);
      const customer = await stripe.customers.create(
        { metadata: { orderId: input.orderId, ...(input.externalUserId && { externalUserId: input.externalUserId }) } },
        { idempotencyKey: `${input.checkoutId}:customer` },
      );
      const intent = await stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: input.currency,
          customer: customer.id,
          description: input.description,
          // Cards only: bank debits would sit in `processing` for days while the offer holds the
          // name for minutes (the checkout is a card form). `allowed_payment_method_types` is the
          // pinned API version's way to say so (`payment_method_types` is no longer writable).
          allowed_payment_method_types: ["card"],
          metadata: { orderId: input.orderId, checkoutId: input.checkoutId },
          ...(input.connectedAccountId && {
            transfer_data: { destination: input.connectedAccountId },
            ...(input.applicationFeeCents && { application_fee_amount: input.applicationFeeCents }),
          }),
        },
        { idempotencyKey: input.checkoutId },
      );
      if (!intent.client_secret)
        throw new CardProcessorError("Stripe returned a PaymentIntent without a client secret.");
      return {
        paymentIntentId: intent.id,
        clientSecret: intent.client_secret,
        customerId: customer.id,
        ephemeralKey: await ephemeralKeyFor(stripe, customer.id, `${input.checkoutId}:ephemeral-key`),
        publishableKey,
      };
    },

    async resumeSession({ paymentIntentId, customerId }) {
      const stripe = await stripeClient(cfg);
      const intent = await stripe.paymentIntents.retrieve(paymentIntentId);
      if (!intent.client_secret)
        throw new CardProcessorError("Stripe returned a PaymentIntent without a client secret.");
      return {
        paymentIntentId,
        clientSecret: intent.client_secret,
        customerId,
        ephemeralKey: await ephemeralKeyFor(stripe, customerId),
        publishableKey,
      };
    },

    newEphemeralKey: async (customerId) => ephemeralKeyFor(await stripeClient(cfg), customerId),

    retrieveIntent: retrieve,

    async cancelIntent(paymentIntentId) {
      try {
        return intentStatusOf(await (await stripeClient(cfg)).paymentIntents.cancel(paymentIntentId));
      } catch (error) {
        if (!isStateConflict(error)) throw error;
        // Already cancelled or already paid: Stripe refuses the cancel; its state says which.
        const status = await retrieve(paymentIntentId);
        if (status.state === "canceled" || status.state === "succeeded") return status;
        throw error;
      }
    },

    async refund(input) {
      const refund = await (
        await stripeClient(cfg)
      ).refunds.create(
        {
          payment_intent: input.paymentIntentId,
          amount: input.amountCents,
          ...(input.reverseTransfer && { reverse_transfer: true, refund_application_fee: true }),
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return refundOf(refund);
    },

    async processorFee(paymentIntentId) {
      // One call, the intent's charges with their balance transactions (the intent itself is not read again).
      const charges = await (
        await stripeClient(cfg)
      ).charges.list({
        payment_intent: paymentIntentId,
        expand: ["data.balance_transaction"],
        limit: 10,
      });
      const bt = charges.data.find((charge) => charge.status === "succeeded")?.balance_transaction;
      if (!bt || typeof bt === "string") return null;
      return { feeCents: bt.fee, currency: bt.currency.toUpperCase(), reference: bt.id };
    },

    async reverseTransfer({ paymentIntentId, amountCents, idempotencyKey }) {
      const stripe = await stripeClient(cfg);
      const intent = await stripe.paymentIntents.retrieve(paymentIntentId);
      const chargeId = typeof intent.latest_charge === "string" ? intent.latest_charge : intent.latest_charge?.id;
      if (!chargeId) return null;
      const charge = await stripe.charges.retrieve(chargeId);
      const transferId = typeof charge.transfer === "string" ? charge.transfer : charge.transfer?.id;
      if (!transferId) return null;
      const reversal = await stripe.transfers.createReversal(
        transferId,
        { amount: amountCents, metadata: { paymentIntentId } },
        { idempotencyKey },
      );
      return reversal.id;
    },

    async listRefunds(paymentIntentId) {
      // Charges no longer carry their refunds (not expanded since API version 2022-11-15): listed.
      const refunds: CardRefund[] = [];
      for await (const refund of (await stripeClient(cfg)).refunds.list({
        payment_intent: paymentIntentId,
        limit: 100,
      }))
        refunds.push(refundOf(refund));
      return refunds;
    },
  };
}

export function refundOf(refund: Stripe.Refund): CardRefund {
  return {
    refundId: refund.id,
    amountCents: refund.amount,
    status: refund.status ?? "pending",
    failureReason: refund.failure_reason ?? null,
    transferReversed: Boolean(refund.transfer_reversal),
  };
}

function intentStatusOf(intent: Stripe.PaymentIntent): IntentStatus {
  return {
    state:
      intent.status === "succeeded"
        ? "succeeded"
        : intent.status === "canceled"
          ? "canceled"
          : intent.status === "processing"
            ? "processing"
            : "pending",
    amountReceivedCents: intent.amount_received ?? 0,
    currency: intent.currency,
    lastError: intent.last_payment_error?.message ?? undefined,
  };
}

/** The verified event, or throws Stripe's signature error; `payload` must be the raw body. */
export async function verifyStripeEvent(
  payload: string,
  signature: string,
  cfg: Config = config(),
): Promise<Stripe.Event> {
  if (!cfg.STRIPE_WEBHOOK_SECRET) throw new CardProcessorError("STRIPE_WEBHOOK_SECRET is not set.");
  return (await stripeClient(cfg)).webhooks.constructEvent(payload, signature, cfg.STRIPE_WEBHOOK_SECRET);
}

/** A movement of the platform's Stripe balance, as the ledger check compares it. */
export interface BalanceMovement {
  id: string;
  /** Stripe's reporting category: `charge`, `refund`, `dispute`, `transfer`, `fee`, … */
  category: string;
  /** Upper-case ISO 4217. */
  currency: string;
  /** Signed, in the currency's smallest unit. */
  amount: number;
  fee: number;
}

/** Every balance transaction created in [from, to), oldest pages first as Stripe lists them. */
export async function listBalanceMovements(from: Date, to: Date, cfg: Config = config()): Promise<BalanceMovement[]> {
  const movements: BalanceMovement[] = [];
  const created = { gte: Math.floor(from.getTime() / 1000), lt: Math.ceil(to.getTime() / 1000) };
  for await (const bt of (await stripeClient(cfg)).balanceTransactions.list({ created, limit: 100 }))
    movements.push({
      id: bt.id,
      category: bt.reporting_category,
      currency: bt.currency.toUpperCase(),
      amount: bt.amount,
      fee: bt.fee,
    });
  return movements;
}
