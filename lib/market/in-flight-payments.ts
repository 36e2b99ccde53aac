import "server-only";
import { db } from "@/lib/db";
import { invalidate } from "@/lib/db/invalidation";
import { formatUnits } from "@/lib/payments/crypto/rates";
import { inTransaction } from "@/lib/db/in-transaction";
import { noteOrder } from "./order-state";
import { isInFlight } from "./reserve-name";
import { atomic, type StoredAmount } from "@/lib/db/amounts";

// A crypto payment seen before it confirms (issue 29): the watcher records what it sees unconfirmed
// on the deposit address (lib/payments/crypto/record-transfers.ts, recordUnconfirmed), and a full
// payment first seen before the offer expired keeps the order PENDING and its name held past the
// expiry (Payment.inFlightUntil, read by hasMoneyInPlay) until it confirms (→ PAID → COMPLETED)
// or leaves the mempool (→ the offer's expiry applies again). This hook words it for the order.

/** The start of every reason this hook writes, so a later one knows what it may replace. */
export const SEEN_REASON_PREFIX = "Payment seen";

/** The watchers' callback after what they see unconfirmed for a payment changed. */
export async function onCryptoPaymentSeen(paymentId: string, now = new Date()): Promise<void> {
  const payment = await db().payment.findUnique({
    where: { id: paymentId },
    select: {
      orderId: true,
      chain: true,
      tokenContract: true,
      decimals: true,
      amountDue: true,
      amountReceived: true,
      expiresAt: true,
      unconfirmedAmount: true,
      unconfirmedConfirmations: true,
      confirmationsRequired: true,
      inFlightUntil: true,
      order: { select: { orderStatus: true, orderStatusReason: true, kind: true } },
    },
  });
  if (!payment) return;
  const { order } = payment;
  const reason = seenReason(payment, now, order.kind === "RENEWAL");
  await inTransaction(async (tx) => {
    if (order.orderStatus === "PENDING" && reason) await noteOrder(tx, payment.orderId, "PENDING", reason);
    else if (order.orderStatus === "PENDING" && order.orderStatusReason.startsWith(SEEN_REASON_PREFIX))
      await noteOrder(tx, payment.orderId, "PENDING", droppedReason(payment));
    // The order's read shows the payment seen (endpoint 13), whether or not its reason changed.
    await invalidate("order", payment.orderId, tx);
  });
}

type SeenPayment = {
  chain: string | null;
  tokenContract: string | null;
  decimals: number | null;
  amountDue: StoredAmount;
  amountReceived: StoredAmount;
  expiresAt: Date | null;
  unconfirmedAmount: StoredAmount;
  unconfirmedConfirmations: number;
  confirmationsRequired: number | null;
  inFlightUntil: Date | null;
};

function currencyOf(payment: SeenPayment): { currency: string; decimals: number } {
  const currency = payment.chain?.startsWith("bitcoin:") ? "BTC" : payment.tokenContract ? "USDC" : "ETH";
  return { currency, decimals: payment.decimals ?? (currency === "BTC" ? 8 : currency === "USDC" ? 6 : 18) };
}

/** "Payment seen, waiting for N confirmations (n of N) …", or null when nothing is seen. */
export function seenReason(payment: SeenPayment, now = new Date(), renewal = false): string | null {
  if (atomic(payment.unconfirmedAmount) === 0n) return null;
  const { currency, decimals } = currencyOf(payment);
  const amount = (value: StoredAmount) => `${formatUnits(atomic(value), decimals)} ${currency}`;
  const required = payment.confirmationsRequired ?? 1;
  const head =
    `${SEEN_REASON_PREFIX}, waiting for ${required} confirmation${required === 1 ? "" : "s"} ` +
    `(${payment.unconfirmedConfirmations} of ${required}): ${amount(payment.unconfirmedAmount)} not yet confirmed`;
  const received = atomic(payment.amountReceived) === 0n ? "" : ` besides ${amount(payment.amountReceived)} received`;
  if (isInFlight(payment, now))
    return (
      `${head}${received}, of ${amount(payment.amountDue)} due. It was seen before the offer expired, so the ` +
      (renewal ? "renewal waits for it to confirm." : "order keeps the name until it confirms.")
    );
  const total = atomic(payment.amountReceived) + atomic(payment.unconfirmedAmount);
  if (total < atomic(payment.amountDue))
    return `${head}${received}; ${amount(atomic(payment.amountDue) - total)} more is due.`;
  return (
    `${head}${received}. It was seen after the offer expired; once confirmed it completes the order if ` +
    `${renewal ? "the renewal can still be applied" : "the name is still free"}, or is owed back.`
  );
}

function droppedReason(payment: SeenPayment): string {
  const { currency, decimals } = currencyOf(payment);
  return (
    `Awaiting payment of ${formatUnits(atomic(payment.amountDue), decimals)} ${currency}: the payment seen ` +
    "earlier is no longer in the mempool or the chain."
  );
}
