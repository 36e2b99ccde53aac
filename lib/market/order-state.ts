import "server-only";
import { randomUUID } from "node:crypto";
import type { OrderKind, OrderStatus, Prisma } from "@prisma/client";
import { invalidate } from "@/lib/db/invalidation";

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
  data?: TransitionTimes;
}

// A move in one statement (Prisma's model writes cost a millisecond of CPU each, and a move made
// four): the compare-and-set on the status, the timeline event, the name's hold released when
// the new state holds none, and an unpaid card intent of an order that ended marked to be
// cancelled by the settlement job (lib/market/cancel-intents.ts) so it is no longer payable.
// A time is set only when given (null clears it, as with Prisma; undefined leaves it).
const TRANSITION = `WITH moved AS (
    UPDATE "order" SET order_status = $2::"OrderStatus", order_status_reason = $3, updated_at = $5::timestamptz,
        paid_at = CASE WHEN $6 THEN $7::timestamptz ELSE paid_at END,
        completed_at = CASE WHEN $8 THEN $9::timestamptz ELSE completed_at END,
        name_expires_at = CASE WHEN $10 THEN $11::timestamptz ELSE name_expires_at END
      WHERE id = $1::uuid AND order_status::text = ANY($4::text[])
      RETURNING id),
  event AS (
    INSERT INTO order_event (id, order_id, status, reason, created_at)
      SELECT $12::uuid, id, $2::"OrderStatus", $3, $5::timestamptz FROM moved),
  released AS (
    DELETE FROM name_reservation WHERE $13 AND order_id IN (SELECT id FROM moved)),
  cancelled AS (
    UPDATE payment SET cancel_due = true, updated_at = $5::timestamptz
      WHERE $14 AND order_id IN (SELECT id FROM moved) AND processor IN ('stripe', 'test')
        AND processor_ref IS NOT NULL AND status NOT IN ('succeeded', 'mismatched', 'canceled'))
  SELECT id FROM moved`;

/** Moves the order when its current state allows; false when another caller moved it first. */
export async function transitionOrder(tx: Prisma.TransactionClient, input: TransitionInput): Promise<boolean> {
  const allowed = (input.from ?? sourcesOf(input.to)).filter((from) => canTransition(from, input.to));
  const times = input.data ?? {};
  const now = new Date();
  const moved = await tx.$queryRawUnsafe<{ id: string }[]>(
    TRANSITION,
    input.orderId,
    input.to,
    input.reason,
    allowed,
    now,
    times.paidAt !== undefined,
    times.paidAt ?? null,
    times.completedAt !== undefined,
    times.completedAt ?? null,
    times.nameExpiresAt !== undefined,
    times.nameExpiresAt ?? null,
    randomUUID(),
    !holdsReservation(input.to),
    input.to === "EXPIRED" || input.to === "FAILED",
  );
  if (moved.length === 0) return false;
  await invalidateOrder(tx, input.orderId);
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
  await invalidateOrder(tx, orderId);
  return true;
}

/** Cached reads of the order (endpoint 13) are dropped here now and everywhere at commit. */
function invalidateOrder(tx: Prisma.TransactionClient, orderId: string): Promise<void> {
  return invalidate("order", orderId, tx);
}
