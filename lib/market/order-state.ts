import "server-only";
import { randomUUID } from "node:crypto";
import type { OrderKind, OrderStatus, Prisma } from "@prisma/client";
import { prepared, sql, type Connection } from "@/lib/db/sql";
import { dropHere, invalidate, notifySql } from "@/lib/db/invalidation";
import { outboxCte, type WebhookEventType } from "@/lib/webhooks/outbox";

// The order state machine, in one place. Every change is a compare-and-set on the current status,
// so two deliveries of the same news (a webhook and the client, a redelivered event, two watcher
// ticks) move an order once; each move writes an OrderEvent for the order page's timeline.
//
//   PENDING ─paid─▶ PAID ─registered─▶ COMPLETED ─refunded, dispute lost─▶ REFUNDED
//      │              ├─cannot register─▶ FAILED ─money returned─▶ REFUNDED
//      │              └─a chain reorganisation took the payment back─▶ PENDING
//      ├─offer ran out, nothing received─▶ EXPIRED ─paid late, name still free─▶ PAID
//      │                                     └─paid late or short, name gone─▶ FAILED
//      └─intent can no longer be paid, offer ran out underpaid─▶ FAILED ─topped up, name free─▶ PAID
//
// A declined card attempt is not a move: the order stays PENDING while its intent can be paid.
// An order that ends without its card payment has the intent cancelled (Payment.cancelDue), and
// money held by an order that cannot use it is a Refund until it is returned.

export const TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  PENDING: ["PAID", "EXPIRED", "FAILED"],
  PAID: ["COMPLETED", "FAILED", "PENDING"],
  COMPLETED: ["REFUNDED"],
  EXPIRED: ["PAID", "FAILED"],
  FAILED: ["PAID", "REFUNDED"],
  REFUNDED: [],
};

/**
 * What an order that ended without (usable) payment gave up, for its reason: a purchase's hold
 * on the name; a renewal holds nothing, so it just did not apply.
 */
export function endedWithoutPayment(kind: OrderKind): string {
  return kind === "RENEWAL" ? "the renewal was not applied" : "the name was released";
}

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

/** States a move to `to` may start from. */
export function sourcesOf(to: OrderStatus): OrderStatus[] {
  return (Object.keys(TRANSITIONS) as OrderStatus[]).filter((from) => canTransition(from, to));
}

/** An order in one of these states holds its name's reservation. */
export function holdsReservation(status: OrderStatus): boolean {
  return status === "PENDING" || status === "PAID";
}

/** The order's timestamps a move may set with it (null clears one). */
export interface TransitionTimes {
  paidAt?: Date | null;
  completedAt?: Date | null;
  nameExpiresAt?: Date | null;
}

export interface TransitionInput {
  orderId: string;
  to: OrderStatus;
  reason: string;
  /** Narrower than the machine allows, e.g. only PENDING → EXPIRED for the expiry job. */
  from?: OrderStatus[];
  /** Only while the order holds its name's reservation (a purchase paid in time). */
  whileHolding?: boolean;
  data?: TransitionTimes;
}

// A move in one statement (Prisma's model writes cost a millisecond of CPU each, and a move made
// four): the compare-and-set on the status, the timeline event, the name's hold released when
// the new state holds none, and an unpaid card intent of an order that ended marked to be
// cancelled by the settlement job (lib/market/cancel-intents.ts) so it is no longer payable. The
// same statement tells the other instances to drop the order's cached reads (at commit), and
// writes the partner's `order.<state>` webhook event (lib/webhooks/outbox.ts), so a move that
// commits is reported and one that does not never is.
// A time is set only when given (null clears it, as with Prisma; undefined leaves it).
// A whole template, as the partner's event is a CTE whose text lib/webhooks/outbox.ts writes;
// compiled once, as a move runs with every payment. Each use of an argument is its own parameter.
const moveOrder = prepared(
  (
    orderId: string,
    to: OrderStatus,
    reason: string,
    from: OrderStatus[],
    now: Date,
    setPaidAt: boolean,
    paidAt: Date | null,
    setCompletedAt: boolean,
    completedAt: Date | null,
    setNameExpiresAt: boolean,
    nameExpiresAt: Date | null,
    eventId: string,
    release: boolean,
    cancel: boolean,
    whileHolding: boolean,
    eventType: WebhookEventType | null,
  ) => sql<{ id: string; published: string; events: string }>`WITH moved AS (
    UPDATE "order" SET order_status = ${to}::"OrderStatus", order_status_reason = ${reason},
        updated_at = ${now}::timestamptz,
        paid_at = CASE WHEN ${setPaidAt} THEN ${paidAt}::timestamptz ELSE paid_at END,
        completed_at = CASE WHEN ${setCompletedAt} THEN ${completedAt}::timestamptz ELSE completed_at END,
        name_expires_at = CASE WHEN ${setNameExpiresAt} THEN ${nameExpiresAt}::timestamptz ELSE name_expires_at END
      WHERE id = ${orderId}::uuid AND order_status::text = ANY(${from}::text[])
        AND (NOT ${whileHolding} OR EXISTS (SELECT 1 FROM name_reservation WHERE order_id = ${orderId}::uuid))
      RETURNING id, kind, domain, parent_id, owner_address, order_status, order_status_reason,
        ${eventType}::text AS event_type),
  event AS (
    INSERT INTO order_event (id, order_id, status, reason, created_at)
      SELECT ${eventId}::uuid, id, ${to}::"OrderStatus", ${reason}, ${now}::timestamptz FROM moved),
  released AS (
    DELETE FROM name_reservation WHERE ${release} AND order_id IN (SELECT id FROM moved)),
  cancelled AS (
    UPDATE payment SET cancel_due = true, updated_at = ${now}::timestamptz
      WHERE ${cancel} AND order_id IN (SELECT id FROM moved) AND processor IN ('stripe', 'test')
        AND processor_ref IS NOT NULL AND status NOT IN ('succeeded', 'mismatched', 'canceled')),
  ${sql.raw(
    outboxCte(`
    SELECT p.partner_id, m.event_type AS type, 'order:' || m.id AS object_key,
           jsonb_build_object('orderId', m.id, 'kind', m.kind, 'domain', m.domain, 'parentDomain', p.name,
             'ownerAddress', m.owner_address, 'orderStatus', m.order_status,
             'orderStatusReason', m.order_status_reason) AS data,
           NULL::text AS dedupe_key
      FROM moved m JOIN "domain" p ON p.id = m.parent_id WHERE m.event_type IS NOT NULL`),
  )}
  SELECT id, ${sql.raw(notifySql(`'order:' || id::text`))}::text AS published,
         (SELECT count(event_id) FROM outbox) AS events
    FROM moved`,
);

/** The webhook event of a move to each state; none for a payment taken back (PAID → PENDING). */
const ORDER_EVENT: Record<OrderStatus, WebhookEventType | null> = {
  PENDING: null,
  PAID: "order.paid",
  COMPLETED: "order.completed",
  EXPIRED: "order.expired",
  FAILED: "order.failed",
  REFUNDED: "order.refunded",
};

/** A move made outside any transaction, committed at once (one statement is atomic by itself). */
export const onItsOwn: Connection = "pool";

/** Moves the order when its current state allows; false when another caller moved it first. */
export async function transitionOrder(tx: Connection, input: TransitionInput): Promise<boolean> {
  const allowed = (input.from ?? sourcesOf(input.to)).filter((from) => canTransition(from, input.to));
  const times = input.data ?? {};
  const moved = await moveOrder(
    [
      input.orderId,
      input.to,
      input.reason,
      allowed,
      new Date(),
      times.paidAt !== undefined,
      times.paidAt ?? null,
      times.completedAt !== undefined,
      times.completedAt ?? null,
      times.nameExpiresAt !== undefined,
      times.nameExpiresAt ?? null,
      randomUUID(),
      !holdsReservation(input.to),
      input.to === "EXPIRED" || input.to === "FAILED",
      input.whileHolding === true,
      ORDER_EVENT[input.to],
    ],
    tx,
  );
  if (moved.length === 0) return false;
  dropHere([["order", input.orderId]]);
  return true;
}

/** Updates the reason of an order that stays in `status` (an underpayment seen while PENDING). */
export async function noteOrder(
  tx: Prisma.TransactionClient,
  orderId: string,
  status: OrderStatus,
  reason: string,
): Promise<boolean> {
  const { count } = await tx.order.updateMany({
    where: { id: orderId, orderStatus: status, NOT: { orderStatusReason: reason } },
    data: { orderStatusReason: reason },
  });
  if (count === 0) return false;
  await tx.orderEvent.create({ data: { id: randomUUID(), orderId, status, reason } });
  // Cached reads of the order (endpoint 13) are dropped here now and everywhere at commit.
  await invalidate("order", orderId, tx);
  return true;
}
