import "server-only";
import { Prisma } from "@prisma/client";
import { ApiError } from "@/lib/api/errors";
import { config } from "@/lib/config";
import { db } from "@/lib/db";
import { inTransaction } from "./in-transaction";

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

interface HoldCounts {
  client: OpenHolds;
  owner: OpenHolds;
  email: OpenHolds;
}

/**
 * The open holds of the purchaser's client address, owner address and owner e-mail (a null key
 * counts nothing), in one statement.
 */
async function openHolds(
  q: Prisma.TransactionClient,
  keys: { client: string | null; owner: string | null; email: string | null },
  now: Date,
): Promise<HoldCounts> {
  const matches = [
    ...(keys.client !== null ? [Prisma.sql`client_address = ${keys.client}`] : []),
    ...(keys.owner !== null ? [Prisma.sql`owner_address = ${keys.owner}`] : []),
    ...(keys.email !== null ? [Prisma.sql`lower(owner_email) = ${keys.email}`] : []),
  ];
  const none = { count: 0, firstEnds: null };
  if (matches.length === 0) return { client: none, owner: none, email: none };
  const [row] = await q.$queryRaw<
    {
      client: number;
      client_ends: Date | null;
      owner: number;
      owner_ends: Date | null;
      email: number;
      email_ends: Date | null;
    }[]
  >`
    SELECT count(*) FILTER (WHERE client_address = ${keys.client})::int AS client,
           min(expires_at) FILTER (WHERE client_address = ${keys.client}) AS client_ends,
           count(*) FILTER (WHERE owner_address = ${keys.owner})::int AS owner,
           min(expires_at) FILTER (WHERE owner_address = ${keys.owner}) AS owner_ends,
           count(*) FILTER (WHERE lower(owner_email) = ${keys.email})::int AS email,
           min(expires_at) FILTER (WHERE lower(owner_email) = ${keys.email}) AS email_ends
      FROM "order"
     WHERE order_status = 'PENDING' AND expires_at > ${now} AND (${Prisma.join(matches, " OR ")})`;
  const holds = (count: number | undefined, ends: Date | null | undefined): OpenHolds => ({
    count: count ?? 0,
    firstEnds: ends ? new Date(ends) : null,
  });
  return {
    client: holds(row?.client, row?.client_ends),
    owner: holds(row?.owner, row?.owner_ends),
    email: holds(row?.email, row?.email_ends),
  };
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
 * locks are per transaction and may be taken again by the same one). One statement takes every
 * key's lock, in one order for every purchase, so two purchases cannot wait on each other.
 */
async function lockPurchaser(tx: Prisma.TransactionClient, purchaser: Purchaser): Promise<void> {
  const { client, owner, email } = holdKeys(purchaser);
  const keys = [
    ...(client !== null ? [`client:${client}`] : []),
    ...(owner !== null ? [`owner:${owner.toLowerCase()}`] : []),
    ...(email !== null ? [`email:${email}`] : []),
  ].sort();
  if (keys.length === 0) return;
  await tx.$executeRaw`
    SELECT pg_advisory_xact_lock(hashtextextended(key, 0))
      FROM unnest(${keys}::text[]) WITH ORDINALITY AS k(key, n) ORDER BY n`;
}

/**
 * Runs a purchase's `write` (one statement that takes the name's hold) under the purchaser's lock
 * once its open holds are counted, in one transaction; with no bound configured it runs alone, on
 * the client, with no transaction around it.
 */
export async function withinHoldLimits<T>(
  purchaser: Purchaser,
  now: Date,
  write: (q: Prisma.TransactionClient) => Promise<T>,
): Promise<T> {
  const keys = holdKeys(purchaser);
  if (keys.client === null && keys.owner === null && keys.email === null) return write(db());
  return inTransaction(async (tx) => {
    await lockPurchaser(tx, purchaser);
    await enforceUnpaidHoldLimits(tx, purchaser, now);
    return write(tx);
  });
}

/** The keys whose holds are bounded: null where the configuration sets no bound. */
function holdKeys(purchaser: Purchaser) {
  const cfg = config();
  return {
    client: cfg.UNPAID_HOLDS_PER_CLIENT > 0 ? purchaser.clientAddress : null,
    owner: cfg.UNPAID_HOLDS_PER_OWNER > 0 ? purchaser.ownerAddress : null,
    email: cfg.UNPAID_HOLDS_PER_OWNER > 0 ? emailKey(purchaser) : null,
  };
}

/**
 * Throws 429 (with Retry-After: when the first open hold runs out) when one more hold is too
 * many. Inside a transaction the caller holds lockPurchaser's lock, taken in an earlier statement
 * (a statement sees the rows committed before it began, so a count in the locking statement could
 * miss a hold committed while it waited); outside one it is an early refusal, checked again later.
 */
export async function enforceUnpaidHoldLimits(
  q: Prisma.TransactionClient,
  purchaser: Purchaser,
  now = new Date(),
): Promise<void> {
  const { UNPAID_HOLDS_PER_CLIENT: perClient, UNPAID_HOLDS_PER_OWNER: perOwner } = config();
  const holds = await openHolds(q, holdKeys(purchaser), now);
  if (perClient > 0 && holds.client.count >= perClient)
    throw tooMany("holds", "This client address", perClient, holds.client, now);
  if (perOwner > 0 && holds.owner.count >= perOwner)
    throw tooMany("ownerAddress", "This owner address", perOwner, holds.owner, now);
  if (perOwner > 0 && holds.email.count >= perOwner)
    throw tooMany("ownerEmail", "This owner e-mail", perOwner, holds.email, now);
}
