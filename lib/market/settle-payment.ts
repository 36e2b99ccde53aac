import "server-only";
import type { OrderKind, OrderStatus, PaymentStatus } from "@prisma/client";
import { db } from "@/lib/db";
import { first, prepared, sql, sqlBuilder, type RawBuilder } from "@/lib/db/sql";
import { acceptsPaymentsFrom } from "@/lib/payments/card/card-processor-of";
import { classifyPayment, dustTolerance } from "@/lib/payments/crypto/classify-payment";
import { readPaymentProgress } from "@/lib/payments/crypto/record-transfers";
import { formatUnits } from "@/lib/payments/crypto/rates";
import { fulfilOrder } from "./fulfil-order";
import { markRenewalPaid } from "./fulfil-renewal";
import { inTransaction } from "@/lib/db/in-transaction";
import { orderStatusOf } from "./order-rows";
import { endedWithoutPayment, noteOrder, onItsOwn, transitionOrder, type TransitionInput } from "./order-state";
import {
  cryptoAmountOwed,
  lockPayment,
  oweCardRefund,
  refundedAmount,
  requestCardRefund,
  syncCryptoRefund,
} from "./refunds";
import { isInFlight, tryReserveName } from "./reserve-name";
import { uuid } from "./sql-casts";

// Settlement: the order follows the money recorded for it, whoever recorded it (Stripe webhook,
// test checkout, order read, chain watcher). Recording money and settling are separate commits,
// so recording leaves the payment `settlementDue` and settlePayment clears it only once the order
// reflects that amount: a crash, a database error or a lost callback in between is repaired by
// the settlement job (settleDuePayments), never lost. Money the order cannot use becomes a refund.

const PAID_REASON = "Payment confirmed; registering the name.";

const CRYPTO_PROCESSORS = new Set(["evm", "bitcoin"]);

/** Marks the order PAID (idempotent); answers the status it has afterwards. */
export async function markOrderPaid(
  orderId: string,
  reason = PAID_REASON,
  now = new Date(),
): Promise<OrderStatus | null> {
  // The usual case, a purchase paid while its order holds the name, is one statement on its own.
  const paidInTime: TransitionInput = {
    orderId,
    to: "PAID",
    from: ["PENDING"],
    reason,
    data: { paidAt: now },
    whileHolding: true,
  };
  if (await transitionOrder(onItsOwn, paidInTime)) return "PAID";
  return inTransaction(async (tx) => {
    // The order and whether it holds its name, in one read.
    const order = await first(
      sqlBuilder
        .selectFrom("order")
        .select((eb) => [
          sql<OrderStatus>`order_status::text`.as("orderStatus"),
          "domain",
          sql<OrderKind>`kind::text`.as("kind"),
          eb
            .exists(
              eb
                .selectFrom("name_reservation")
                .select(sql<number>`1`.as("one"))
                .where("order_id", "=", uuid(orderId)),
            )
            .as("held"),
        ])
        .where("id", "=", uuid(orderId)),
      tx,
    );
    if (!order) return null;
    if (order.orderStatus === "PAID" || order.orderStatus === "COMPLETED" || order.orderStatus === "REFUNDED")
      return order.orderStatus;
    if (order.kind === "RENEWAL") return markRenewalPaid(tx, orderId, order.orderStatus, reason, now);
    if (order.orderStatus === "PENDING") {
      if (order.held) {
        if (await transitionOrder(tx, { orderId, to: "PAID", from: ["PENDING"], reason, data: { paidAt: now } }))
          return "PAID";
        const current = await tx.order.findUnique({ where: { id: orderId }, select: { orderStatus: true } });
        if (current?.orderStatus === "PAID" || current?.orderStatus === "COMPLETED") return current.orderStatus;
      }
    }
    const ended = order.orderStatus === "FAILED" ? "failed" : "expired";
    // Expired, failed, or its hold was taken over: the payment still counts if the name is free.
    if (await tryReserveName(tx, order.domain, orderId, now)) {
      await transitionOrder(tx, {
        orderId,
        to: "PAID",
        reason: `${reason} It arrived after the order had ${ended}; the name was still free.`,
        data: { paidAt: now },
      });
      return "PAID";
    }
    const refund =
      `Payment received after the order had ${ended}, but ${order.domain} is no longer available; the ` +
      "payment is refunded.";
    if (!(await transitionOrder(tx, { orderId, to: "FAILED", reason: refund })))
      await noteOrder(tx, orderId, "FAILED", refund);
    return "FAILED";
  });
}

/** PAID then COMPLETED; the status the order ends in. */
export async function settlePaidOrder(orderId: string, reason?: string, now = new Date()): Promise<OrderStatus | null> {
  const status = await markOrderPaid(orderId, reason, now);
  if (status !== "PAID") return status;
  return fulfilOrder(orderId, now);
}

/** A payment and its order's state, as settlement reads them. */
export interface PaymentRow {
  id: string;
  orderId: string;
  processor: string;
  status: PaymentStatus;
  amountDue: string;
  amountReceived: string;
  chain: string | null;
  decimals: number | null;
  expiresAt: Date | null;
  order: { orderStatus: OrderStatus; partnerId: string | null; expiresAt: Date | null; kind: OrderKind };
}

const date = (value: Date | string | null) => (value === null ? null : new Date(value));

/** A row of settlementColumns, as the statement reads it: the payment with its order's fields beside it. */
export type SettlementRow = Omit<PaymentRow, "order"> & {
  orderStatus: OrderStatus;
  partnerId: string | null;
  orderExpiresAt: Date | null;
  kind: OrderKind;
};

/**
 * The columns settlement reads, from `payment p JOIN "order" o`. A statement that has just
 * recorded money gives the payment's new status and amount as other expressions (its own reads
 * see the rows as they were before it), and hands its row to settlePayment.
 */
export function settlementColumns(
  status: RawBuilder<unknown> = sql`p.status`,
  amountReceived: RawBuilder<unknown> = sql`p.amount_received`,
): RawBuilder<unknown> {
  return sql`p.id, p.order_id AS "orderId", p.processor, ${status} AS status, p.amount_due AS "amountDue",
          ${amountReceived} AS "amountReceived", p.chain, p.decimals, p.expires_at AS "expiresAt",
          o.order_status AS "orderStatus", o.partner_id AS "partnerId", o.expires_at AS "orderExpiresAt", o.kind`;
}

/** A row of settlementColumns as settlement uses it. */
export function settlementRowOf(row: SettlementRow): PaymentRow {
  const { orderStatus, partnerId, orderExpiresAt, kind, expiresAt, ...payment } = row;
  return {
    ...payment,
    expiresAt: date(expiresAt),
    order: { orderStatus, partnerId, expiresAt: date(orderExpiresAt), kind },
  };
}

// The same column list as the card processor's recording statement, which the builder cannot share.
const readForSettlement = prepared(
  (paymentId: string) =>
    sql<SettlementRow>`SELECT ${settlementColumns()}
      FROM payment p JOIN "order" o ON o.id = p.order_id WHERE p.id = ${paymentId}::uuid`,
);

/** The payment and its order's state, as settlement reads them: one statement through the driver. */
async function paymentForSettlement(paymentId: string): Promise<PaymentRow | null> {
  const [row] = await readForSettlement([paymentId]);
  return row ? settlementRowOf(row) : null;
}

const clearSettlementDue = prepared((paymentId: string, amountReceived: string, now: Date) =>
  sqlBuilder
    .updateTable("payment")
    .set({ settlement_due: sql.lit(false), updated_at: now })
    .where("id", "=", uuid(paymentId))
    .where((eb) => eb.ref("settlement_due"))
    .where("amount_received", "=", amountReceived),
);

/**
 * Settles the order against everything recorded for its payment; safe to call any number of
 * times, from anywhere. Answers the order's status afterwards. `read`: the payment as the
 * statement that has just recorded its money read it (settlementColumns), instead of a new read.
 */
export async function settlePayment(
  paymentId: string,
  now = new Date(),
  read?: PaymentRow,
): Promise<OrderStatus | null> {
  const payment = read ?? (await paymentForSettlement(paymentId));
  if (!payment) return null;
  const status = CRYPTO_PROCESSORS.has(payment.processor)
    ? await settleCrypto(payment, now)
    : await settleCard(payment, now);
  // Cleared only if nothing new was recorded meanwhile; otherwise the next pass settles that too.
  await clearSettlementDue([paymentId, payment.amountReceived, new Date()]);
  return status;
}

async function settleCrypto(payment: PaymentRow, now: Date): Promise<OrderStatus | null> {
  const progress = await readPaymentProgress(payment.id);
  if (!progress) return payment.order.orderStatus;
  const due = BigInt(progress.amountDue);
  const paidOut = await refundedAmount(db(), payment.id);
  // Money already sent back no longer counts towards the order.
  const available = BigInt(progress.amountReceived) - paidOut;
  const classification = classifyPayment({ ...progress, amountReceived: available, now });
  const covered = classification.state === "paid" || classification.state === "overpaid";
  const amount = (atomic: bigint) => `${formatUnits(atomic, progress.decimals)} ${progress.currency}`;
  await db().payment.update({ where: { id: payment.id }, data: { status: classification.state } });

  let status = payment.order.orderStatus;
  if (covered && (status === "PENDING" || status === "EXPIRED" || status === "FAILED")) {
    status = (await settlePaidOrder(payment.orderId, classification.reason, now)) ?? status;
  } else if (status === "PAID") {
    status = (await fulfilOrder(payment.orderId, now)) ?? status;
  } else if (!covered && available > 0n) {
    // The order's offer decides (the expiry job reads the same column).
    const offerEnds = payment.order.expiresAt ?? progress.expiresAt;
    // The rest of the amount seen in time and still confirming: the offer has not run out for it.
    const expired =
      offerEnds !== null &&
      now.getTime() > offerEnds.getTime() &&
      !isInFlight(
        (await db().payment.findUnique({ where: { id: payment.id }, select: { inFlightUntil: true } })) ?? {},
        now,
      );
    const owedNote =
      `${classification.reason} The offer expired before the full amount arrived; ` +
      `${endedWithoutPayment(payment.order.kind)} and the ${amount(available)} received is owed back to the ` +
      "sender.";
    await inTransaction(async (tx) => {
      if (status === "PENDING" && !expired) await noteOrder(tx, payment.orderId, "PENDING", classification.reason);
      else if (status === "PENDING" || status === "EXPIRED")
        await transitionOrder(tx, { orderId: payment.orderId, to: "FAILED", from: [status], reason: owedNote });
    });
    status = (await orderStatusOf(payment.orderId)) ?? status;
  }

  const senders = await sendersOf(payment.id);
  const tolerance = dustTolerance(due, progress.decimals, progress.currency);
  const reasonFor = (owed: bigint, available: bigint) =>
    status === "COMPLETED" || status === "PAID"
      ? `Overpaid by ${amount(owed)}: ${amount(available)} received for ${amount(due)} due.`
      : `Received ${amount(available)} for an order that was not fulfilled ` +
        `(${
          status === "REFUNDED"
            ? "already refunded"
            : payment.order.kind === "RENEWAL"
              ? "underpaid, late, or the renewal could not be applied"
              : "underpaid, late, or the name was taken"
        }).`;
  await inTransaction(async (tx) => {
    // Under the payment's lock, and with what was paid out read again here: a payout recorded
    // since the read above is counted, so a refund already paid is never owed again.
    await lockPayment(tx, payment.id);
    const returned = await refundedAmount(tx, payment.id);
    const available = BigInt(progress.amountReceived) - returned;
    const owed = cryptoAmountOwed(status, available, due, tolerance);
    const reason = reasonFor(owed, available);
    await syncCryptoRefund(tx, {
      paymentId: payment.id,
      orderId: payment.orderId,
      partnerId: payment.order.partnerId,
      currency: progress.currency,
      decimals: progress.decimals,
      chain: payment.chain,
      senderAddress: senders[0] ?? null,
      amountAtomic: owed,
      reason: senders.length > 1 ? `${reason} Several senders: ${senders.join(", ")}.` : reason,
    });
    // Everything the order could not use went back (no payout still under way): REFUNDED.
    const references = await tx.refund.findMany({
      where: { paymentId: payment.id, status: { in: ["PAID", "PAYING"] } },
      select: { payoutReference: true, status: true },
    });
    // Dust written off is no payout: an order whose money was only written off stays FAILED.
    if (status === "FAILED" && owed === 0n && references.length > 0 && references.every((r) => r.status === "PAID")) {
      await transitionOrder(tx, {
        orderId: payment.orderId,
        to: "REFUNDED",
        from: ["FAILED"],
        reason:
          `Refunded: ${amount(returned)} was sent back to ${senders[0] ?? "the sender"} ` +
          `(${references.map((r) => r.payoutReference).join(", ")}).`,
      });
    }
  });
  return orderStatusOf(payment.orderId);
}

/** Distinct senders of the payment's transfers, first arrival first. */
async function sendersOf(paymentId: string): Promise<string[]> {
  const transfers = await db().cryptoTransfer.findMany({
    where: { paymentId, fromAddress: { not: null } },
    orderBy: [{ createdAt: "asc" }, { blockNumber: "asc" }],
    select: { fromAddress: true },
  });
  return [...new Set(transfers.map((t) => t.fromAddress!))];
}

const TEST_IN_LIVE_REASON =
  "This order was paid with the built-in test processor, which this server no longer accepts since Stripe " +
  "was configured; the order cannot be completed.";

async function settleCard(payment: PaymentRow, now: Date): Promise<OrderStatus | null> {
  const orderId = payment.orderId;
  if (payment.status !== "succeeded" && payment.status !== "mismatched") return payment.order.orderStatus;
  if (!acceptsPaymentsFrom(payment.processor)) {
    // Test money is no money: it completes nothing once the server takes live payments.
    await inTransaction((tx) =>
      transitionOrder(tx, { orderId, to: "FAILED", from: ["PENDING", "EXPIRED", "PAID"], reason: TEST_IN_LIVE_REASON }),
    );
    return orderStatusOf(orderId);
  }
  const received = BigInt(payment.amountReceived);
  let status: OrderStatus | null;
  if (payment.status === "mismatched") {
    const reason =
      `The card payment of ${received} cents does not match the ${payment.amountDue} USD cents due; it is ` +
      "refunded.";
    await inTransaction((tx) => transitionOrder(tx, { orderId, to: "FAILED", from: ["PENDING", "EXPIRED"], reason }));
    status = await orderStatusOf(orderId);
  } else {
    status = await settlePaidOrder(orderId, "Card payment succeeded; registering the name.", now);
  }
  if (status === "FAILED" || status === "EXPIRED") {
    const order = await db().order.findUnique({ where: { id: orderId }, select: { orderStatusReason: true } });
    await inTransaction((tx) =>
      oweCardRefund(tx, {
        paymentId: payment.id,
        orderId,
        partnerId: payment.order.partnerId,
        amountCents: received,
        reason: order?.orderStatusReason ?? "The order could not be fulfilled.",
      }),
    );
    const due = await db().refund.findFirst({
      where: { paymentId: payment.id, method: "card", status: "DUE" },
      select: { id: true },
    });
    // The fast path; a processor that does not answer now is asked again by the settlement job.
    if (due) await requestCardRefund(due.id).catch(() => false);
    status = await orderStatusOf(orderId);
  }
  return status;
}

/** The settlement job: every payment with money recorded and not yet settled, until it is. */
export async function settleDuePayments(log: (message: string) => void, limit = 100): Promise<string[]> {
  const due = await db().payment.findMany({
    where: { settlementDue: true },
    select: { id: true },
    orderBy: { updatedAt: "asc" },
    take: limit,
  });
  const settled: string[] = [];
  for (const { id } of due) {
    try {
      await settlePayment(id);
      settled.push(id);
    } catch (error) {
      log(`settlement of payment ${id} failed, retried next tick: ${error instanceof Error ? error.message : error}`);
    }
  }
  return settled;
}
