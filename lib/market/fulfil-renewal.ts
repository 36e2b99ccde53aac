import "server-only";
import type { Order, OrderStatus, Prisma } from "@prisma/client";
import { db } from "@/lib/db";
import { first, sqlBuilder, type InferResult } from "@/lib/db/sql";
import { invalidateNameAndAddresses } from "@/lib/owners/invalidate-name";
import { addYears, graceEndsAt } from "@/lib/registry/name-lifecycle";
import { transitionOrder } from "./order-state";
import { inTransaction } from "@/lib/db/in-transaction";
import { splitCompletedCryptoSale } from "./ledger-entries";

// The renewal branch of payment and fulfilment. A renewal holds no name (nobody else may buy a
// registered name or one in its grace period, and a renewal must not block the owner's own), so a
// confirmed payment makes it PAID from any unpaid state; fulfilment then extends the expiry of the
// registration it was ordered for, from the old expiry, in the transaction that completes it.
// Money that can no longer renew (the grace period had ended when it arrived, or the name was
// bought again meanwhile) fails the order and is left for settlement, which refunds it as it
// refunds a purchase (lib/market/refunds.ts: the card through the processor, crypto as owed).

export async function markRenewalPaid(
  tx: Prisma.TransactionClient,
  orderId: string,
  status: OrderStatus,
  reason: string,
  now: Date,
): Promise<OrderStatus> {
  const renewing = reason.replace(/registering the name\.$/, "renewing the name.");
  const late =
    status === "PENDING" ? "" : ` It arrived after the order had ${status === "FAILED" ? "failed" : "expired"}.`;
  if (await transitionOrder(tx, { orderId, to: "PAID", reason: renewing + late, data: { paidAt: now } })) return "PAID";
  const current = await tx.order.findUnique({ where: { id: orderId }, select: { orderStatus: true } });
  return current?.orderStatus ?? status;
}

// The row lock orders concurrent renewals (and take-backs) of one name.
const lockDomain = (name: string) =>
  sqlBuilder
    .selectFrom("domain")
    .select(["id", "expires_at", "registered_at", "suspended_at"])
    .where("name", "=", name)
    .forUpdate();
type LockedDomain = InferResult<ReturnType<typeof lockDomain>>[number];

const day = (date: Date) => date.toISOString().slice(0, 10);

const NOT_APPLIED = "the renewal could not be applied, and the payment is refunded.";

function refusal(order: Order, domain: LockedDomain | undefined, paidAt: Date): string | null {
  if (!domain) return `Payment received, but ${order.domain} is no longer registered: ${NOT_APPLIED}`;
  if (new Date(domain.registered_at).getTime() > order.createdAt.getTime())
    return `Payment received, but ${order.domain} was registered again after this renewal was ordered: ${NOT_APPLIED}`;
  if (domain.expires_at === null) return `Payment received, but ${order.domain} does not expire: ${NOT_APPLIED}`;
  if (domain.suspended_at)
    return `Payment received, but ${order.domain} was suspended (its payment was reversed): ${NOT_APPLIED}`;
  const graceEnd = graceEndsAt(new Date(domain.expires_at));
  if (paidAt.getTime() >= graceEnd.getTime())
    return `The payment arrived after the grace period of ${order.domain} ended on ${day(graceEnd)}: ${NOT_APPLIED}`;
  return null;
}

/** Completes a PAID renewal; answers the order's status afterwards. Safe to call any number of times. */
export async function fulfilRenewal(order: Order, now = new Date()): Promise<OrderStatus | null> {
  const paidAt = order.paidAt ?? now;
  await inTransaction(async (tx) => {
    // The row lock orders concurrent renewals of one name: each extends what the last one left.
    const domain = await first(lockDomain(order.domain), tx);
    const refused = refusal(order, domain, paidAt);
    if (refused || !domain?.expires_at) {
      // Settlement turns the money into a refund; flagged in this commit, so a crash cannot lose it.
      if (await transitionOrder(tx, { orderId: order.id, to: "FAILED", from: ["PAID"], reason: refused! }))
        await tx.payment.updateMany({ where: { orderId: order.id }, data: { settlementDue: true } });
      return;
    }
    const expiresAt = addYears(new Date(domain.expires_at), order.years);
    const moved = await transitionOrder(tx, {
      orderId: order.id,
      to: "COMPLETED",
      from: ["PAID"],
      reason:
        `Renewed ${order.domain} for ${order.years} year${order.years === 1 ? "" : "s"}: it now expires at ` +
        `${expiresAt.toISOString()}.`,
      data: { completedAt: now, nameExpiresAt: expiresAt },
    });
    if (!moved) return;
    await splitCompletedCryptoSale(tx, order.id, now);
    await tx.domain.update({ where: { id: domain.id }, data: { expiresAt } });
    await invalidateNameAndAddresses(tx, domain.id);
  });
  return (await db().order.findUnique({ where: { id: order.id }, select: { orderStatus: true } }))?.orderStatus ?? null;
}

/**
 * A completed renewal whose money went back (refunded at the processor, a dispute lost) takes
 * back the years it added, from the name's expiry now: renewals stack, so what is left is what
 * every other renewal paid for. The name is never suspended: anyone may renew a name, so a
 * stranger's reversed renewal must not take the owner's name off the air. A registration started
 * after the renewal was ordered (the name bought again) is not this renewal's to shorten.
 * Answers the sentence for the order's reason.
 */
export async function takeBackRenewal(
  tx: Prisma.TransactionClient,
  order: { domain: string; years: number; createdAt: Date },
): Promise<string> {
  const domain = await first(lockDomain(order.domain), tx);
  if (!domain?.expires_at || new Date(domain.registered_at).getTime() > order.createdAt.getTime())
    return ` The renewal's years no longer apply to ${order.domain}; nothing was taken back.`;
  const expiresAt = addYears(new Date(domain.expires_at), -order.years);
  await tx.domain.update({ where: { id: domain.id }, data: { expiresAt } });
  await invalidateNameAndAddresses(tx, domain.id);
  return (
    ` The ${order.years} year${order.years === 1 ? "" : "s"} this renewal added were taken back: ` +
    `${order.domain} now expires at ${expiresAt.toISOString()}.`
  );
}
