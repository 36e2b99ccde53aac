import "server-only";
import type { Prisma } from "@prisma/client";
import { db } from "@/lib/db";
import { classifyPayment, dustTolerance } from "@/lib/payments/crypto/classify-payment";
import { formatUnits } from "@/lib/payments/crypto/rates";
import { readPaymentProgress } from "@/lib/payments/crypto/record-transfers";
import { recordRefundEvents } from "@/lib/webhooks/outbox";
import { noteOrder, transitionOrder } from "./order-state";
import { cryptoAmountOwed, refundedAmount } from "./refunds";
import { atomic, atomicText } from "@/lib/db/amounts";

// What a chain reorganisation does to an order. It runs in the watcher's transaction that took the
// credits back (or credited a payment that had lost some), so the order and the payment never
// disagree after a crash. The order follows what the payment still amounts to:
//   PAID, no longer covered       → PENDING (the hold stays; the offer's expiry applies again);
//   COMPLETED, no longer covered  → stays COMPLETED; the reversed_transfer rows are marked
//                                   `after-fulfilment` and listed for the operator until the
//                                   payment is covered again;
//   anything else                 → its reason says what was taken back.
// A DUE crypto refund the reversed money had created (an overpayment, a late or short payment) is
// reduced or cancelled in the same transaction, so the operator is never shown money to pay back
// that the chain no longer holds. Recomputing the payment left it `settlementDue`, so settlement
// then writes the refund's reason again from what remains (lib/market/refunds.ts).

export type ReversalOutcome = "order-reverted" | "after-fulfilment" | "covered" | "noted";

/** The first sentence of a COMPLETED order's reason, which says to whom and until when. */
function registrationSentence(reason: string): string {
  const match = /^Registered to \S+ until \d{4}-\d{2}-\d{2}\./.exec(reason);
  return match ? `${match[0]} ` : "";
}

export async function onCryptoPaymentReorganised(
  tx: Prisma.TransactionClient,
  paymentId: string,
  now = new Date(),
): Promise<void> {
  const progress = await readPaymentProgress(paymentId, tx);
  const payment = await tx.payment.findUnique({ where: { id: paymentId }, select: { orderId: true } });
  if (!progress || !payment) return;
  const orderId = payment.orderId;
  const order = await tx.order.findUnique({
    where: { id: orderId },
    select: { orderStatus: true, orderStatusReason: true },
  });
  if (!order) return;
  const open = await tx.reversedTransfer.findMany({
    where: { paymentId, OR: [{ handledAt: null }, { resolvedAt: null }] },
    orderBy: { blockNumber: "asc" },
  });
  const unseen = open.filter((r) => r.handledAt === null);
  const verdict = classifyPayment({ ...progress, now });
  const covered = verdict.state === "paid" || verdict.state === "overpaid";
  const taken = unseen.reduce((sum, r) => sum + atomic(r.amount), 0n);
  const blocks = [...new Set(unseen.map((r) => r.blockNumber.toString()))].join(", ");
  const what =
    `A chain reorganisation took back ${formatUnits(taken, progress.decimals)} ${progress.currency} of this ` +
    `payment (block ${blocks})`;
  const registered = registrationSentence(order.orderStatusReason);

  let outcome: ReversalOutcome = "noted";
  if (covered) {
    outcome = "covered";
    const madeGood = open.some((r) => r.outcome === "after-fulfilment" && r.resolvedAt === null);
    await tx.reversedTransfer.updateMany({ where: { paymentId, resolvedAt: null }, data: { resolvedAt: now } });
    if (madeGood && order.orderStatus === "COMPLETED")
      await noteOrder(
        tx,
        orderId,
        "COMPLETED",
        `${registered}The payment a chain reorganisation had taken back is confirmed again; nothing is ` +
          `owed. ${verdict.reason}`,
      );
  } else if (order.orderStatus === "PAID") {
    outcome = "order-reverted";
    await transitionOrder(tx, {
      orderId,
      to: "PENDING",
      from: ["PAID"],
      reason: `${what} before the name was registered. ${verdict.reason}`,
      data: { paidAt: null },
    });
  } else if (order.orderStatus === "COMPLETED") {
    outcome = "after-fulfilment";
    const due = BigInt(progress.amountDue);
    const missing = formatUnits(due - BigInt(progress.amountReceived), progress.decimals);
    if (unseen.length > 0)
      await noteOrder(
        tx,
        orderId,
        "COMPLETED",
        `${registered}${what} after the name was registered; ${missing} ${progress.currency} of the ` +
          `${formatUnits(due, progress.decimals)} ${progress.currency} due is missing, and the operator is ` +
          "told.",
      );
  } else if (unseen.length > 0) {
    await noteOrder(tx, orderId, order.orderStatus, `${what}. ${verdict.reason}`);
  }
  if (unseen.length > 0)
    await tx.reversedTransfer.updateMany({
      where: { id: { in: unseen.map((r) => r.id) } },
      data: { outcome, handledAt: now },
    });
  await shrinkOwedRefund(tx, paymentId, progress);
}

/** Lowers the payment's DUE crypto refund to what is still owed, or removes it; never raises it. */
async function shrinkOwedRefund(
  tx: Prisma.TransactionClient,
  paymentId: string,
  progress: { amountDue: string | bigint; amountReceived: string | bigint; decimals: number; currency: string },
): Promise<void> {
  const refund = await tx.refund.findUnique({ where: { openFor: paymentId } });
  if (!refund || refund.status !== "DUE" || refund.method !== "crypto") return;
  const order = await tx.order.findUnique({ where: { id: refund.orderId }, select: { orderStatus: true } });
  if (!order) return;
  const due = BigInt(progress.amountDue);
  const available = BigInt(progress.amountReceived) - (await refundedAmount(tx, paymentId));
  const owed = cryptoAmountOwed(
    order.orderStatus,
    available,
    due,
    dustTolerance(due, progress.decimals, progress.currency),
  );
  const listed = atomic(refund.amountAtomic);
  if (owed >= listed) return;
  if (owed <= 0n) {
    await tx.refund.delete({ where: { id: refund.id } });
    return;
  }
  const amount = (atomic: bigint) => `${formatUnits(atomic, progress.decimals)} ${progress.currency}`;
  await tx.refund.update({
    where: { id: refund.id },
    data: {
      amountAtomic: owed.toString(),
      reason:
        `A chain reorganisation took back part of the money: ${amount(owed)} is owed now instead of ` +
        `${amount(listed)}. ${refund.reason}`,
    },
  });
  await recordRefundEvents(tx, [refund.id]);
}

export interface ReorganisedLoss {
  orderId: string;
  domain: string;
  partnerId: string | null;
  paymentId: string;
  chain: string;
  txHash: string;
  blockNumber: string;
  /** Smallest units, and the same in whole coins. */
  amountAtomic: string;
  amount: string;
  currency: string;
  reversedAt: string;
}

/**
 * Names registered on credits a reorganisation took back and not made good since: what the
 * operator has to chase or write off. `partnerId` narrows to one partner's sales.
 */
export async function listReorganisedLosses(options: { partnerId?: string } = {}): Promise<ReorganisedLoss[]> {
  const rows = await db().reversedTransfer.findMany({
    where: {
      outcome: "after-fulfilment",
      resolvedAt: null,
      ...(options.partnerId && { payment: { order: { partnerId: options.partnerId } } }),
    },
    include: {
      payment: { select: { decimals: true, order: { select: { domain: true, partnerId: true, currency: true } } } },
    },
    orderBy: { reversedAt: "desc" },
  });
  return rows.map((r) => ({
    orderId: r.orderId,
    domain: r.payment.order.domain,
    partnerId: r.payment.order.partnerId,
    paymentId: r.paymentId,
    chain: r.chain,
    txHash: r.txHash,
    blockNumber: r.blockNumber.toString(),
    amountAtomic: atomicText(r.amount),
    amount: formatUnits(atomic(r.amount), r.payment.decimals ?? 18),
    currency: r.payment.order.currency,
    reversedAt: r.reversedAt.toISOString(),
  }));
}
