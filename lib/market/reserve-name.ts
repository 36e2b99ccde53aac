import "server-only";
import type { PaymentStatus, Prisma, PrismaClient } from "@prisma/client";
import { conflict } from "@/lib/contract/errors";
import { releasedBefore } from "@/lib/registry/name-lifecycle";
import {
  writeOrderTakingHold,
  type HoldOutcome,
  type NewOrder,
  type NewPayment,
  type OrderWithPayment,
} from "./order-rows";
import { inTransaction } from "@/lib/db/in-transaction";
import { run, sqlBuilder } from "@/lib/db/sql";
import { timestamptz, uuid } from "./sql-casts";
import { transitionOrder } from "./order-state";
import { atomic, type StoredAmount } from "@/lib/db/amounts";

// One active hold per name (NameReservation's primary key): of twenty concurrent buyers exactly one
// insert succeeds. A hold left by an offer that ran out unpaid is taken over, after its order is
// marked EXPIRED, even when the expiry job has not run yet; never a hold whose order has money
// recorded or under way (settlement decides that order, see lib/market/settle-payment.ts).

export const EXPIRED_UNPAID_REASON = "The offer expired before it was paid; the name was released.";
/** The same for a renewal, which held no name. */
export const EXPIRED_UNPAID_RENEWAL_REASON = "The offer expired before it was paid; the renewal was not applied.";

export const PAYMENT_IN_PLAY = {
  settlementDue: true,
  status: true,
  amountReceived: true,
  inFlightUntil: true,
} as const;

/** Card payment states in which the money is taken or being taken. */
const MONEY_UNDER_WAY: readonly PaymentStatus[] = ["succeeded", "mismatched", "processing"];

/**
 * Money was recorded for the payment, a card payment is under way, or a full crypto payment seen
 * before the offer expired is still waiting for its confirmations (until the watcher stops looking,
 * Payment.inFlightUntil): its order is not abandoned.
 */
export function hasMoneyInPlay(
  payment:
    | { settlementDue: boolean; status: PaymentStatus; amountReceived: StoredAmount; inFlightUntil?: Date | null }
    | null
    | undefined,
  now = new Date(),
): boolean {
  if (!payment) return false;
  return (
    payment.settlementDue ||
    atomic(payment.amountReceived) !== 0n ||
    MONEY_UNDER_WAY.includes(payment.status) ||
    isInFlight(payment, now)
  );
}

/** A full crypto payment seen before the offer expired, not confirmed yet, still watched. */
export function isInFlight(payment: { inFlightUntil?: Date | null }, now = new Date()): boolean {
  return payment.inFlightUntil != null && payment.inFlightUntil.getTime() > now.getTime();
}

/**
 * Takes the hold on `name` for `orderId`, or returns false when a live order holds it or it is
 * registered. The rule is take_name_hold's (prisma/migrations), the one new purchases use inside
 * writeOrderTakingHold; a hold left by an offer that ran out unpaid is released and taken once more.
 */
export async function tryReserveName(
  tx: Prisma.TransactionClient,
  name: string,
  orderId: string,
  now = new Date(),
): Promise<boolean> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const releasedAt = releasedBefore(now);
    const [{ outcome }] = await run(
      sqlBuilder.selectNoFrom((eb) =>
        eb
          .fn<HoldOutcome>("take_name_hold", [eb.val(name), uuid(orderId), timestamptz(now), timestamptz(releasedAt)])
          .as("outcome"),
      ),
      tx,
    );
    if (outcome === "held") return true;
    if (outcome === "registered") return false;
    if (!(await releaseStaleHold(tx, name, now))) return false;
  }
  return false;
}

/**
 * A new purchase's order, holding its name: the hold, the order, its payment and its event in one
 * statement (writeOrderTakingHold), so `q` may be a transaction or the client itself. A name that
 * is registered and not yet released, or held by a live order, is refused (409) and nothing is
 * written. A hold left by an offer that ran out unpaid is taken over, in a transaction of its own
 * when `q` is none, and the statement runs again.
 */
export async function writeOrderHoldingName(
  q: Prisma.TransactionClient | PrismaClient,
  order: NewOrder,
  payment: NewPayment,
  reason: string,
  now = new Date(),
): Promise<OrderWithPayment> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const written = await writeOrderTakingHold(q, order, payment, reason, now, releasedBefore(now));
    if (written.order) return written.order;
    if (written.outcome === "registered") break;
    const released = await ("$transaction" in q
      ? inTransaction((tx) => releaseStaleHold(tx, order.domain, now))
      : releaseStaleHold(q, order.domain, now));
    if (!released) break;
  }
  throw notAvailable(order.domain);
}

const notAvailable = (name: string) =>
  conflict("domain", `${name} is not available: another order holds it or it is registered.`);

/**
 * Releases the hold on `name` when its order no longer keeps it (an offer that ran out unpaid, now
 * EXPIRED; an order that ended); false when a live order holds it.
 */
async function releaseStaleHold(tx: Prisma.TransactionClient, name: string, now: Date): Promise<boolean> {
  const hold = await tx.nameReservation.findUnique({ where: { domain: name }, select: { orderId: true } });
  if (!hold) return true;
  const holder = await tx.order.findUnique({
    where: { id: hold.orderId },
    select: { orderStatus: true, expiresAt: true, payment: { select: PAYMENT_IN_PLAY } },
  });
  const stale =
    !holder ||
    (holder.orderStatus === "PENDING" &&
      holder.expiresAt !== null &&
      holder.expiresAt.getTime() <= now.getTime() &&
      !hasMoneyInPlay(holder.payment, now)) ||
    (holder.orderStatus !== "PENDING" && holder.orderStatus !== "PAID");
  if (!stale) return false;
  if (holder?.orderStatus === "PENDING") {
    await transitionOrder(tx, {
      orderId: hold.orderId,
      to: "EXPIRED",
      from: ["PENDING"],
      reason: EXPIRED_UNPAID_REASON,
    });
  }
  await tx.nameReservation.deleteMany({ where: { domain: name, orderId: hold.orderId } });
  return true;
}
