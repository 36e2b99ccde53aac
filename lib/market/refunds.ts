import "server-only";
import { randomUUID } from "node:crypto";
import type { OrderStatus, Prisma } from "@prisma/client";
import type { z } from "zod";
import { conflict, notFound } from "@/lib/api/errors";
import type { Refund } from "@/lib/api/schemas/refunds";
import { db } from "@/lib/db";
import { cardProcessorForUndo } from "@/lib/payments/card/card-processor-of";
import { formatUnits } from "@/lib/payments/crypto/rates";
import { exactNumber } from "./exact-number";
import { inTransaction } from "./in-transaction";
import { transitionOrder } from "./order-state";
import { settlePayment } from "./settle-payment";

// Money owed back to buyers, one model for cards and crypto. A card payment that cannot be
// fulfilled gets a DUE card refund, made through the processor (idempotent, reversing the
// transfer of a destination charge) by the settlement job until it is; the order then says
// REFUNDED with the refund id. Crypto received and not owed (over-, under- and late payments) is a
// DUE crypto refund with the sender's address, recomputed while due, listed for the operator
// and marked PAID when the operator records the payout.

type Tx = Prisma.TransactionClient;

export type RefundView = z.infer<typeof Refund>;

/** The amount already returned for a payment, in its smallest unit. */
export async function refundedAmount(client: Tx | ReturnType<typeof db>, paymentId: string): Promise<bigint> {
  const rows = await client.refund.findMany({
    where: { paymentId, status: "PAID" },
    select: { amountAtomic: true },
  });
  return rows.reduce((sum, row) => sum + BigInt(row.amountAtomic), 0n);
}

export interface CryptoOwed {
  paymentId: string;
  orderId: string;
  partnerId: string | null;
  currency: string;
  decimals: number;
  chain: string | null;
  senderAddress: string | null;
  amountAtomic: bigint;
  reason: string;
}

/**
 * What a crypto payment's senders are owed back, given the order's state and the money available
 * (received less what was already paid back): the excess beyond the dust tolerance of an order
 * that uses the payment, nothing while a PENDING order may still use it, all of it otherwise.
 */
export function cryptoAmountOwed(status: OrderStatus, available: bigint, due: bigint, tolerance: bigint): bigint {
  if (available <= 0n || status === "PENDING") return 0n;
  if (status === "COMPLETED" || status === "PAID") return available - due > tolerance ? available - due : 0n;
  return available;
}

/**
 * Makes the payment's open crypto refund say what is owed now: created, updated while still DUE,
 * or removed when nothing is owed any more (a balance that completed the order after all).
 */
export async function syncCryptoRefund(tx: Tx, owed: CryptoOwed): Promise<void> {
  if (owed.amountAtomic <= 0n) {
    await tx.refund.deleteMany({ where: { openFor: owed.paymentId, status: "DUE" } });
    return;
  }
  const fields = {
    amountAtomic: owed.amountAtomic.toString(),
    reason: owed.reason,
    senderAddress: owed.senderAddress,
  };
  await tx.refund.upsert({
    where: { openFor: owed.paymentId },
    update: fields,
    create: {
      ...fields,
      id: randomUUID(),
      orderId: owed.orderId,
      paymentId: owed.paymentId,
      partnerId: owed.partnerId,
      method: "crypto",
      status: "DUE",
      currency: owed.currency,
      decimals: owed.decimals,
      chain: owed.chain,
      openFor: owed.paymentId,
    },
  });
}

/** A card payment the order cannot use: refunded in full, once. */
export async function oweCardRefund(
  tx: Tx,
  input: { paymentId: string; orderId: string; partnerId: string | null; amountCents: bigint; reason: string },
): Promise<void> {
  if (input.amountCents <= 0n) return;
  const existing = await tx.refund.findFirst({ where: { paymentId: input.paymentId, method: "card" } });
  if (existing) return;
  await tx.refund.createMany({
    data: [
      {
        id: randomUUID(),
        orderId: input.orderId,
        paymentId: input.paymentId,
        partnerId: input.partnerId,
        method: "card",
        status: "DUE",
        reason: input.reason,
        currency: "USD",
        decimals: 2,
        amountAtomic: input.amountCents.toString(),
        openFor: input.paymentId,
      },
    ],
    skipDuplicates: true,
  });
}

const usd = (cents: string) => `${formatUnits(BigInt(cents), 2)} USD`;

/**
 * Asks the card processor for one DUE refund; the idempotency key is the refund's id, so a retry
 * after a timeout never refunds twice. Answers true when the refund was made.
 */
export async function requestCardRefund(refundId: string): Promise<boolean> {
  const refund = await db().refund.findUnique({
    where: { id: refundId },
    include: { payment: { select: { processor: true, processorRef: true, connectedAccountId: true } } },
  });
  if (!refund || refund.status !== "DUE" || refund.method !== "card" || !refund.payment.processorRef) return false;
  const processor = cardProcessorForUndo(refund.payment.processor);
  if (!processor) return false;
  const made = await processor.refund({
    paymentIntentId: refund.payment.processorRef,
    amountCents: Number(refund.amountAtomic),
    reverseTransfer: Boolean(refund.payment.connectedAccountId),
    idempotencyKey: `refund-${refund.id}`,
  });
  return inTransaction(async (tx) => {
    const { count } = await tx.refund.updateMany({
      where: { id: refund.id, status: "DUE" },
      data: { status: "PAID", processorRefundId: made.refundId, paidAt: new Date(), openFor: null },
    });
    if (count === 0) return false;
    await transitionOrder(tx, {
      orderId: refund.orderId,
      to: "REFUNDED",
      from: ["FAILED"],
      reason: `Refunded ${usd(refund.amountAtomic)} to the card (refund ${made.refundId}). ${refund.reason}`,
    });
    return true;
  });
}

/** The settlement job's part: every DUE card refund is asked for until the processor makes it. */
export async function processDueCardRefunds(log: (message: string) => void, limit = 50): Promise<string[]> {
  const due = await db().refund.findMany({
    where: { status: "DUE", method: "card" },
    select: { id: true },
    orderBy: { createdAt: "asc" },
    take: limit,
  });
  const made: string[] = [];
  for (const { id } of due) {
    try {
      if (await requestCardRefund(id)) made.push(id);
    } catch (error) {
      log(`card refund ${id} not made yet: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return made;
}

export function viewOf(
  row: Prisma.RefundGetPayload<{ include: { payment: { select: { order: { select: { domain: true } } } } } }>,
): RefundView {
  return {
    id: row.id,
    orderId: row.orderId,
    domain: row.payment.order.domain,
    method: row.method as RefundView["method"],
    status: row.status,
    reason: row.reason,
    currency: row.currency,
    amount: exactNumber(formatUnits(BigInt(row.amountAtomic), row.decimals)),
    amountAtomic: row.amountAtomic,
    decimals: row.decimals,
    chain: row.chain,
    senderAddress: row.senderAddress,
    processorRefundId: row.processorRefundId,
    payoutReference: row.payoutReference,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
  };
}

export const withDomain = { payment: { select: { order: { select: { domain: true } } } } } as const;

const MAX_LISTED_REFUNDS = 500;

/**
 * Refunds newest first: of one partner's sales (`partnerId`), or, for the operator's command,
 * of every sale (`partnerId: undefined`).
 */
export async function listRefunds(filter: { partnerId?: string; status?: "DUE" | "PAID" }): Promise<RefundView[]> {
  const rows = await db().refund.findMany({
    where: {
      ...(filter.partnerId !== undefined && { partnerId: filter.partnerId }),
      ...(filter.status && { status: filter.status }),
    },
    include: withDomain,
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    take: MAX_LISTED_REFUNDS,
  });
  return rows.map(viewOf);
}

/**
 * The operator paid a crypto refund back: the refund becomes PAID with the operator's reference
 * (a transaction hash). `amountAtomic` must be the amount listed, so a refund that grew after it
 * was listed (another transfer arrived) is not marked paid for less than is owed.
 */
export async function recordRefundPayout(input: {
  refundId: string;
  amountAtomic: string;
  reference: string;
  /** The caller's partner; undefined for the operator's local command. */
  partnerId?: string;
}): Promise<RefundView> {
  const refund = await db().refund.findUnique({ where: { id: input.refundId } });
  if (!refund || (input.partnerId !== undefined && refund.partnerId !== input.partnerId))
    throw notFound("refundId", "No refund of this partner has this id.");
  if (refund.method !== "crypto")
    throw conflict("refundId", "Card refunds are made through the card processor; there is no payout to record.");
  if (refund.status === "PAID") {
    if (refund.payoutReference === input.reference && refund.amountAtomic === input.amountAtomic)
      return viewOf(await db().refund.findUniqueOrThrow({ where: { id: refund.id }, include: withDomain }));
    throw conflict("refundId", "This refund was already recorded as paid.");
  }
  if (refund.amountAtomic !== input.amountAtomic)
    throw conflict(
      "amountAtomic",
      `The amount owed is now ${refund.amountAtomic} ` +
        `(${formatUnits(BigInt(refund.amountAtomic), refund.decimals)} ${refund.currency}); list the refunds ` +
        "again and pay what is owed.",
    );
  await inTransaction(async (tx) => {
    const { count } = await tx.refund.updateMany({
      where: { id: refund.id, status: "DUE", amountAtomic: input.amountAtomic },
      data: { status: "PAID", payoutReference: input.reference, paidAt: new Date(), openFor: null },
    });
    if (count === 0) throw conflict("refundId", "This refund changed while it was being recorded; list it again.");
    // The order follows what is still owed (an order whose money all went back becomes REFUNDED).
    await tx.payment.update({ where: { id: refund.paymentId }, data: { settlementDue: true } });
  });
  await settlePayment(refund.paymentId);
  return viewOf(await db().refund.findUniqueOrThrow({ where: { id: refund.id }, include: withDomain }));
}
