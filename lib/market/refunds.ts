import "server-only";
import { randomUUID } from "node:crypto";
import type { OrderStatus, Prisma, RefundStatus } from "@prisma/client";
import type { z } from "zod";
import type { Refund } from "@/lib/contract/schemas/refunds";
import { db } from "@/lib/db";
import { first, run, sql, sqlBuilder } from "@/lib/db/sql";
import { recordRefundEvents } from "@/lib/webhooks/outbox";
import type { CardRefund } from "@/lib/payments/card/card-processor";
import { cardProcessorForUndo } from "@/lib/payments/card/card-processor-of";
import { formatUnits } from "@/lib/payments/crypto/rates";
import { exactNumber } from "./exact-number";
import { inTransaction } from "@/lib/db/in-transaction";
import { recordCardRefundPaid, undoCardRefund } from "./ledger-entries";
import { noteOrder, transitionOrder } from "./order-state";
import { reverseCompletedOrder } from "./reverse-order";
import { uuid } from "./sql-casts";
import { atomic, atomicText } from "@/lib/db/amounts";

// Money owed back to buyers, one model for cards and crypto. A card payment that cannot be
// fulfilled gets a DUE card refund, made through the processor (idempotent, reversing the
// transfer of a destination charge) by the settlement job until it is; the order then says
// REFUNDED with the refund id. Crypto received and not owed (over-, under- and late payments) is a
// DUE crypto refund with the sender's address, recomputed while due, listed for the operator
// and marked PAID when the operator records the payout. Each change is told to the partner of
// the name's parent (`refund.owed`, `refund.paid`; lib/webhooks/outbox.ts) in its transaction.

type Tx = Prisma.TransactionClient;

export type RefundView = z.infer<typeof Refund>;

/**
 * The amount returned for a payment, or on its way back (a crypto payout the operator started:
 * PAYING, frozen), or written off as dust by the operator, in its smallest unit: money the order
 * can no longer use and nobody is owed.
 */
export async function refundedAmount(client: Tx | ReturnType<typeof db>, paymentId: string): Promise<bigint> {
  const rows = await client.refund.findMany({
    where: { paymentId, status: { in: ["PAID", "PAYING", "WRITTEN_OFF"] } },
    select: { amountAtomic: true },
  });
  return rows.reduce((sum, row) => sum + atomic(row.amountAtomic), 0n);
}

/** Locks the payment's row until the transaction ends: settlement and payouts take turns on it. */
export async function lockPayment(tx: Tx, paymentId: string): Promise<void> {
  await run(
    sqlBuilder
      .selectFrom("payment")
      .select(sql<number>`1`.as("one"))
      .where("id", "=", uuid(paymentId))
      .forUpdate(),
    tx,
  );
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
 * or removed when nothing is owed any more (a balance that completed the order after all). A
 * refund whose payout started (PAYING) is no longer open: it is never changed or removed here,
 * and money that arrives after it is owed by a new row.
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
  // Money owed again after a payout started goes where the buyer last claimed this payment's refund to.
  const claimed = await tx.refund.findFirst({
    where: { paymentId: owed.paymentId, claimedAt: { not: null } },
    orderBy: { claimedAt: "desc" },
    select: { refundAddress: true, claimedAt: true, claimedBy: true },
  });
  const row = await tx.refund.upsert({
    where: { openFor: owed.paymentId },
    update: fields,
    create: {
      ...fields,
      ...claimed,
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
  await recordRefundEvents(tx, [row.id]);
}

/** A card payment the order cannot use: refunded in full, once. */
export async function oweCardRefund(
  tx: Tx,
  input: { paymentId: string; orderId: string; partnerId: string | null; amountCents: bigint; reason: string },
): Promise<void> {
  if (input.amountCents <= 0n) return;
  const existing = await tx.refund.findFirst({ where: { paymentId: input.paymentId, method: "card" } });
  if (existing) return;
  const id = randomUUID();
  await tx.refund.createMany({
    data: [
      {
        id,
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
  await recordRefundEvents(tx, [id]);
}

const usd = (cents: bigint | string) => `${formatUnits(BigInt(cents), 2)} USD`;

/** Our state of a card refund from the processor's word: PAID only once it succeeded. */
function refundStatusOf(processorStatus: string): RefundStatus {
  if (processorStatus === "succeeded") return "PAID";
  return processorStatus === "failed" || processorStatus === "canceled" ? "FAILED" : "DUE";
}

/**
 * Asks the card processor for one DUE refund not asked for yet; the idempotency key is the
 * refund's id, so a retry after a timeout never refunds twice. Answers true when the refund
 * succeeded. A refund the processor refuses (a charge partly refunded in its dashboard meanwhile)
 * makes us read the charge's refunds, so the next attempt asks for what is left, as a new row.
 */
export async function requestCardRefund(refundId: string): Promise<boolean> {
  const refund = await db().refund.findUnique({
    where: { id: refundId },
    include: { payment: { select: { processor: true, processorRef: true, connectedAccountId: true } } },
  });
  if (!refund || refund.status !== "DUE" || refund.method !== "card" || refund.processorRefundId !== null) return false;
  const intentId = refund.payment.processorRef;
  const processor = cardProcessorForUndo(refund.payment.processor);
  if (!intentId || !processor) return false;
  let made: CardRefund;
  try {
    made = await processor.refund({
      paymentIntentId: intentId,
      amountCents: Number(atomic(refund.amountAtomic)),
      reverseTransfer: Boolean(refund.payment.connectedAccountId),
      idempotencyKey: `refund-${refund.id}`,
    });
  } catch (error) {
    await recordCardRefunds(refund.paymentId, await processor.listRefunds(intentId)).catch(() => undefined);
    throw error;
  }
  await recordCardRefunds(refund.paymentId, [made], refund.id);
  return made.status === "succeeded";
}

/**
 * Records what the processor says of a card payment's refunds, under the payment's row lock: each
 * refund is its own row (ours, found by its id; one made elsewhere, such as Stripe's dashboard, is
 * added), PAID only once it succeeded, FAILED when it failed or was cancelled. A refund still to
 * be asked for becomes what is left of the charge. The order follows: all its money back, a
 * FAILED order is REFUNDED and a COMPLETED one reversed; part of it, noted. `claim`: our row the
 * processor has just made `seen[0]` for.
 */
export async function recordCardRefunds(paymentId: string, seen: CardRefund[], claim?: string): Promise<void> {
  await inTransaction(async (tx) => {
    const payment = await first(
      sqlBuilder
        .selectFrom("payment")
        .select([sql<string>`amount_received::text`.as("amount_received"), "order_id", "connected_account_id"])
        .where("id", "=", uuid(paymentId))
        .forUpdate(),
      tx,
    );
    if (!payment) return;
    const order = await tx.order.findUniqueOrThrow({
      where: { id: payment.order_id },
      select: {
        id: true,
        domain: true,
        kind: true,
        years: true,
        createdAt: true,
        orderStatus: true,
        orderStatusReason: true,
        partnerId: true,
      },
    });
    const rows = await tx.refund.findMany({ where: { paymentId, method: "card" }, orderBy: { createdAt: "asc" } });
    const now = new Date();
    const newlyPaid: string[] = [];
    const touched: string[] = [];
    const booked: CardRefund[] = [];
    const unbooked: string[] = [];
    for (const refund of seen) {
      const status = refundStatusOf(refund.status);
      const index = rows.findIndex(
        (row) =>
          row.processorRefundId === refund.refundId ||
          (row.id === claim && row.processorRefundId === null && row.status === "DUE"),
      );
      const row = rows[index];
      if (row && row.processorStatus === refund.status && row.processorRefundId === refund.refundId) continue;
      if (status === "PAID" && row?.status !== "PAID") {
        newlyPaid.push(refund.refundId);
        booked.push(refund);
      }
      if (status === "FAILED" && row?.status === "PAID") unbooked.push(refund.refundId);
      const failed =
        status === "FAILED"
          ? ` The card refund ${refund.refundId} ${refund.status === "canceled" ? "was cancelled" : "failed"}` +
            `${refund.failureReason ? ` (${refund.failureReason})` : ""}: the money was not returned by it; the ` +
            "operator must return it another way."
          : "";
      if (row) {
        touched.push(row.id);
        rows[index] = await tx.refund.update({
          where: { id: row.id },
          data: {
            processorRefundId: refund.refundId,
            processorStatus: refund.status,
            status,
            amountAtomic: String(refund.amountCents),
            paidAt: status === "PAID" ? (row.paidAt ?? now) : null,
            openFor: null,
            reason: row.reason + failed,
          },
        });
      } else {
        const id = randomUUID();
        touched.push(id);
        rows.push(
          await tx.refund.create({
            data: {
              id,
              orderId: order.id,
              paymentId,
              partnerId: order.partnerId,
              method: "card",
              status,
              reason:
                `Refunded ${usd(String(refund.amountCents))} at the card processor ` +
                `(refund ${refund.refundId}).${failed}`,
              currency: "USD",
              decimals: 2,
              amountAtomic: String(refund.amountCents),
              processorRefundId: refund.refundId,
              processorStatus: refund.status,
              paidAt: status === "PAID" ? now : null,
              createdAt: now,
            },
          }),
        );
      }
    }
    for (const refundId of unbooked) await undoCardRefund(tx, refundId, now);
    for (const refund of booked)
      await recordCardRefundPaid(tx, {
        orderId: order.id,
        partnerId: order.partnerId,
        refundId: refund.refundId,
        amountCents: BigInt(refund.amountCents),
        partnerKeepsShare: payment.connected_account_id !== null && refund.transferReversed === false,
        at: now,
      });
    const received = BigInt(payment.amount_received);
    const sum = (list: typeof rows) => list.reduce((total, row) => total + atomic(row.amountAtomic), 0n);
    const asked = rows.filter(
      (row) => row.processorRefundId !== null && (row.status === "PAID" || row.status === "DUE"),
    );
    // The refund still to ask for is what is left of the charge, as a row of its own (a new
    // idempotency key), so a charge partly refunded elsewhere is not refused for ever.
    const unasked = rows.find((row) => row.processorRefundId === null && row.status === "DUE");
    if (unasked) {
      const left = received - sum(asked);
      if (left < atomic(unasked.amountAtomic)) {
        await tx.refund.delete({ where: { id: unasked.id } });
        if (left > 0n) {
          const id = randomUUID();
          touched.push(id);
          await tx.refund.create({
            // After the refunds recorded in this transaction, so lists keep the order things happened in.
            data: {
              ...unasked,
              id,
              amountAtomic: left.toString(),
              createdAt: new Date(now.getTime() + 1),
              updatedAt: now,
            },
          });
        }
      }
    }
    await recordRefundEvents(tx, touched);
    const paid = rows.filter((row) => row.status === "PAID" && row.processorRefundId !== null);
    const paidCents = sum(paid);
    if (received > 0n && paidCents >= received) {
      const ids = paid.map((row) => row.processorRefundId).join(", ");
      const refunds = `(refund${paid.length === 1 ? "" : "s"} ${ids})`;
      if (order.orderStatus === "FAILED")
        await transitionOrder(tx, {
          orderId: order.id,
          to: "REFUNDED",
          from: ["FAILED"],
          reason: `Refunded ${usd(paidCents)} to the card ${refunds}. ${order.orderStatusReason}`,
        });
      else if (order.orderStatus === "COMPLETED")
        await reverseCompletedOrder(tx, order, `Refunded ${usd(paidCents)} at the card processor ${refunds}.`);
    } else if (newlyPaid.length > 0 && order.orderStatus === "COMPLETED") {
      await noteOrder(
        tx,
        order.id,
        "COMPLETED",
        `${order.orderStatusReason} ${usd(paidCents)} of ${usd(received)} was refunded at the card processor ` +
          `(refund ${newlyPaid.join(", ")}).`,
      );
    }
  });
}

/**
 * The settlement job's part: every card refund not asked for yet is asked for until the processor
 * makes it; one the processor has not finished (pending) is read again, at most once a minute.
 */
export async function processDueCardRefunds(log: (message: string) => void, limit = 50): Promise<string[]> {
  const due = await db().refund.findMany({
    where: {
      status: "DUE",
      method: "card",
      OR: [{ processorRefundId: null }, { updatedAt: { lt: new Date(Date.now() - PENDING_RECHECK_MS) } }],
    },
    select: {
      id: true,
      paymentId: true,
      processorRefundId: true,
      payment: { select: { processor: true, processorRef: true } },
    },
    orderBy: { createdAt: "asc" },
    take: limit,
  });
  const made: string[] = [];
  for (const refund of due) {
    try {
      if (refund.processorRefundId === null) {
        if (await requestCardRefund(refund.id)) made.push(refund.id);
        continue;
      }
      await db().refund.update({ where: { id: refund.id }, data: { updatedAt: new Date() } });
      const processor = cardProcessorForUndo(refund.payment.processor);
      if (!processor || !refund.payment.processorRef) continue;
      await recordCardRefunds(refund.paymentId, await processor.listRefunds(refund.payment.processorRef));
    } catch (error) {
      log(`card refund ${refund.id} not made yet: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return made;
}

/** A card refund the processor has not finished is read again at most this often. */
const PENDING_RECHECK_MS = 60_000;

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
    amount: exactNumber(formatUnits(atomic(row.amountAtomic), row.decimals)),
    amountAtomic: atomicText(row.amountAtomic),
    decimals: row.decimals,
    chain: row.chain,
    senderAddress: row.senderAddress,
    refundAddress: row.refundAddress,
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
export async function listRefunds(filter: { partnerId?: string; status?: RefundStatus }): Promise<RefundView[]> {
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
