import "server-only";
import { db } from "@/lib/db";
import { classifyPayment } from "@/lib/payments/crypto/classify-payment";
import { readPaymentProgress } from "@/lib/payments/crypto/record-transfers";
import { cancelIntentOf } from "./cancel-intents";
import { inTransaction } from "@/lib/db/in-transaction";
import { endedWithoutPayment, transitionOrder } from "./order-state";
import {
  EXPIRED_UNPAID_REASON,
  EXPIRED_UNPAID_RENEWAL_REASON,
  hasMoneyInPlay,
  isInFlight,
  PAYMENT_IN_PLAY,
} from "./reserve-name";
import { settlePayment } from "./settle-payment";

// Offers that ran out with nothing received become EXPIRED and release their name; their card
// intent is cancelled (retried by the job until the processor confirms). An order with money
// recorded is never expired: settlement decides it (paid in time: completed; short: failed with
// the amount owed back). A crypto payment that arrives later is still seen by the watcher.

export async function expireUnpaidOffers(now = new Date(), limit = 200): Promise<string[]> {
  const due = await db().order.findMany({
    where: {
      orderStatus: "PENDING",
      expiresAt: { lte: now },
      // Payments seen in time and still confirming are not looked at again until they are not.
      OR: [
        { payment: { is: null } },
        { payment: { is: { OR: [{ inFlightUntil: null }, { inFlightUntil: { lte: now } }] } } },
      ],
    },
    select: {
      id: true,
      kind: true,
      paymentType: true,
      payment: { select: { id: true, processor: true, processorRef: true, ...PAYMENT_IN_PLAY } },
    },
    orderBy: { expiresAt: "asc" },
    take: limit,
  });
  const expired: string[] = [];
  for (const order of due) {
    const payment = order.payment;
    if (payment && hasMoneyInPlay(payment, now)) {
      // A card payment under way keeps its hold until the processor says how it ended, a crypto
      // payment seen in time until it confirms or is dropped.
      if (payment.status !== "processing" && !(isInFlight(payment, now) && payment.amountReceived.isZero()))
        await settlePayment(payment.id, now);
      continue;
    }
    let reason = order.kind === "RENEWAL" ? EXPIRED_UNPAID_RENEWAL_REASON : EXPIRED_UNPAID_REASON;
    if (order.paymentType === "crypto" && payment) {
      const progress = await readPaymentProgress(payment.id);
      if (progress)
        reason =
          `${classifyPayment({ ...progress, now }).reason} ` + `The offer expired; ${endedWithoutPayment(order.kind)}.`;
    }
    const moved = await inTransaction((tx) =>
      transitionOrder(tx, { orderId: order.id, to: "EXPIRED", from: ["PENDING"], reason }),
    );
    if (!moved) continue;
    expired.push(order.id);
    if (order.paymentType === "card" && payment?.processorRef) {
      // The fast path; the cancel job retries what fails here.
      await cancelIntentOf(payment.id).catch(() => undefined);
    }
  }
  return expired;
}
