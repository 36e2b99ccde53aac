import "server-only";
import type { OrderStatus } from "@prisma/client";
import { ApiError } from "@/lib/contract/errors";
import { config } from "@/lib/config";
import { db } from "@/lib/db";
import { acceptsPaymentsFrom } from "@/lib/payments/card/card-processor-of";
import { addYears, keepsNameOffMarket } from "@/lib/registry/name-lifecycle";
import { registerName, walletsOf } from "@/lib/registry/register-name";
import { fulfilRenewal } from "./fulfil-renewal";
import { orderStatusOf, readOrderAndName } from "./order-rows";
import { transitionOrder } from "./order-state";
import { inTransaction } from "@/lib/db/in-transaction";
import { splitCompletedCryptoSale } from "./ledger-entries";

// Registers a PAID order's name in the native registry, in the same transaction as its move to
// COMPLETED: the compare-and-set on the status comes first, so of two concurrent fulfilments (the
// webhook and the client, a redelivery, the start-up recovery) only one registers, and a crash
// before the commit leaves a PAID order that the next start completes.

/** Keeps what the payment note said (an overpayment, a late payment) next to the registration. */
function completedReason(ownerAddress: string, expiresAt: Date, paidReason: string): string {
  const registered = `Registered to ${ownerAddress} until ${expiresAt.toISOString().slice(0, 10)}.`;
  return paidReason === "" || paidReason.endsWith("registering the name.") ? registered : `${registered} ${paidReason}`;
}

/**
 * A PAID order that cannot be registered fails; its payment is left for settlement again, which
 * turns the money into a refund (lib/market/refunds.ts).
 */
async function failPaidOrder(orderId: string, reason: string): Promise<void> {
  await inTransaction(async (tx) => {
    if (await transitionOrder(tx, { orderId, to: "FAILED", from: ["PAID"], reason }))
      await tx.payment.updateMany({ where: { orderId }, data: { settlementDue: true } });
  });
}

/** Completes a PAID order; answers the order's status afterwards. Safe to call any number of times. */
export async function fulfilOrder(orderId: string, now = new Date()): Promise<OrderStatus | null> {
  const read = await readOrderAndName({ id: orderId });
  if (!read) return null;
  const { order, registration } = read;
  if (order.orderStatus !== "PAID") return order.orderStatus;
  // Crash test hook: dies like a power cut after the PAID commit and before registration.
  if (config().FAULT_INJECT === "after-paid") process.kill(process.pid, "SIGKILL");

  if (order.payment && !acceptsPaymentsFrom(order.payment.processor)) {
    await failPaidOrder(
      orderId,
      "This order was paid with the built-in test processor, which this server no longer accepts since " +
        "Stripe was configured; the order cannot be completed.",
    );
    return orderStatusOf(orderId);
  }
  if (order.kind === "RENEWAL") return fulfilRenewal(order, now);
  if (keepsNameOffMarket(registration, now)) {
    await failPaidOrder(
      orderId,
      `Payment received, but ${order.domain} was registered by someone else before this order could be ` +
        "fulfilled; the payment is refunded.",
    );
    return orderStatusOf(orderId);
  }

  const expiresAt = addYears(now, order.years);
  try {
    const completed = await inTransaction(async (tx) => {
      const moved = await transitionOrder(tx, {
        orderId,
        to: "COMPLETED",
        from: ["PAID"],
        reason: completedReason(order.ownerAddress, expiresAt, order.orderStatusReason),
        data: { completedAt: now },
      });
      if (!moved) return false;
      await splitCompletedCryptoSale(tx, orderId, now);
      // The registry decides who controls the name: a sub-domain its parent's partner, a
      // second-level name no partner (the order's partnerId only attributes the sale).
      await registerName(tx, {
        name: order.domain,
        ownerAddress: order.ownerAddress,
        wallets: walletsOf(order.walletAddrs),
        createdAt: now,
        expiresAt,
      });
      return true;
    });
    if (completed) return "COMPLETED";
  } catch (error) {
    // The registry refused for good (registered meanwhile, parent gone): the money goes back.
    if (!(error instanceof ApiError) || (error.status !== 404 && error.status !== 409)) throw error;
    await failPaidOrder(
      orderId,
      `Payment received, but ${order.domain} could not be registered (${error.message}); the payment is refunded.`,
    );
  }
  return orderStatusOf(orderId);
}

/** Start-up recovery: every order paid but not yet registered (a crash in between) is completed now. */
export async function completePaidOrders(options: { paidBefore?: Date; limit?: number } = {}): Promise<string[]> {
  const orders = await db().order.findMany({
    where: {
      orderStatus: "PAID",
      ...(options.paidBefore && { OR: [{ paidAt: null }, { paidAt: { lte: options.paidBefore } }] }),
    },
    select: { id: true },
    orderBy: { paidAt: "asc" },
    take: options.limit ?? 500,
  });
  const completed: string[] = [];
  for (const { id } of orders) {
    if ((await fulfilOrder(id)) === "COMPLETED") completed.push(id);
  }
  return completed;
}
