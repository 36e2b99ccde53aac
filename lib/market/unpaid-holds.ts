import "server-only";
import type { OrderStatus, Prisma } from "@prisma/client";
import { ApiError, badRequest } from "@/lib/contract/errors";
import { config } from "@/lib/config";
import { db } from "@/lib/db";
import { inTransaction } from "@/lib/db/in-transaction";
import { first, lockForTransaction, sql, sqlBuilder } from "@/lib/db/sql";
import { uuid } from "./sql-casts";

// An unpaid order costs nothing to make and something to keep (a purchase holds its name for the
// offer's lifetime; a crypto order's deposit address is watched for a day; a card order made a
// PaymentIntent), so open unpaid orders, purchases and renewals alike, are bounded by who CREATED
// them: the client address (UNPAID_HOLDS_PER_CLIENT, 5), or the partner whose access token the
// request carried (UNPAID_HOLDS_PER_PARTNER, 1,000: a partner's backend buys for its users from one
// address). Never by the owner address or e-mail an order names: anyone can type those, so a
// bound on them let anyone stop a stranger from buying (issue 29). An order is open while it is
// PENDING and its offer has not run out. The check runs in the order's transaction under an
// advisory lock per creator, so concurrent orders cannot together pass the bound.

export interface Creator {
  /** clientAddress(request): the socket's peer, or the proxy's last hop with TRUST_PROXY=1. */
  clientAddress: string;
  /** The partner whose access token the request carried, if any. */
  partnerId?: string | null;
}

interface OpenOrders {
  count: number;
  firstEnds: Date | null;
}

/** Whom the creator's orders count against, and that bound; null when it is not bounded. */
function boundOf(creator: Creator): { key: string; limit: number; partnerId: string | null } | null {
  const cfg = config();
  if (creator.partnerId)
    return cfg.UNPAID_HOLDS_PER_PARTNER > 0
      ? { key: `partner:${creator.partnerId}`, limit: cfg.UNPAID_HOLDS_PER_PARTNER, partnerId: creator.partnerId }
      : null;
  return cfg.UNPAID_HOLDS_PER_CLIENT > 0
    ? { key: `client:${creator.clientAddress}`, limit: cfg.UNPAID_HOLDS_PER_CLIENT, partnerId: null }
    : null;
}

/** The creator's open unpaid orders: a partner's by its token, an address's made without one. */
async function openOrders(q: Prisma.TransactionClient, creator: Creator, now: Date): Promise<OpenOrders> {
  const partnerId = creator.partnerId;
  const row = await first(
    sqlBuilder
      .selectFrom("order")
      .select((eb) => [
        eb.cast<number>(eb.fn.countAll(), "integer").as("count"),
        eb.fn.min("expires_at").as("first_ends"),
      ])
      .where((eb) =>
        partnerId
          ? eb("creator_partner_id", "=", uuid(partnerId))
          : eb.and([eb("client_address", "=", creator.clientAddress), eb("creator_partner_id", "is", null)]),
      )
      .where("order_status", "=", sql.lit<OrderStatus>("PENDING"))
      .where("expires_at", ">", now),
    q,
  );
  return { count: row?.count ?? 0, firstEnds: row?.first_ends ? new Date(row.first_ends) : null };
}

function tooMany(creator: Creator, limit: number, open: OpenOrders, now: Date): ApiError {
  const seconds = open.firstEnds ? Math.max(1, Math.ceil((open.firstEnds.getTime() - now.getTime()) / 1000)) : 60;
  const who = creator.partnerId ? "This partner" : "This client address";
  return new ApiError(
    429,
    "holds",
    `${who} already has ${open.count} unpaid orders open (at most ${limit}); pay or let one expire, then retry.`,
    { "Retry-After": String(seconds) },
  );
}

/**
 * Runs an order's `write` (one statement) under its creator's lock once the creator's open
 * orders are counted, in one transaction; with no bound configured it runs alone, on the client,
 * with no transaction around it. The advisory lock is per transaction; a statement sees the rows
 * committed before it began, so the count runs in a statement after the lock's.
 */
export async function withinHoldLimits<T>(
  creator: Creator,
  now: Date,
  write: (q: Prisma.TransactionClient) => Promise<T>,
): Promise<T> {
  const bound = boundOf(creator);
  if (!bound) return write(db());
  return inTransaction(async (tx) => {
    await lockForTransaction(bound.key, tx);
    await enforceUnpaidHoldLimits(tx, creator, now);
    return write(tx);
  });
}

/**
 * Throws 429 (with Retry-After: when the creator's first open order runs out) when one more order
 * is too many. Outside withinHoldLimits' transaction it is an early refusal, checked again there.
 */
export async function enforceUnpaidHoldLimits(
  q: Prisma.TransactionClient,
  creator: Creator,
  now = new Date(),
): Promise<void> {
  const bound = boundOf(creator);
  if (!bound) return;
  const open = await openOrders(q, creator, now);
  if (open.count >= bound.limit) throw tooMany(creator, bound.limit, open, now);
}

/**
 * A request made with a partner's token is that partner's sale: its `partnerId` is the token's,
 * and a body naming another partner is 400 (a token cannot attribute sales to someone else).
 */
export function attributedToCreator<T extends { partnerId?: string }>(body: T, creator: Creator): T {
  if (!creator.partnerId) return body;
  if (body.partnerId !== undefined && body.partnerId.toLowerCase() !== creator.partnerId.toLowerCase())
    throw badRequest(
      "partnerId",
      "This request carries a partner's access token: partnerId must be absent or that partner's id.",
    );
  return { ...body, partnerId: creator.partnerId };
}
