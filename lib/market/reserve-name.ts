import "server-only";
import type { Prisma } from "@prisma/client";
import { conflict } from "@/lib/api/errors";
import { isNameHeld } from "@/lib/registry/name-lifecycle";
import { transitionOrder } from "./order-state";

// One active hold per name (NameReservation's primary key): of twenty concurrent buyers exactly one
// insert succeeds. A hold left by an offer that ran out unpaid is taken over, after its order is
// marked EXPIRED, even when the expiry job has not run yet; never a hold whose order has money
// recorded or under way (settlement decides that order, see lib/market/settle-payment.ts).

export const EXPIRED_UNPAID_REASON = "The offer expired before it was paid; the name was released.";
/** The same for a renewal, which held no name. */
export const EXPIRED_UNPAID_RENEWAL_REASON = "The offer expired before it was paid; the renewal was not applied.";

export const PAYMENT_IN_PLAY = { settlementDue: true, status: true, amountReceived: true } as const;

/** Money was recorded for the payment, or a card payment is under way: its order is not abandoned. */
export function hasMoneyInPlay(
  payment: { settlementDue: boolean; status: string; amountReceived: string } | null | undefined,
): boolean {
  if (!payment) return false;
  return (
    payment.settlementDue ||
    payment.amountReceived !== "0" ||
    ["succeeded", "mismatched", "processing"].includes(payment.status)
  );
}

/** Takes the hold on `name` for `orderId`, or returns false when a live order holds it. */
export async function tryReserveName(
  tx: Prisma.TransactionClient,
  name: string,
  orderId: string,
  now = new Date(),
): Promise<boolean> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const inserted = await tx.$queryRaw<{ order_id: string }[]>`
      INSERT INTO "name_reservation" ("domain", "order_id", "created_at") VALUES (${name}, ${orderId}::uuid, ${now})
      ON CONFLICT ("domain") DO NOTHING RETURNING "order_id"`;
    if (inserted.length > 0) {
      // Registration releases the hold in the same transaction, so a name registered meanwhile
      // shows here; one whose grace period has ended is free to hold. A statement of its own: the
      // insert may have waited for that registration's commit, which its own snapshot predates.
      if (!(await isNameHeld(tx, name, now))) return true;
      await tx.nameReservation.deleteMany({ where: { domain: name, orderId } });
      return false;
    }
    const hold = await tx.nameReservation.findUnique({ where: { domain: name }, select: { orderId: true } });
    if (!hold) continue;
    const holder = await tx.order.findUnique({
      where: { id: hold.orderId },
      select: { orderStatus: true, expiresAt: true, payment: { select: PAYMENT_IN_PLAY } },
    });
    const stale =
      !holder ||
      (holder.orderStatus === "PENDING" &&
        holder.expiresAt !== null &&
        holder.expiresAt.getTime() <= now.getTime() &&
        !hasMoneyInPlay(holder.payment)) ||
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
  }
  return false;
}

export async function reserveNameOrThrow(
  tx: Prisma.TransactionClient,
  name: string,
  orderId: string,
  now = new Date(),
): Promise<void> {
  if (!(await tryReserveName(tx, name, orderId, now)))
    throw conflict("domain", `${name} is not available: another order holds it or it is registered.`);
}
