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

export interface TransitionInput {
  orderId: string;
  to: OrderStatus;
  reason: string;
  /** Narrower than the machine allows, e.g. only PENDING → EXPIRED for the expiry job. */
  from?: OrderStatus[];
  data?: Prisma.OrderUpdateManyMutationInput;
}

/** Moves the order when its current state allows; false when another caller moved it first. */
export async function transitionOrder(tx: Prisma.TransactionClient, input: TransitionInput): Promise<boolean> {
  const allowed = (input.from ?? sourcesOf(input.to)).filter((from) => canTransition(from, input.to));
  const { count } = await tx.order.updateMany({
    where: { id: input.orderId, orderStatus: { in: allowed } },
    data: { ...input.data, orderStatus: input.to, orderStatusReason: input.reason },
  });
  if (count === 0) return false;
  await tx.orderEvent.create({
    data: { id: randomUUID(), orderId: input.orderId, status: input.to, reason: input.reason },
  });
  if (!holdsReservation(input.to)) await tx.nameReservation.deleteMany({ where: { orderId: input.orderId } });
  if (input.to === "EXPIRED" || input.to === "FAILED") {
    // An unpaid card intent of an order that ended must not be payable any more: cancelled by the
    // settlement job until the processor confirms (lib/market/cancel-intents.ts).
    await tx.payment.updateMany({
      where: {
        orderId: input.orderId,
        processor: { in: ["stripe", "test"] },
        processorRef: { not: null },
        status: { notIn: ["succeeded", "mismatched", "canceled"] },
      },
      data: { cancelDue: true },
    });
  }
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
  return invalidate("order", orderId, (sql, value) => tx.$executeRawUnsafe(sql, value));
}

export async function recordCreation(tx: Prisma.TransactionClient, orderId: string, reason: string): Promise<void> {
  await tx.orderEvent.create({ data: { id: randomUUID(), orderId, status: "PENDING", reason } });
}
