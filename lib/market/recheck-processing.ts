import "server-only";
import { db } from "@/lib/db";
import { cardProcessorNamed } from "@/lib/payments/card/card-processor-of";
import { onCardIntentCanceled, onCardPaymentDeclined, onCardPaymentSucceeded } from "./card-payment-events";

// A card payment reported `processing` keeps its order's name past the offer's end until the
// processor says how it ended (lib/market/reserve-name.ts). If that follow-up event is lost and
// nobody reads the order (an order read asks the processor itself), the name would be held for
// ever: this job asks the processor again about every payment still `processing` past a bound.

/** A payment `processing` this long without news is asked about, and again this often after that. */
export const PROCESSING_RECHECK_MS = 15 * 60_000;

export async function recheckProcessingPayments(
  log: (message: string) => void,
  now = new Date(),
  limit = 50,
): Promise<string[]> {
  const before = new Date(now.getTime() - PROCESSING_RECHECK_MS);
  const stale = await db().payment.findMany({
    where: {
      status: "processing",
      processorRef: { not: null },
      updatedAt: { lte: before },
      OR: [{ processorCheckedAt: null }, { processorCheckedAt: { lte: before } }],
    },
    select: { id: true, processor: true, processorRef: true },
    orderBy: { updatedAt: "asc" },
    take: limit,
  });
  const asked: string[] = [];
  for (const payment of stale) {
    const processor = cardProcessorNamed(payment.processor);
    if (!processor) continue;
    // Claimed first, so several job runners ask once between them.
    const { count } = await db().payment.updateMany({
      where: { id: payment.id, OR: [{ processorCheckedAt: null }, { processorCheckedAt: { lte: before } }] },
      data: { processorCheckedAt: now },
    });
    if (count === 0) continue;
    const paymentIntentId = payment.processorRef!;
    try {
      const intent = await processor.retrieveIntent(paymentIntentId);
      if (intent.state === "succeeded")
        await onCardPaymentSucceeded({
          paymentIntentId,
          amountReceivedCents: intent.amountReceivedCents,
          currency: intent.currency,
        });
      else if (intent.state === "canceled") await onCardIntentCanceled({ paymentIntentId });
      // The attempt failed and the intent waits for another: the hold follows the offer again.
      else if (intent.state === "pending")
        await onCardPaymentDeclined({ paymentIntentId, message: intent.lastError ?? "the payment did not complete" });
      asked.push(payment.id);
    } catch (error) {
      log(`could not re-read processing payment ${payment.id}: ${error instanceof Error ? error.message : error}`);
    }
  }
  return asked;
}
