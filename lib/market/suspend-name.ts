import "server-only";
import type { Prisma } from "@prisma/client";
import { invalidateAll, type Topic } from "@/lib/db/invalidation";

// A name whose payment was reversed (refunded at the processor, or a dispute lost) is suspended:
// it stays registered, so nobody else buys it meanwhile, but it no longer resolves.

export async function suspendName(
  tx: Prisma.TransactionClient,
  name: string,
  reason: string,
  now = new Date(),
): Promise<boolean> {
  const domain = await tx.domain.findUnique({ where: { name }, select: { id: true, ownerKey: true } });
  if (!domain) return false;
  const { count } = await tx.domain.updateMany({
    where: { id: domain.id, suspendedAt: null },
    data: { suspendedAt: now, suspendedReason: reason },
  });
  if (count === 0) return false;
  await dropCachedAnswers(tx, { ...domain, name });
  return true;
}

/**
 * The operator lifts a suspension (`release`: and ends the registration, so the name is back on
 * the market at once, as after its grace period). False when there was nothing to change.
 */
export async function unsuspendName(
  tx: Prisma.TransactionClient,
  name: string,
  release?: { expiredAt: Date },
): Promise<boolean> {
  const domain = await tx.domain.findUnique({ where: { name }, select: { id: true, ownerKey: true } });
  if (!domain) return false;
  const { count } = await tx.domain.updateMany({
    where: { id: domain.id, ...(release ? {} : { suspendedAt: { not: null } }) },
    data: { suspendedAt: null, suspendedReason: null, ...(release && { expiresAt: release.expiredAt }) },
  });
  if (count === 0) return false;
  await dropCachedAnswers(tx, { ...domain, name });
  return true;
}

// Cached answers about the name and its owner's reverse lookup are dropped everywhere at commit.
async function dropCachedAnswers(tx: Prisma.TransactionClient, domain: { id: string; ownerKey: string; name: string }) {
  const wallets = await tx.walletRecord.findMany({ where: { domainId: domain.id }, select: { address: true } });
  const tags: [Topic, string][] = [
    ["name", domain.name],
    ["address", domain.ownerKey],
    ...wallets.map((w): [Topic, string] => ["address", w.address.toLowerCase()]),
  ];
  await invalidateAll(tags, tx);
}
