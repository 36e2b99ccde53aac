import "server-only";
import type { OrderStatus } from "@prisma/client";
import { config } from "@/lib/config";
import { db } from "@/lib/db";
import { walletOfCoinType } from "@/lib/names/coins";
import { isNameHeld } from "@/lib/registry/name-lifecycle";
import { registerName, type NewWallet } from "@/lib/registry/register-name";
import { fulfilRenewal } from "./fulfil-renewal";
import { transitionOrder } from "./order-state";
import { inTransaction } from "./in-transaction";

// Registers a PAID order's name in the native registry, in the same transaction as its move to
// COMPLETED: the compare-and-set on the status comes first, so of two concurrent fulfilments (the
// webhook and the client, a redelivery, the start-up recovery) only one registers, and a crash
// before the commit leaves a PAID order that the next start completes.

interface StoredWalletAddr {
  addr: string;
  coinId: number;
}

export function walletsOf(walletAddrs: unknown): NewWallet[] {
  const wallets = new Map<string, NewWallet>();
  for (const entry of (Array.isArray(walletAddrs) ? walletAddrs : []) as StoredWalletAddr[]) {
    const wallet = walletOfCoinType(entry.coinId);
    if (!wallet) continue;
    wallets.set(`${wallet.coin}/${wallet.version}`, {
      coin: wallet.coin,
      version: wallet.version,
      coinType: entry.coinId,
      address: entry.addr,
    });
  }
  return [...wallets.values()];
}

export function addYears(date: Date, years: number): Date {
  const next = new Date(date);
  next.setUTCFullYear(next.getUTCFullYear() + years);
  return next;
}

/** Keeps what the payment note said (an overpayment, a late payment) next to the registration. */
function completedReason(ownerAddress: string, expiresAt: Date, paidReason: string): string {
  const registered = `Registered to ${ownerAddress} until ${expiresAt.toISOString().slice(0, 10)}.`;
  return paidReason === "" || paidReason.endsWith("registering the name.") ? registered : `${registered} ${paidReason}`;
}

/** Completes a PAID order; answers the order's status afterwards. Safe to call any number of times. */
export async function fulfilOrder(orderId: string, now = new Date()): Promise<OrderStatus | null> {
  const order = await db().order.findUnique({ where: { id: orderId } });
  if (!order) return null;
  if (order.orderStatus !== "PAID") return order.orderStatus;
  // Crash test hook: dies like a power cut after the PAID commit and before registration.
  if (config().FAULT_INJECT === "after-paid") process.kill(process.pid, "SIGKILL");

  if (order.kind === "RENEWAL") return fulfilRenewal(order, now);
  if (await isNameHeld(db(), order.domain, now)) {
    await inTransaction((tx) =>
      transitionOrder(tx, {
        orderId,
        to: "FAILED",
        from: ["PAID"],
        reason: `Payment received, but ${order.domain} was registered by someone else before this order could be fulfilled; a refund is due.`,
      }),
    );
    return (
      (await db().order.findUnique({ where: { id: orderId }, select: { orderStatus: true } }))?.orderStatus ?? null
    );
  }

  const expiresAt = addYears(now, order.years);
  await inTransaction(async (tx) => {
    const moved = await transitionOrder(tx, {
      orderId,
      to: "COMPLETED",
      from: ["PAID"],
      reason: completedReason(order.ownerAddress, expiresAt, order.orderStatusReason),
      data: { completedAt: now },
    });
    if (!moved) return;
    await registerName(tx, {
      name: order.domain,
      ownerAddress: order.ownerAddress,
      wallets: walletsOf(order.walletAddrs),
      partnerId: order.partnerId,
      createdAt: now,
      expiresAt,
    });
  });
  return (await db().order.findUnique({ where: { id: orderId }, select: { orderStatus: true } }))?.orderStatus ?? null;
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
