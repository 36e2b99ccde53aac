import "server-only";
import { randomBytes } from "node:crypto";
import { db } from "@/lib/db";
import { first, run, sql, sqlBuilder } from "@/lib/db/sql";
import {
  CardProcessorError,
  type CardProcessor,
  type CardSession,
  type IntentStatus,
  type OpenSessionInput,
} from "./card-processor";

// The built-in card processor used when no Stripe keys are set: PaymentIntent-like rows in the
// database (TestPaymentIntent), paid through POST /api/test-processor/pay by the test checkout.

const TEST_PUBLISHABLE_KEY = "pk_test_builtin_processor";

const token = (prefix: string, bytes = 12) => `${prefix}${randomBytes(bytes).toString("hex")}`;

const SESSION_COLUMNS = ["id", "client_secret", "customer_id", "metadata"] as const;

type IntentRow = { id: string; clientSecret: string; customerId: string; metadata: unknown };

interface TestRefund {
  id: string;
  amount: number;
  idempotencyKey: string;
}

interface TestMetadata {
  orderId?: string;
  ephemeralKey?: string;
  lastError?: string;
  refunds?: TestRefund[];
}

function sessionOf(row: IntentRow): CardSession {
  const metadata = (row.metadata ?? {}) as TestMetadata;
  return {
    paymentIntentId: row.id,
    clientSecret: row.clientSecret,
    customerId: row.customerId,
    // The test processor's keys never expire, so a replayed purchase always gets the same one.
    ephemeralKey: { secret: metadata.ephemeralKey ?? "", expiresAt: null },
    publishableKey: TEST_PUBLISHABLE_KEY,
  };
}

async function statusOf(paymentIntentId: string): Promise<IntentStatus> {
  const row = await db().testPaymentIntent.findUniqueOrThrow({ where: { id: paymentIntentId } });
  const metadata = (row.metadata ?? {}) as TestMetadata;
  return {
    state: row.status === "succeeded" ? "succeeded" : row.status === "canceled" ? "canceled" : "pending",
    amountReceivedCents: row.status === "succeeded" ? row.amount : 0,
    currency: row.currency,
    lastError: metadata.lastError,
  };
}

export const testCardProcessor: CardProcessor = {
  name: "test",
  publishableKey: TEST_PUBLISHABLE_KEY,

  async openSession(input: OpenSessionInput) {
    const id = token("pi_test_");
    // The idempotency key is unique: a retried purchase gets the intent created the first time.
    // When two replays race, the loser's insert waits for the winner's commit and does nothing;
    // its statement cannot see that row (its snapshot is older), so it reads it again.
    const metadata = { orderId: input.orderId, ephemeralKey: token("ek_test_", 16), description: input.description };
    const now = new Date();
    const [created] = await run(
      sqlBuilder
        .with("inserted", (q) =>
          q
            .insertInto("test_payment_intent")
            .values({
              id,
              client_secret: `${id}_secret_${randomBytes(12).toString("hex")}`,
              customer_id: token("cus_test_", 8),
              amount: input.amountCents,
              currency: input.currency,
              status: sql.lit("requires_payment_method"),
              connected_account_id: input.connectedAccountId ?? null,
              idempotency_key: input.checkoutId,
              metadata: sql`${JSON.stringify(metadata)}::jsonb`,
              created_at: now,
              updated_at: now,
            })
            .onConflict((oc) => oc.column("idempotency_key").doNothing())
            .returning(SESSION_COLUMNS),
        )
        .selectFrom("inserted")
        .selectAll()
        .unionAll((q) =>
          q
            .selectFrom("test_payment_intent")
            .select(SESSION_COLUMNS)
            .where("idempotency_key", "=", input.checkoutId)
            .where((eb) => eb.not(eb.exists(eb.selectFrom("inserted").select(sql.lit(1).as("one"))))),
        ),
    );
    const row =
      created ??
      (await first(
        sqlBuilder
          .selectFrom("test_payment_intent")
          .select(SESSION_COLUMNS)
          .where("idempotency_key", "=", input.checkoutId),
      ))!;
    return sessionOf({
      id: row.id,
      clientSecret: row.client_secret,
      customerId: row.customer_id,
      metadata: row.metadata,
    });
  },

  async resumeSession({ paymentIntentId }) {
    const row = await db().testPaymentIntent.findUniqueOrThrow({ where: { id: paymentIntentId } });
    return sessionOf(row);
  },

  async newEphemeralKey() {
    return { secret: token("ek_test_", 16), expiresAt: null };
  },

  retrieveIntent: statusOf,

  async cancelIntent(paymentIntentId) {
    await db().testPaymentIntent.updateMany({
      where: { id: paymentIntentId, status: { not: "succeeded" } },
      data: { status: "canceled" },
    });
    return statusOf(paymentIntentId);
  },

  async refund(input) {
    return db().$transaction(async (tx) => {
      // Serialized per intent, so two calls with one idempotency key refund once.
      await run(
        sqlBuilder
          .selectFrom("test_payment_intent")
          .select(sql.lit(1).as("one"))
          .where("id", "=", input.paymentIntentId)
          .forUpdate(),
        tx,
      );
      const row = await tx.testPaymentIntent.findUniqueOrThrow({ where: { id: input.paymentIntentId } });
      const metadata = (row.metadata ?? {}) as TestMetadata;
      const refunds = metadata.refunds ?? [];
      const same = refunds.find((r) => r.idempotencyKey === input.idempotencyKey);
      if (same) return { refundId: same.id, amountCents: same.amount, status: "succeeded" };
      const refunded = refunds.reduce((sum, r) => sum + r.amount, 0);
      if (row.status !== "succeeded" || refunded + input.amountCents > row.amount)
        throw new CardProcessorError(`Test payment ${row.id} has no ${input.amountCents} cents left to refund.`);
      const refund = { id: token("re_test_"), amount: input.amountCents, idempotencyKey: input.idempotencyKey };
      await tx.testPaymentIntent.update({
        where: { id: row.id },
        data: { metadata: { ...metadata, refunds: [...refunds, refund] } as object },
      });
      return { refundId: refund.id, amountCents: refund.amount, status: "succeeded" };
    });
  },

  async listRefunds(paymentIntentId) {
    const row = await db().testPaymentIntent.findUnique({ where: { id: paymentIntentId } });
    const refunds = ((row?.metadata ?? {}) as TestMetadata).refunds ?? [];
    return refunds.map((r) => ({ refundId: r.id, amountCents: r.amount, status: "succeeded" }));
  },
};
