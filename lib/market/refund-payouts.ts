import "server-only";
import { conflict, notFound } from "@/lib/contract/errors";
import { db } from "@/lib/db";
import { inTransaction } from "@/lib/db/in-transaction";
import { formatUnits } from "@/lib/payments/crypto/rates";
import { payoutProblem } from "./payout-check";
import { lockPayment, viewOf, withDomain, type RefundView } from "./refunds";
import { recordCryptoRefundPaid } from "./ledger-entries";
import { settlePayment } from "./settle-payment";
import { recordRefundEvents } from "@/lib/webhooks/outbox";
import { atomic, atomicText } from "@/lib/db/amounts";

// The operator's payouts of crypto refunds (`npm run partner -- refund-start` / `refund-paid`): the
// crypto is in the operator's wallet. Recording one settles the payment again.

const CARD_HAS_NO_PAYOUT = "Card refunds are made through the card processor; there is no payout to record.";

/**
 * The operator starts paying a DUE crypto refund back: it becomes PAYING, its amount frozen, so
 * money that arrives meanwhile is owed by a new refund and a top-up cannot change or remove it.
 * Payouts are the operator's alone (`npm run partner -- refund-start`): the crypto is in the
 * operator's wallet. Starting it again answers the same refund.
 */
export async function startRefundPayout(refundId: string): Promise<RefundView> {
  await inTransaction(async (tx) => {
    const found = await tx.refund.findUnique({ where: { id: refundId }, select: { paymentId: true } });
    if (!found) throw notFound("refundId", "No refund has this id.");
    await lockPayment(tx, found.paymentId);
    const refund = await tx.refund.findUniqueOrThrow({ where: { id: refundId } });
    if (refund.method !== "crypto") throw conflict("refundId", CARD_HAS_NO_PAYOUT);
    if (refund.status === "PAYING") return;
    if (refund.status !== "DUE")
      throw conflict("refundId", `This refund is ${refund.status}: there is no payout to start.`);
    await tx.refund.update({
      where: { id: refund.id },
      data: { status: "PAYING", openFor: null, payoutStartedAt: new Date() },
    });
  });
  return viewOf(await db().refund.findUniqueOrThrow({ where: { id: refundId }, include: withDomain }));
}

/**
 * The operator paid a crypto refund back: the refund (DUE, or PAYING once the payout was started)
 * becomes PAID with the operator's reference. `amountAtomic` must be the amount listed, so a DUE
 * refund that grew after it was listed is not marked paid for less than is owed. A reference that
 * is a transaction hash on the chain the payment came from must pay the refund's address at least
 * the amount (payout-check.ts), or nothing is recorded (409).
 */
export async function recordRefundPayout(input: {
  refundId: string;
  amountAtomic: string;
  reference: string;
}): Promise<RefundView> {
  const refund = await db().refund.findUnique({ where: { id: input.refundId } });
  if (!refund) throw notFound("refundId", "No refund has this id.");
  if (refund.method !== "crypto") throw conflict("refundId", CARD_HAS_NO_PAYOUT);
  if (refund.status === "PAID") {
    if (refund.payoutReference === input.reference && atomicText(refund.amountAtomic) === input.amountAtomic)
      return viewOf(await db().refund.findUniqueOrThrow({ where: { id: refund.id }, include: withDomain }));
    throw conflict("refundId", "This refund was already recorded as paid.");
  }
  if (atomicText(refund.amountAtomic) !== input.amountAtomic)
    throw conflict(
      "amountAtomic",
      `The amount owed is now ${atomicText(refund.amountAtomic)} ` +
        `(${formatUnits(atomic(refund.amountAtomic), refund.decimals)} ${refund.currency}); list the refunds ` +
        "again and pay what is owed.",
    );
  const problem = await payoutProblem(
    { ...refund, senderAddress: refund.refundAddress ?? refund.senderAddress },
    input.reference,
  );
  if (problem) throw conflict("reference", `${problem} Nothing was recorded.`);
  await inTransaction(async (tx) => {
    // Under the payment's lock, so a settlement running now sees the payout, or runs after it.
    await lockPayment(tx, refund.paymentId);
    const { count } = await tx.refund.updateMany({
      where: { id: refund.id, status: { in: ["DUE", "PAYING"] }, amountAtomic: input.amountAtomic },
      data: { status: "PAID", payoutReference: input.reference, paidAt: new Date(), openFor: null },
    });
    if (count === 0) throw conflict("refundId", "This refund changed while it was being recorded; list it again.");
    await recordRefundEvents(tx, [refund.id]);
    await recordCryptoRefundPaid(tx, refund, input.reference, new Date());
    // The order follows what is still owed (an order whose money all went back becomes REFUNDED).
    await tx.payment.update({ where: { id: refund.paymentId }, data: { settlementDue: true } });
  });
  await settlePayment(refund.paymentId);
  return viewOf(await db().refund.findUniqueOrThrow({ where: { id: refund.id }, include: withDomain }));
}
