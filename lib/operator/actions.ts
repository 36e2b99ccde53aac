import "server-only";
import type { z } from "zod";
import { conflict, notFound } from "@/lib/contract/errors";
import type { OperatorAction, OperatorActionResult } from "@/lib/contract/schemas/operator";
import { config } from "@/lib/config";
import { db } from "@/lib/db";
import { inTransaction } from "@/lib/db/in-transaction";
import { lockPayment, oweCardRefund, refundedAmount, requestCardRefund } from "@/lib/market/refunds";
import { reverseCompletedOrder } from "@/lib/market/reverse-order";
import { settlePayment } from "@/lib/market/settle-payment";
import { suspendName, unsuspendName } from "@/lib/market/suspend-name";
import { formatUnits } from "@/lib/payments/crypto/rates";
import { releasedBefore } from "@/lib/registry/name-lifecycle";
import { recordAudit } from "./audit";
import type { OperatorClaims } from "./operator-token";
import { atomic, atomicText, decimalText } from "@/lib/db/amounts";

// What the operator may do by hand. Each action checks the state it changes, makes the change and
// writes its audit row in one transaction (a refused action writes nothing); work that follows
// outside it (settling the payment, asking the card processor) is what the jobs would do anyway.

type Action = z.infer<typeof OperatorAction>;
type Result = z.infer<typeof OperatorActionResult>;

export async function runOperatorAction(operator: OperatorClaims, action: Action): Promise<Result> {
  const base = { operator, action: action.action, reason: action.reason };
  switch (action.action) {
    case "accept-underpaid":
      return acceptUnderpaid(base, action.orderId);
    case "write-off-dust":
      return writeOffDust(base, action.refundId);
    case "refund-order":
      return refundOrder(base, action.orderId);
    case "suspend-name":
    case "unsuspend-name":
    case "release-name":
      return changeName(base, action.action, action.name);
  }
}

type Base = { operator: OperatorClaims; action: string; reason: string };

const amountOf = (value: bigint | string, decimals: number, currency: string) =>
  `${formatUnits(BigInt(value), decimals)} ${currency}`;

async function orderWithPayment(tx: Parameters<Parameters<typeof inTransaction>[0]>[0], orderId: string) {
  const order = await tx.order.findUnique({ where: { id: orderId }, include: { payment: true } });
  if (!order) throw notFound("orderId", "No order has this id.");
  if (!order.payment) throw conflict("orderId", "This order has no payment.");
  await lockPayment(tx, order.payment.id);
  const payment = await tx.payment.findUniqueOrThrow({ where: { id: order.payment.id } });
  return { order, payment };
}

/**
 * A crypto order paid short is accepted as paid: what it received (less what went back) becomes
 * the amount due, and settlement then completes it as a paid order (if its name is still free).
 */
async function acceptUnderpaid(base: Base, orderId: string): Promise<Result> {
  const { audit, paymentId } = await inTransaction(async (tx) => {
    const { order, payment } = await orderWithPayment(tx, orderId);
    if (order.paymentType !== "crypto") throw conflict("orderId", "Only a crypto payment can be short.");
    if (!["PENDING", "EXPIRED", "FAILED"].includes(order.orderStatus))
      throw conflict("orderId", `This order is ${order.orderStatus}: there is no underpayment to accept.`);
    if (await tx.refund.count({ where: { paymentId: payment.id, status: "PAYING" } }))
      throw conflict("orderId", "A payout of this payment is under way; record it first.");
    const available = atomic(payment.amountReceived) - (await refundedAmount(tx, payment.id));
    const due = atomic(payment.amountDue);
    if (available <= 0n || available >= due)
      throw conflict("orderId", "This order's payment is not short: nothing, or enough, was received.");
    await tx.payment.update({
      where: { id: payment.id },
      data: { amountDue: available.toString(), settlementDue: true },
    });
    const decimals = payment.decimals ?? 0;
    return {
      paymentId: payment.id,
      audit: await recordAudit(tx, {
        ...base,
        target: `order:${orderId}`,
        detail: {
          orderStatus: order.orderStatus,
          amountDueBefore: amountOf(due, decimals, order.currency),
          amountDueAfter: amountOf(available, decimals, order.currency),
        },
      }),
    };
  });
  const status = await settlePayment(paymentId);
  return { audit, outcome: `Accepted as paid; the order is now ${status ?? "unchanged"}.` };
}

/** A DUE crypto refund worth at most OPERATOR_DUST_USD is written off: never owed again. */
async function writeOffDust(base: Base, refundId: string): Promise<Result> {
  const audit = await inTransaction(async (tx) => {
    const found = await tx.refund.findUnique({ where: { id: refundId }, select: { paymentId: true } });
    if (!found) throw notFound("refundId", "No refund has this id.");
    await lockPayment(tx, found.paymentId);
    const refund = await tx.refund.findUniqueOrThrow({ where: { id: refundId }, include: { payment: true } });
    if (refund.method !== "crypto" || refund.status !== "DUE")
      throw conflict(
        "refundId",
        `Only a DUE crypto refund can be written off; this one is ${refund.method}, ${refund.status}.`,
      );
    const rate = decimalText(refund.payment.usdPerUnit);
    if (!rate)
      throw conflict("refundId", "The payment has no rate: its USD value, and so whether it is dust, is unknown.");
    const usd = (Number(atomicText(refund.amountAtomic)) / 10 ** refund.decimals) * Number(rate);
    const limit = config().OPERATOR_DUST_USD;
    if (usd > limit)
      throw conflict(
        "refundId",
        `This refund is worth ${usd.toFixed(2)} USD, more than dust (${limit} USD): pay it out.`,
      );
    await tx.refund.update({ where: { id: refund.id }, data: { status: "WRITTEN_OFF", openFor: null } });
    return recordAudit(tx, {
      ...base,
      target: `refund:${refund.id}`,
      detail: {
        orderId: refund.orderId,
        amount: amountOf(atomic(refund.amountAtomic), refund.decimals, refund.currency),
        usd: usd.toFixed(2),
      },
    });
  });
  return { audit, outcome: "Written off: the refund is no longer owed." };
}

/**
 * A COMPLETED order is refunded: a card through the processor (the order is REFUNDED and its name
 * suspended once the refund succeeds), crypto as a refund owed of everything received (the order
 * is REFUNDED at once, its name suspended, and the money owed until the operator pays it out).
 */
async function refundOrder(base: Base, orderId: string): Promise<Result> {
  const done = await inTransaction(async (tx) => {
    const { order, payment } = await orderWithPayment(tx, orderId);
    if (order.orderStatus !== "COMPLETED")
      throw conflict("orderId", `This order is ${order.orderStatus}: only a COMPLETED order is refunded here.`);
    const received = atomic(payment.amountReceived) - (await refundedAmount(tx, payment.id));
    if (received <= 0n) throw conflict("orderId", "Nothing received on this order is left to refund.");
    const detail = {
      amount: amountOf(received, payment.decimals ?? 2, order.paymentType === "card" ? "USD" : order.currency),
    };
    const why = `Refunded by the operator: ${base.reason}`;
    if (order.paymentType === "card") {
      if (await tx.refund.count({ where: { paymentId: payment.id, method: "card", status: { not: "FAILED" } } }))
        throw conflict("orderId", "This card payment already has a refund; it follows that one.");
      await oweCardRefund(tx, {
        paymentId: payment.id,
        orderId,
        partnerId: order.partnerId,
        amountCents: received,
        reason: why,
      });
    } else {
      await reverseCompletedOrder(tx, order, `${why}.`);
      await tx.payment.update({ where: { id: payment.id }, data: { settlementDue: true } });
    }
    const audit = await recordAudit(tx, {
      ...base,
      target: `order:${orderId}`,
      detail: { method: order.paymentType, ...detail },
    });
    return { audit, paymentId: payment.id, card: order.paymentType === "card" };
  });
  if (!done.card) {
    await settlePayment(done.paymentId);
    return { audit: done.audit, outcome: "The order is REFUNDED; what it received is owed back to the buyer." };
  }
  const refund = await db().refund.findFirst({
    where: { paymentId: done.paymentId, method: "card", status: "DUE", processorRefundId: null },
  });
  try {
    if (refund && (await requestCardRefund(refund.id)))
      return { audit: done.audit, outcome: "Refunded at the card processor; the order is REFUNDED." };
  } catch {
    // The settlement job asks again until the processor makes it.
  }
  return { audit: done.audit, outcome: "The card refund is asked for; the order follows once the processor makes it." };
}

async function changeName(
  base: Base,
  action: "suspend-name" | "unsuspend-name" | "release-name",
  name: string,
): Promise<Result> {
  const audit = await inTransaction(async (tx) => {
    const domain = await tx.domain.findUnique({
      where: { name },
      select: { suspendedAt: true, expiresAt: true, ownerAddress: true, subdomainCount: true },
    });
    if (!domain) throw notFound("name", "No registered name is spelled this way.");
    const before = {
      suspended: domain.suspendedAt !== null,
      expiresAt: domain.expiresAt?.toISOString() ?? null,
      ownerAddress: domain.ownerAddress,
    };
    if (action === "suspend-name") {
      if (!(await suspendName(tx, name, `Suspended by the operator: ${base.reason}`)))
        throw conflict("name", "This name is already suspended.");
    } else if (action === "unsuspend-name") {
      if (!(await unsuspendName(tx, name))) throw conflict("name", "This name is not suspended.");
    } else {
      if (domain.subdomainCount > 0) throw conflict("name", "This name has sub-names; release or revoke them first.");
      // Expired before the grace period's start: back on the market now.
      await unsuspendName(tx, name, { expiredAt: new Date(releasedBefore().getTime() - 1) });
    }
    return recordAudit(tx, { ...base, target: `name:${name}`, detail: { before } });
  });
  const outcome =
    action === "suspend-name"
      ? "Suspended: the name stays registered and no longer resolves."
      : action === "unsuspend-name"
        ? "Unsuspended: the name resolves again."
        : "Released: the name is back on the market.";
  return { audit, outcome };
}
