import "server-only";
import { randomUUID } from "node:crypto";
import type { OrderStatus } from "@prisma/client";
import { config } from "@/lib/config";
import { db } from "@/lib/db";
import { first, prepared, sql, sqlBuilder } from "@/lib/db/sql";
import { cardProcessorForUndo, cardProcessorNamed } from "@/lib/payments/card/card-processor-of";
import type { CardRefund } from "@/lib/payments/card/card-processor";
import { formatUnits } from "@/lib/payments/crypto/rates";
import { recordRefundEvents } from "@/lib/webhooks/outbox";
import { appendLedger } from "@/lib/ledger/entries";
import { inTransaction } from "@/lib/db/in-transaction";
import { recordDisputeLost } from "./ledger-entries";
import { orderStatusOf } from "./order-rows";
import { platformFeeCents } from "./platform-fee";
import { endedWithoutPayment, noteOrder, transitionOrder } from "./order-state";
import { recordCardRefunds } from "./refunds";
import { settlementColumns, settlementRowOf, settlePayment, type SettlementRow } from "./settle-payment";
import { reverseCompletedOrder, type ReversibleOrder } from "./reverse-order";

// What a card processor reports about a PaymentIntent and its charge, mapped onto the order. The
// Stripe webhook, the test checkout, an order read and the cancel job all end here, so the order
// of their arrival does not matter: each handler re-reads the stored state and moves it forward.

export interface CardSucceeded {
  paymentIntentId: string;
  amountReceivedCents: number;
  currency: string;
}

/** A pending order re-asks the processor at most this often, however often it is read. */
export const PROCESSOR_RECHECK_MS = 5_000;

/** The payment of a processor's intent, with its order's kind. */
async function paymentOfIntent(paymentIntentId: string) {
  const row = await first(
    sqlBuilder
      .selectFrom("payment as p")
      .innerJoin("order as o", "o.id", "p.order_id")
      .select(["p.id", "p.order_id as orderId", "p.amount_due as amountDue", "p.processor", "p.status", "o.kind"])
      .where("p.processor_ref", "=", paymentIntentId),
  );
  if (!row) return null;
  const { kind, ...payment } = row;
  return { ...payment, order: { kind } };
}

/**
 * The ledger's rows of a card payment recorded by the statement below (its `recorded` row), in the
 * same statement: the sale, and for a partner's sale the platform's fee (the application fee
 * decided with the order, else the configured fee: $5) and the partner's share, transferred by
 * Stripe itself on a destination charge. Keyed by the PaymentIntent, so a replay writes nothing.
 */
function cardSaleLedger(paymentIntentId: string, currency: string, amount: string, now: Date, defaultFee: number) {
  return sql`
  INSERT INTO ledger_entry (id, entry_key, kind, currency, decimals, amount_atomic, usd_cents, partner_id,
                            order_id, reference, occurred_at, transferred)
  SELECT gen_random_uuid(), e.kind || ':' || ${paymentIntentId}, e.kind, upper(${currency}), 2, e.amount,
         CASE WHEN lower(${currency}) = 'usd' THEN e.amount END, o.partner_id, o.id, ${paymentIntentId}, ${now},
         e.transferred
    FROM recorded r JOIN payment p ON p.id = r.id JOIN "order" o ON o.id = p.order_id
   CROSS JOIN LATERAL (SELECT least(coalesce(p.platform_fee_cents, ${defaultFee}::int), ${amount}::text::numeric)
                              AS fee) f
   CROSS JOIN LATERAL (VALUES ('sale', ${amount}::text::numeric, false),
                              ('platform_fee', f.fee, false),
                              ('partner_share', ${amount}::text::numeric - f.fee, p.connected_account_id IS NOT NULL))
                      AS e(kind, amount, transferred)
   WHERE e.kind = 'sale'
      OR (lower(${currency}) = 'usd' AND o.partner_id IS NOT NULL
          AND (p.connected_account_id IS NOT NULL OR o.parent_id IS NOT NULL))
  ON CONFLICT (entry_key) DO NOTHING`;
}

// Whole, as written: data-modifying CTEs feeding a ledger insert over a lateral VALUES list would
// be riskier to translate into the builder than they are worth. Compiled once (every card payment).
const recordCardSuccess = prepared(
  (intent: string, currency: string, amount: string, now: Date, defaultFee: number) =>
    sql<SettlementRow>`WITH found AS (SELECT id, amount_due FROM payment WHERE processor_ref = ${intent}),
       recorded AS (
         UPDATE payment SET amount_received = ${amount}::numeric, settlement_due = true, cancel_due = false,
             updated_at = ${now},
             status = CASE WHEN lower(${currency}) = 'usd' AND ${amount}::numeric >= found.amount_due
                           THEN 'succeeded' ELSE 'mismatched' END::"PaymentStatus"
           FROM found WHERE payment.id = found.id AND payment.status NOT IN ('succeeded', 'mismatched')
           RETURNING payment.id, payment.status, payment.amount_received),
       booked AS (${cardSaleLedger(intent, currency, amount, now, defaultFee)})
     SELECT ${settlementColumns(sql`coalesce(r.status, p.status)`, sql`coalesce(r.amount_received, p.amount_received)`)}
       FROM found JOIN payment p ON p.id = found.id JOIN "order" o ON o.id = p.order_id
       LEFT JOIN recorded r ON r.id = p.id`,
);

/**
 * The money is recorded first (with `settlementDue`), then the order is settled against it; a
 * crash between the two is settled by the job.
 */
export async function onCardPaymentSucceeded(event: CardSucceeded): Promise<OrderStatus | null> {
  // Found and recorded in one statement, which also reads what settlement needs; a payment
  // recorded already is left as it is, and settled again below (settlement is idempotent).
  const [row] = await recordCardSuccess([
    event.paymentIntentId,
    event.currency,
    String(event.amountReceivedCents),
    new Date(),
    platformFeeCents(event.amountReceivedCents),
  ]);
  if (!row) return null;
  // Crash test hook: dies like a power cut after the payment is recorded and before settlement.
  if (config().FAULT_INJECT === "after-credit") process.kill(process.pid, "SIGKILL");
  const status = await settlePayment(row.id, new Date(), settlementRowOf(row));
  // After settlement, and never failing it: a fee Stripe does not tell now comes with charge.updated.
  await recordProcessorFee(event.paymentIntentId).catch(() => undefined);
  return status;
}

/**
 * Stripe's fee on the intent's charge (its balance transaction's), once, as a processor_fee row:
 * the platform pays it, also on a partner's destination charge (out of the application fee).
 */
export async function recordProcessorFee(paymentIntentId: string): Promise<void> {
  const payment = await paymentOfIntent(paymentIntentId);
  if (!payment || (payment.status !== "succeeded" && payment.status !== "mismatched")) return;
  const key = `processor_fee:${paymentIntentId}`;
  if (await db().ledgerEntry.findUnique({ where: { entryKey: key }, select: { id: true } })) return;
  const fee = await cardProcessorForUndo(payment.processor)?.processorFee?.(paymentIntentId);
  if (!fee) return;
  const order = await db().order.findUnique({ where: { id: payment.orderId }, select: { partnerId: true } });
  await inTransaction((tx) =>
    appendLedger(tx, [
      {
        key,
        kind: "processor_fee",
        currency: fee.currency,
        decimals: 2,
        amountAtomic: BigInt(fee.feeCents),
        usdCents: fee.currency === "USD" ? BigInt(fee.feeCents) : null,
        partnerId: order?.partnerId ?? null,
        orderId: payment.orderId,
        reference: fee.reference,
      },
    ]),
  );
}

/**
 * A declined attempt: the intent goes back to awaiting a payment method, so the order stays
 * PENDING and keeps the name until its offer runs out or the intent is cancelled.
 */
export async function onCardPaymentDeclined(event: {
  paymentIntentId: string;
  message?: string;
}): Promise<OrderStatus | null> {
  const payment = await paymentOfIntent(event.paymentIntentId);
  if (!payment) return null;
  const reason =
    `The card payment was declined: ${event.message ?? "no reason given"}. The name stays held for this ` +
    "order until its offer expires; another card may be tried.";
  await inTransaction(async (tx) => {
    await noteOrder(tx, payment.orderId, "PENDING", reason);
    // A payment that was processing and then failed no longer keeps the hold past the offer.
    await tx.payment.updateMany({
      where: { id: payment.id, status: { in: ["creating", "processing"] } },
      data: { status: "requires_payment_method" },
    });
  });
  return orderStatusOf(payment.orderId);
}

/** The intent can no longer be paid: the order fails (unless it had already ended) and frees the name. */
export async function onCardIntentCanceled(event: { paymentIntentId: string }): Promise<OrderStatus | null> {
  const payment = await paymentOfIntent(event.paymentIntentId);
  if (!payment) return null;
  await inTransaction(async (tx) => {
    await transitionOrder(tx, {
      orderId: payment.orderId,
      to: "FAILED",
      from: ["PENDING"],
      reason: `The card payment was cancelled and can no longer be made; ${endedWithoutPayment(payment.order.kind)}.`,
    });
    await tx.payment.updateMany({
      where: { id: payment.id, status: { notIn: ["succeeded", "mismatched"] } },
      data: { status: "canceled", cancelDue: false },
    });
  });
  return orderStatusOf(payment.orderId);
}

/** A payment is under way: the order keeps its name while it is (the expiry job waits for it). */
export async function onCardPaymentProcessing(event: { paymentIntentId: string }): Promise<OrderStatus | null> {
  const payment = await paymentOfIntent(event.paymentIntentId);
  if (!payment) return null;
  await inTransaction(async (tx) => {
    const { count } = await tx.payment.updateMany({
      where: { id: payment.id, status: { in: ["creating", "requires_payment_method"] } },
      data: { status: "processing" },
    });
    if (count > 0)
      await noteOrder(
        tx,
        payment.orderId,
        "PENDING",
        "A card payment is being processed; the name stays held until it completes.",
      );
  });
  return orderStatusOf(payment.orderId);
}

/**
 * Re-reads a pending card payment from its processor: the client's own check after paying, so an
 * order completes even when the webhook is late or lost (Stripe recommends fulfilling from both).
 * Reads of the same order ask the processor at most once per PROCESSOR_RECHECK_MS, on every
 * instance together (a compare-and-set on the payment row).
 */
export async function syncCardPayment(orderId: string, now = new Date()): Promise<void> {
  const payment = await db().payment.findUnique({
    where: { orderId },
    select: { id: true, processor: true, processorRef: true },
  });
  if (!payment?.processorRef || payment.processor !== "stripe") return;
  const processor = cardProcessorNamed(payment.processor);
  if (!processor) return;
  const { count } = await db().payment.updateMany({
    where: {
      id: payment.id,
      OR: [
        { processorCheckedAt: null },
        { processorCheckedAt: { lte: new Date(now.getTime() - PROCESSOR_RECHECK_MS) } },
      ],
    },
    data: { processorCheckedAt: now },
  });
  if (count === 0) return;
  const intent = await processor.retrieveIntent(payment.processorRef);
  if (intent.state === "succeeded") {
    await onCardPaymentSucceeded({
      paymentIntentId: payment.processorRef,
      amountReceivedCents: intent.amountReceivedCents,
      currency: intent.currency,
    });
  } else if (intent.state === "canceled") {
    await onCardIntentCanceled({ paymentIntentId: payment.processorRef });
  }
}

const usd = (cents: number) => `${formatUnits(BigInt(cents), 2)} USD`;

/** An order whose payment news may have arrived out of order: settled first, from the processor's word. */
async function settledOrderOfIntent(paymentIntentId: string) {
  const payment = await paymentOfIntent(paymentIntentId);
  if (!payment) return null;
  if (payment.status !== "succeeded" && payment.status !== "mismatched") {
    const processor = cardProcessorNamed(payment.processor);
    const intent = processor ? await processor.retrieveIntent(paymentIntentId) : undefined;
    if (intent?.state === "succeeded")
      await onCardPaymentSucceeded({
        paymentIntentId,
        amountReceivedCents: intent.amountReceivedCents,
        currency: intent.currency,
      });
  }
  const order = await db().order.findUnique({
    where: { id: payment.orderId },
    select: {
      id: true,
      domain: true,
      orderStatus: true,
      orderStatusReason: true,
      partnerId: true,
      kind: true,
      years: true,
      createdAt: true,
    },
  });
  return order ? { payment, order } : null;
}

/**
 * Refunds of the intent's charge were made or changed at the processor (ours, or made in Stripe's
 * dashboard): `charge.refunded` and `charge.refund.updated` (the charge carries no refund list
 * since API version 2022-11-15, so the processor is asked for them), `refund.created`,
 * `refund.updated` and `refund.failed` (the refund itself). Each refund is its own row, PAID only
 * once the processor says it succeeded; the order follows what was paid back (refunds.ts).
 */
export async function onCardRefundsChanged(event: {
  paymentIntentId: string;
  refund?: CardRefund;
}): Promise<OrderStatus | null> {
  const found = await settledOrderOfIntent(event.paymentIntentId);
  if (!found) return null;
  const { payment, order } = found;
  const processor = cardProcessorForUndo(payment.processor);
  const refunds = event.refund ? [event.refund] : processor ? await processor.listRefunds(event.paymentIntentId) : [];
  await recordCardRefunds(payment.id, refunds);
  return orderStatusOf(order.id);
}

export async function onCardDisputeOpened(event: {
  paymentIntentId: string;
  reason: string;
  amountCents: number;
  disputeId?: string;
  /** Unix seconds: when the evidence is due at Stripe. */
  dueBy?: number | null;
}): Promise<OrderStatus | null> {
  const found = await settledOrderOfIntent(event.paymentIntentId);
  if (!found) return null;
  const { order } = found;
  if (event.disputeId)
    await keepDispute({
      id: event.disputeId,
      paymentId: found.payment.id,
      orderId: order.id,
      amountCents: event.amountCents,
      reason: event.reason,
      status: "needs_response",
      dueBy: event.dueBy ? new Date(event.dueBy * 1000) : null,
    });
  const note =
    `The buyer's bank opened a dispute (${event.reason}) over ${usd(event.amountCents)}; the name stays ` +
    "active until it is decided.";
  if (!order.orderStatusReason.includes(note))
    await inTransaction((tx) => noteOrder(tx, order.id, order.orderStatus, `${order.orderStatusReason} ${note}`));
  return orderStatusOf(order.id);
}

/**
 * Stripe changed an open dispute (evidence submitted and under review, the due date moved, a
 * warning turned into a dispute): the operator's list shows its state. One that arrives before
 * the dispute's `created` opens it; one that arrives after its `closed` changes nothing (Stripe
 * does not promise the order of events).
 */
export async function onCardDisputeUpdated(event: {
  paymentIntentId: string;
  disputeId: string;
  reason: string;
  status: string;
  amountCents: number;
  dueBy?: number | null;
}): Promise<OrderStatus | null> {
  const change = {
    status: event.status,
    amountCents: event.amountCents,
    reason: event.reason,
    dueBy: event.dueBy ? new Date(event.dueBy * 1000) : null,
  };
  const open = { id: event.disputeId, closedAt: null };
  if ((await db().cardDispute.updateMany({ where: open, data: change })).count > 0)
    return (await settledOrderOfIntent(event.paymentIntentId))?.order.orderStatus ?? null;
  if (await db().cardDispute.findUnique({ where: { id: event.disputeId }, select: { id: true } })) return null;
  const status = await onCardDisputeOpened(event);
  await db().cardDispute.updateMany({ where: open, data: change });
  return status;
}

/** A lost dispute returned the money to the buyer: the order is REFUNDED and its name suspended. */
export async function onCardDisputeClosed(event: {
  paymentIntentId: string;
  /** Stripe's dp_… id: the ledger's reference of the money the dispute took. */
  disputeId?: string;
  status: string;
  amountCents: number;
}): Promise<OrderStatus | null> {
  const found = await settledOrderOfIntent(event.paymentIntentId);
  if (!found) return null;
  const { payment, order } = found;
  if (event.disputeId)
    await keepDispute({
      id: event.disputeId,
      paymentId: payment.id,
      orderId: order.id,
      amountCents: event.amountCents,
      reason: "",
      status: event.status,
      closedAt: new Date(),
    });
  if (event.status !== "lost") {
    const note = `The dispute was closed: ${event.status}.`;
    if (!order.orderStatusReason.includes(note))
      await inTransaction((tx) => noteOrder(tx, order.id, order.orderStatus, `${order.orderStatusReason} ${note}`));
    return orderStatusOf(order.id);
  }
  const disputeId = event.disputeId ?? `dispute-of:${event.paymentIntentId}`;
  await reverseCardOrder(payment.id, order, {
    disputeId,
    amountCents: event.amountCents,
    why: `The dispute was lost: ${usd(event.amountCents)} went back to the buyer.`,
  });
  await reverseDisputedTransfer(payment, disputeId, event.paymentIntentId);
  return orderStatusOf(order.id);
}

/**
 * Stripe debits a lost dispute from the platform, even on a destination charge: the partner's
 * part of it (the share the ledger took back) is reversed from the charge's transfer. A failure
 * throws, so Stripe sends the event again; the idempotency key makes it one reversal.
 */
async function reverseDisputedTransfer(
  payment: { id: string; processor: string },
  disputeId: string,
  paymentIntentId: string,
): Promise<void> {
  const share = await db().ledgerEntry.findUnique({
    where: { entryKey: `partner_share:${disputeId}` },
    select: { amountAtomic: true, transferred: true },
  });
  if (!share?.transferred || !share.amountAtomic.isNegative()) return;
  const processor = cardProcessorForUndo(payment.processor);
  if (!processor?.reverseTransfer) return;
  await processor.reverseTransfer({
    paymentIntentId,
    amountCents: -share.amountAtomic.toNumber(),
    idempotencyKey: `transfer-reversal-${disputeId}`,
  });
}

/** A lost dispute: the money it took back recorded as a paid refund, and the order REFUNDED. */
async function reverseCardOrder(
  paymentId: string,
  order: ReversibleOrder & { orderStatus: OrderStatus; partnerId: string | null },
  input: { disputeId: string; amountCents: number; why: string },
): Promise<void> {
  if (order.orderStatus === "PAID") order.orderStatus = (await settlePayment(paymentId)) ?? order.orderStatus;
  await inTransaction(async (tx) => {
    // A DUE refund of ours is settled by the dispute; otherwise the dispute is recorded as it happened.
    const settled = await tx.refund.findMany({
      where: { paymentId, method: "card", status: "DUE", processorRefundId: null },
      select: { id: true },
    });
    const { count } = await tx.refund.updateMany({
      where: { paymentId, method: "card", status: "DUE", processorRefundId: null },
      data: { status: "PAID", paidAt: new Date(), openFor: null },
    });
    const disputed = randomUUID();
    if (count === 0 && !(await tx.refund.findFirst({ where: { paymentId, method: "card", status: "PAID" } })))
      await tx.refund.create({
        data: {
          id: disputed,
          orderId: order.id,
          paymentId,
          partnerId: order.partnerId,
          method: "card",
          status: "PAID",
          reason: input.why,
          currency: "USD",
          decimals: 2,
          amountAtomic: String(input.amountCents),
          paidAt: new Date(),
        },
      });
    // refund.paid for what the dispute settled; an id not written is no refund and no event.
    await recordRefundEvents(tx, [...settled.map((refund) => refund.id), disputed]);
    await recordDisputeLost(tx, {
      orderId: order.id,
      partnerId: order.partnerId,
      disputeId: input.disputeId,
      amountCents: BigInt(input.amountCents),
      at: new Date(),
    });
    if (order.orderStatus === "COMPLETED") await reverseCompletedOrder(tx, order, input.why);
    else await transitionOrder(tx, { orderId: order.id, to: "REFUNDED", from: ["FAILED"], reason: input.why });
  });
}

/** The operator's record of a dispute: opened with its due date, closed with Stripe's verdict (events repeat). */
async function keepDispute(row: {
  id: string;
  paymentId: string;
  orderId: string;
  amountCents: number;
  reason: string;
  status: string;
  dueBy?: Date | null;
  closedAt?: Date;
}): Promise<void> {
  await db().cardDispute.upsert({
    where: { id: row.id },
    create: { ...row, dueBy: row.dueBy ?? null },
    update: row.closedAt
      ? { status: row.status, closedAt: row.closedAt }
      : { amountCents: row.amountCents, reason: row.reason, ...(row.dueBy !== undefined && { dueBy: row.dueBy }) },
  });
}
