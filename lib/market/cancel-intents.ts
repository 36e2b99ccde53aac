import "server-only";
import { db } from "@/lib/db";
import { cardProcessorForUndo } from "@/lib/payments/card/card-processor-of";
import { onCardPaymentSucceeded } from "./card-payment-events";

// Every order that ends without its card payment has the intent cancelled, retried until the
// processor confirms: the order's move to EXPIRED or FAILED sets Payment.cancelDue in the same
// transaction (lib/market/order-state.ts), and only a confirmed cancel clears it. An intent that
// was paid before the cancel reached the processor is a late payment, settled like any other.

/** Cancels one payment's intent; throws when the processor did not confirm (the job retries). */
export async function cancelIntentOf(paymentId: string): Promise<void> {
  const payment = await db().payment.findUnique({
    where: { id: paymentId },
    select: { id: true, processor: true, processorRef: true, cancelDue: true },
  });
  if (!payment?.cancelDue || !payment.processorRef) return;
  const processor = cardProcessorForUndo(payment.processor);
  if (!processor) return;
  const intent = await processor.cancelIntent(payment.processorRef);
  if (intent.state === "canceled") {
    await db().payment.updateMany({
      where: { id: payment.id, cancelDue: true },
      data: { cancelDue: false, status: "canceled" },
    });
  } else if (intent.state === "succeeded") {
    await db().payment.updateMany({ where: { id: payment.id }, data: { cancelDue: false } });
    await onCardPaymentSucceeded({
      paymentIntentId: payment.processorRef,
      amountReceivedCents: intent.amountReceivedCents,
      currency: intent.currency,
    });
  }
  // Still processing: asked again on the next tick.
}

/** The job's part: each intent still to cancel, oldest first. */
export async function cancelAbandonedIntents(log: (message: string) => void, limit = 50): Promise<number> {
  const due = await db().payment.findMany({
    where: { cancelDue: true },
    select: { id: true },
    orderBy: { updatedAt: "asc" },
    take: limit,
  });
  let confirmed = 0;
  for (const { id } of due) {
    try {
      await cancelIntentOf(id);
      confirmed++;
    } catch (error) {
      log(`cancel of payment ${id} not confirmed yet: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return confirmed;
}
