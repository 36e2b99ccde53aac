import "server-only";
import type { UnattributedDeposit } from "@/lib/contract/schemas/deposits";
import { db } from "@/lib/db";
import { atomicText } from "@/lib/db/amounts";

// Deposit addresses are never handed out again, and when a payment's monitoring ends the watcher
// takes a final look at its address (lib/payments/crypto/derive-address.ts, recordFinalCheck):
// money there that no payment was credited with (sent after the monitoring window, or an asset the
// order did not ask for) is listed here for the operator, never dropped.

/** Every unattributed deposit not yet resolved, newest first. */
export async function listUnattributedDeposits(limit = 1000): Promise<UnattributedDeposit[]> {
  const rows = await db().unattributedDeposit.findMany({
    where: { resolvedAt: null },
    orderBy: [{ foundAt: "desc" }, { id: "asc" }],
    take: limit,
  });
  return rows.map((r) => ({
    id: r.id,
    orderId: r.orderId,
    paymentId: r.paymentId,
    chain: r.chain,
    depositAddress: r.depositAddress,
    currency: r.currency,
    decimals: r.decimals,
    amountAtomic: atomicText(r.amountAtomic),
    reason: r.reason,
    foundAt: r.foundAt.toISOString(),
  }));
}
