import "server-only";
import type { TestIntentStatus } from "@prisma/client";
import { z } from "zod";
import { conflict, notFound } from "@/lib/contract/errors";
import { cardPaymentMode } from "@/lib/config";
import { db } from "@/lib/db";
import { first, run, sql, sqlBuilder } from "@/lib/db/sql";
import { onCardPaymentDeclined, onCardPaymentSucceeded } from "@/lib/market/card-payment-events";
import { orderStatusOf } from "@/lib/market/order-rows";
import { luhnValid, normalizeCardNumber, outcomeOfTestCard } from "@/lib/payments/card/test-cards";

// POST /api/test-processor/pay: the test checkout's "Pay" button. The outcome comes from the card
// number (see test-cards.ts) and is reported through the same events a Stripe webhook drives.
// Unless the test processor is the one in use (lib/config cardPaymentMode) it does not exist: its
// routes are 404 and it pays nothing.

export const TestPayRequest = z
  .object({
    clientSecret: z
      .string({ error: "clientSecret must be the processorCheckoutSession of a purchase" })
      .min(1)
      .max(200),
    cardNumber: z
      .string({ error: "cardNumber must be a card number" })
      .refine(
        (value) => luhnValid(normalizeCardNumber(value)),
        "cardNumber must be 12 to 19 digits with a valid check digit",
      ),
  })
  .strict()
  .meta({ id: "TestPayRequest" });

export const TestPayResponse = z
  .object({
    status: z.enum(["succeeded", "declined"]),
    paymentIntentId: z.string(),
    orderId: z.string(),
    orderStatus: z.string(),
    declineCode: z.string().optional(),
    message: z.string(),
  })
  .meta({ id: "TestPayResponse" });

/** 404 unless the built-in test processor is the one in use. */
export function assertTestMode(): void {
  const mode = cardPaymentMode();
  if (mode === "stripe")
    throw notFound("path", "The test processor is off: this server takes card payments through Stripe.");
  if (mode === "off")
    throw notFound("path", "The test processor is off: this server has live payment settings and takes no test cards.");
}

export async function payTestIntent(input: z.infer<typeof TestPayRequest>): Promise<z.infer<typeof TestPayResponse>> {
  assertTestMode();
  const intent = await first(
    sqlBuilder
      .selectFrom("test_payment_intent")
      .select(["id", "status", "amount", "currency", "metadata"])
      .where("client_secret", "=", input.clientSecret)
      .$narrowType<{ metadata: Record<string, unknown> }>(),
  );
  if (!intent) throw notFound("clientSecret", "No test payment has this client secret.");
  const orderId = String(intent.metadata.orderId ?? "");
  const orderStatus = async () => (orderId ? await orderStatusOf(orderId) : null) ?? "UNKNOWN";

  if (intent.status === "succeeded") {
    return {
      status: "succeeded",
      paymentIntentId: intent.id,
      orderId,
      orderStatus: await orderStatus(),
      message: "This payment already succeeded.",
    };
  }
  if (intent.status === "canceled")
    throw conflict("clientSecret", "This payment was canceled: its offer expired. Start a new purchase.");

  const outcome = outcomeOfTestCard(input.cardNumber);
  if (!outcome.succeeds) {
    await db().testPaymentIntent.update({
      where: { id: intent.id },
      data: {
        metadata: { ...intent.metadata, lastError: outcome.message, declineCode: outcome.declineCode },
      },
    });
    await onCardPaymentDeclined({ paymentIntentId: intent.id, message: outcome.message });
    return {
      status: "declined",
      paymentIntentId: intent.id,
      orderId,
      orderStatus: await orderStatus(),
      declineCode: outcome.declineCode,
      message: outcome.message,
    };
  }
  // Compare-and-set, so two clicks charge once.
  const charged = await run(
    sqlBuilder
      .updateTable("test_payment_intent")
      .set({ status: sql.lit<TestIntentStatus>("succeeded"), updated_at: new Date() })
      .where("id", "=", intent.id)
      .where("status", "not in", [sql.lit<TestIntentStatus>("succeeded"), sql.lit<TestIntentStatus>("canceled")])
      .returning("id"),
  );
  if (charged.length === 0) {
    const now = await db().testPaymentIntent.findUnique({ where: { id: intent.id }, select: { status: true } });
    if (now?.status === "canceled")
      throw conflict("clientSecret", "This payment was canceled: its offer expired. Start a new purchase.");
  }
  const settled = await onCardPaymentSucceeded({
    paymentIntentId: intent.id,
    amountReceivedCents: intent.amount,
    currency: intent.currency,
  });
  return {
    status: "succeeded",
    paymentIntentId: intent.id,
    orderId,
    orderStatus: settled ?? (await orderStatus()),
    message: outcome.message,
  };
}

/** What the test checkout page shows before paying. */
export async function readTestIntent(clientSecret: string) {
  assertTestMode();
  const intent = await db().testPaymentIntent.findUnique({ where: { clientSecret } });
  if (!intent) throw notFound("clientSecret", "No test payment has this client secret.");
  const metadata = intent.metadata as { orderId?: string; description?: string; lastError?: string };
  return {
    paymentIntentId: intent.id,
    amount: intent.amount,
    currency: intent.currency,
    status: intent.status,
    orderId: metadata.orderId ?? "",
    description: metadata.description ?? "",
    lastError: metadata.lastError ?? null,
    testMode: true,
  };
}
