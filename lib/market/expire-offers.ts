import "server-only";
import { db } from "@/lib/db";
import { cardProcessorNamed } from "@/lib/payments/card/card-processor-of";
import { classifyPayment } from "@/lib/payments/crypto/classify-payment";
import { readPaymentProgress } from "@/lib/payments/crypto/record-transfers";
import { transitionOrder } from "./order-state";
import { EXPIRED_UNPAID_REASON } from "./reserve-name";
import { inTransaction } from "./in-transaction";

// Offers that ran out unpaid become EXPIRED and release their name. A crypto payment that arrives
// later is still seen by the watcher (it keeps watching for a day) and reported as late.

export async function expireUnpaidOffers(now = new Date(), limit = 200): Promise<string[]> {
  const due = await db().order.findMany({
    where: { orderStatus: "PENDING", expiresAt: { lte: now } },
    select: { id: true, paymentType: true, payment: { select: { id: true, processor: true, processorRef: true } } },
    orderBy: { expiresAt: "asc" },
    take: limit,
  });
  const expired: string[] = [];
  for (const order of due) {
    let reason = EXPIRED_UNPAID_REASON;
    if (order.paymentType === "crypto" && order.payment) {
      const progress = await readPaymentProgress(order.payment.id);
      if (progress)
        reason = `${classifyPayment({ ...progress, now }).reason} The offer expired; the name was released.`;
    }
    const moved = await inTransaction((tx) =>
      transitionOrder(tx, { orderId: order.id, to: "EXPIRED", from: ["PENDING"], reason }),
    );
    if (!moved) continue;
    expired.push(order.id);
    if (order.paymentType === "card" && order.payment?.processorRef) {
      await cardProcessorNamed(order.payment.processor)?.cancelIntent(order.payment.processorRef);
    }
  }
  return expired;
}
