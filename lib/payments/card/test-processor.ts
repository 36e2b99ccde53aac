import "server-only";
import { randomBytes } from "node:crypto";
import { db } from "@/lib/db";
import type { CardProcessor, CardSession, IntentStatus, OpenSessionInput } from "./card-processor";

// The built-in card processor used when no Stripe keys are set: PaymentIntent-like rows in the
// database (TestPaymentIntent), paid through POST /api/test-processor/pay by the test checkout.

export const TEST_PUBLISHABLE_KEY = "pk_test_builtin_processor";

const token = (prefix: string, bytes = 12) => `${prefix}${randomBytes(bytes).toString("hex")}`;

type IntentRow = { id: string; clientSecret: string; customerId: string; metadata: unknown };

function sessionOf(row: IntentRow): CardSession {
  const metadata = (row.metadata ?? {}) as { ephemeralKey?: string };
  return {
    paymentIntentId: row.id,
    clientSecret: row.clientSecret,
    customerId: row.customerId,
    ephemeralKey: metadata.ephemeralKey ?? "",
    publishableKey: TEST_PUBLISHABLE_KEY,
  };
}

export const testCardProcessor: CardProcessor = {
  name: "test",

  async openSession(input: OpenSessionInput) {
    const id = token("pi_test_");
    // The idempotency key is unique: a retried purchase gets the intent created the first time.
    const row = await db().testPaymentIntent.upsert({
      where: { idempotencyKey: input.checkoutId },
      update: {},
      create: {
        id,
        clientSecret: `${id}_secret_${randomBytes(12).toString("hex")}`,
        customerId: token("cus_test_", 8),
        amount: input.amountCents,
        currency: input.currency,
        status: "requires_payment_method",
        connectedAccountId: input.connectedAccountId ?? null,
        idempotencyKey: input.checkoutId,
        metadata: { orderId: input.orderId, ephemeralKey: token("ek_test_", 16), description: input.description },
      },
    });
    return sessionOf(row);
  },

  async resumeSession({ paymentIntentId }) {
    const row = await db().testPaymentIntent.findUniqueOrThrow({ where: { id: paymentIntentId } });
    return sessionOf(row);
  },

  async retrieveIntent(paymentIntentId): Promise<IntentStatus> {
    const row = await db().testPaymentIntent.findUniqueOrThrow({ where: { id: paymentIntentId } });
    const metadata = (row.metadata ?? {}) as { lastError?: string };
    return {
      state: row.status === "succeeded" ? "succeeded" : row.status === "canceled" ? "canceled" : "pending",
      amountReceivedCents: row.status === "succeeded" ? row.amount : 0,
      currency: row.currency,
      lastError: metadata.lastError,
    };
  },

  async cancelIntent(paymentIntentId) {
    await db().testPaymentIntent.updateMany({
      where: { id: paymentIntentId, status: { not: "succeeded" } },
      data: { status: "canceled" },
    });
  },
};
