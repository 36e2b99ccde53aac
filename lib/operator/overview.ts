import "server-only";
import type { z } from "zod";
import type { OperatorOverview } from "@/lib/contract/schemas/operator";
import { db } from "@/lib/db";
import { viewOf, withDomain } from "@/lib/market/refunds";
import { listUnattributedDeposits } from "@/lib/market/unattributed-deposits";
import { watcherLags } from "@/lib/payments/crypto/watcher-lag";
import { atomicText } from "@/lib/db/amounts";

// What needs the operator's eyes, across every partner: money owed back, money nobody expected,
// open card disputes by due date, money a reorganisation took after the name was given, and what
// is stuck.

const LIMIT = 500;
const PROCESSING_TOO_LONG_MS = 15 * 60_000;
const CARD_REFUND_TOO_LONG_MS = 60 * 60_000;

export async function operatorOverview(now = new Date()): Promise<z.infer<typeof OperatorOverview>> {
  const [owed, deposits, losses, failing, processing, lags, disputes] = await Promise.all([
    db().refund.findMany({
      where: { status: { in: ["DUE", "PAYING", "FAILED"] } },
      include: withDomain,
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      take: LIMIT,
    }),
    listUnattributedDeposits(LIMIT),
    db().reversedTransfer.findMany({
      where: { outcome: "after-fulfilment", resolvedAt: null },
      include: { payment: { select: { order: { select: { currency: true } }, decimals: true } } },
      orderBy: { reversedAt: "desc" },
      take: LIMIT,
    }),
    db().refund.findMany({
      where: {
        method: "card",
        OR: [
          { status: "FAILED" },
          { status: "DUE", createdAt: { lt: new Date(now.getTime() - CARD_REFUND_TOO_LONG_MS) } },
        ],
      },
      include: withDomain,
      orderBy: { createdAt: "asc" },
      take: LIMIT,
    }),
    db().payment.findMany({
      where: { status: "processing", updatedAt: { lt: new Date(now.getTime() - PROCESSING_TOO_LONG_MS) } },
      select: { orderId: true, processorRef: true, updatedAt: true, order: { select: { domain: true } } },
      orderBy: { updatedAt: "asc" },
      take: LIMIT,
    }),
    watcherLags(),
    db().cardDispute.findMany({
      where: { closedAt: null },
      orderBy: [{ dueBy: { sort: "asc", nulls: "last" } }, { openedAt: "asc" }],
      take: LIMIT,
    }),
  ]);
  const domains = new Map(
    (
      await db().order.findMany({
        where: { id: { in: disputes.map((d) => d.orderId) } },
        select: { id: true, domain: true },
      })
    ).map((o) => [o.id, o.domain]),
  );
  return {
    refundsOwed: owed.map(viewOf),
    unattributedDeposits: deposits,
    disputes: disputes.map((d) => ({
      disputeId: d.id,
      orderId: d.orderId,
      domain: domains.get(d.orderId) ?? "",
      amountCents: d.amountCents,
      reason: d.reason,
      status: d.status,
      dueBy: d.dueBy?.toISOString() ?? null,
      openedAt: d.openedAt.toISOString(),
    })),
    reorganisationLosses: losses.map((row) => ({
      orderId: row.orderId,
      paymentId: row.paymentId,
      chain: row.chain,
      txHash: row.txHash,
      blockNumber: row.blockNumber.toString(),
      amountAtomic: atomicText(row.amount),
      currency: row.payment.order.currency,
      decimals: row.payment.decimals ?? 0,
      reversedAt: row.reversedAt.toISOString(),
    })),
    stuck: {
      cardRefundsFailing: failing.map(viewOf),
      processingIntents: processing.map((row) => ({
        orderId: row.orderId,
        domain: row.order.domain,
        processorRef: row.processorRef,
        since: row.updatedAt.toISOString(),
      })),
      watcherLag: lags.map(({ chain, lag }) => ({ chain, lagBlocks: lag })),
    },
  };
}
