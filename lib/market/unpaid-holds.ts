import "server-only";
import { Prisma } from "@prisma/client";
import { ApiError } from "@/lib/api/errors";
import { config } from "@/lib/config";

// An unpaid purchase holds its name for the offer's lifetime at no cost, so open holds are
// bounded per client address and per owner (owner address, and owner e-mail for crypto):
// UNPAID_HOLDS_PER_CLIENT and UNPAID_HOLDS_PER_OWNER, 5 each by default. A hold is open while its
// order is PENDING and its offer has not run out. The check runs in the purchase's transaction
// under an advisory lock per key, so concurrent purchases cannot together pass the bound.

export interface Purchaser {
  /** clientAddress(request): the socket's peer, or the proxy's last hop with TRUST_PROXY=1. */
  clientAddress: string;
  ownerAddress: string;
  ownerEmail?: string | null;
}

interface OpenHolds {
  count: number;
  firstEnds: Date | null;
}

async function openHolds(tx: Prisma.TransactionClient, where: Prisma.Sql, now: Date): Promise<OpenHolds> {
  const [row] = await tx.$queryRaw<{ count: number; first_ends: Date | null }[]>`
    SELECT count(*)::int AS count, min(expires_at) AS first_ends FROM "order"
     WHERE order_status = 'PENDING' AND expires_at > ${now} AND ${where}`;
  return { count: row?.count ?? 0, firstEnds: row?.first_ends ? new Date(row.first_ends) : null };
}

function tooMany(field: string, who: string, limit: number, holds: OpenHolds, now: Date): ApiError {
  const seconds = holds.firstEnds ? Math.max(1, Math.ceil((holds.firstEnds.getTime() - now.getTime()) / 1000)) : 60;
  return new ApiError(
    429,
    field,
    `${who} already holds ${holds.count} names with unpaid orders (at most ${limit}); pay or let one ` +
      "expire, then retry.",
    { "Retry-After": String(seconds) },
  );
}

const emailKey = (purchaser: Purchaser) => purchaser.ownerEmail?.trim().toLowerCase() || null;

/**
 * Serializes the purchases of one client address or owner until the transaction ends (advisory
 * locks are per transaction and may be taken again by the same one).
 */
export async function lockPurchaser(tx: Prisma.TransactionClient, purchaser: Purchaser): Promise<void> {
  const cfg = config();
  const email = emailKey(purchaser);
  const keys = [
    ...(cfg.UNPAID_HOLDS_PER_CLIENT > 0 ? [`client:${purchaser.clientAddress}`] : []),
    ...(cfg.UNPAID_HOLDS_PER_OWNER > 0 ? [`owner:${purchaser.ownerAddress.toLowerCase()}`] : []),
    ...(cfg.UNPAID_HOLDS_PER_OWNER > 0 && email ? [`email:${email}`] : []),
  ].sort();
  // One lock order for every purchase, so two purchases cannot wait on each other.
  for (const key of keys) await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`;
}

/** Throws 429 (with Retry-After: when the first open hold runs out) when one more hold is too many. */
export async function enforceUnpaidHoldLimits(
  tx: Prisma.TransactionClient,
  purchaser: Purchaser,
  now = new Date(),
): Promise<void> {
  const cfg = config();
  const perClient = cfg.UNPAID_HOLDS_PER_CLIENT;
  const perOwner = cfg.UNPAID_HOLDS_PER_OWNER;
  const email = emailKey(purchaser);
  await lockPurchaser(tx, purchaser);

  if (perClient > 0) {
    const holds = await openHolds(tx, Prisma.sql`client_address = ${purchaser.clientAddress}`, now);
    if (holds.count >= perClient) throw tooMany("holds", "This client address", perClient, holds, now);
  }
  if (perOwner > 0) {
    const byAddress = await openHolds(tx, Prisma.sql`owner_address = ${purchaser.ownerAddress}`, now);
    if (byAddress.count >= perOwner) throw tooMany("ownerAddress", "This owner address", perOwner, byAddress, now);
    if (email) {
      const byEmail = await openHolds(tx, Prisma.sql`lower(owner_email) = ${email}`, now);
      if (byEmail.count >= perOwner) throw tooMany("ownerEmail", "This owner e-mail", perOwner, byEmail, now);
    }
  }
}
