import "server-only";
import type { OrderStatus } from "@prisma/client";
import { db } from "@/lib/db";
import { cardProcessorNamed } from "@/lib/payments/card/card-processor-of";
import { transitionOrder } from "./order-state";
import { settlePaidOrder } from "./settle-payment";
import { inTransaction } from "./in-transaction";

// What a card processor reports about a PaymentIntent, mapped onto the order. The Stripe webhook,
// the test checkout and an order read all end here, so the order of their arrival does not matter.

export interface CardSucceeded {
  paymentIntentId: string;
  amountReceivedCents: number;
  currency: string;
}

async function paymentOfIntent(paymentIntentId: string) {
  return db().payment.findUnique({
    where: { processorRef: paymentIntentId },
    select: { id: true, orderId: true, amountDue: true, processor: true },
  });
}

export async function onCardPaymentSucceeded(event: CardSucceeded): Promise<OrderStatus | null> {
  const payment = await paymentOfIntent(event.paymentIntentId);
  if (!payment) return null;
  if (event.currency.toLowerCase() !== "usd" || event.amountReceivedCents < Number(payment.amountDue)) {
    const reason = `The card payment of ${event.amountReceivedCents} ${event.currency} cents does not cover the ${payment.amountDue} USD cents due.`;
    await inTransaction((tx) =>
      transitionOrder(tx, { orderId: payment.orderId, to: "FAILED", from: ["PENDING"], reason }),
    );
    return (
      (await db().order.findUnique({ where: { id: payment.orderId }, select: { orderStatus: true } }))?.orderStatus ??
      null
    );
  }
  await db().payment.update({
    where: { id: payment.id },
    data: { status: "succeeded", amountReceived: String(event.amountReceivedCents) },
  });
  return settlePaidOrder(payment.orderId, "Card payment succeeded; registering the name.");
}

export async function onCardPaymentFailed(event: {
  paymentIntentId: string;
  message?: string;
}): Promise<OrderStatus | null> {
  const payment = await paymentOfIntent(event.paymentIntentId);
  if (!payment) return null;
  const reason = `The card payment was declined: ${event.message ?? "no reason given"}. The name was released; a new purchase may try again.`;
  await inTransaction(async (tx) => {
    if (await transitionOrder(tx, { orderId: payment.orderId, to: "FAILED", from: ["PENDING"], reason })) {
      await tx.payment.update({ where: { id: payment.id }, data: { status: "failed" } });
    }
  });
  return (
    (await db().order.findUnique({ where: { id: payment.orderId }, select: { orderStatus: true } }))?.orderStatus ??
    null
  );
}

/**
 * Re-reads a pending card payment from its processor: the client's own check after paying, so an
 * order completes even when the webhook is late or lost (Stripe recommends fulfilling from both).
 */
export async function syncCardPayment(orderId: string): Promise<void> {
  const payment = await db().payment.findUnique({
    where: { orderId },
    select: { processor: true, processorRef: true },
  });
  if (!payment?.processorRef || payment.processor !== "stripe") return;
  const processor = cardProcessorNamed(payment.processor);
  if (!processor) return;
  const intent = await processor.retrieveIntent(payment.processorRef);
  if (intent.state === "succeeded") {
    await onCardPaymentSucceeded({
      paymentIntentId: payment.processorRef,
      amountReceivedCents: intent.amountReceivedCents,
      currency: intent.currency,
    });
  }
}
