import "server-only";
import type { OrderKind, Prisma } from "@prisma/client";
import { first, sql, sqlBuilder } from "@/lib/db/sql";
import { uuid } from "./sql-casts";
import { takeBackRenewal } from "./fulfil-renewal";
import { takeBackCryptoSplit } from "./ledger-entries";
import { transitionOrder } from "./order-state";
import { suspendName } from "./suspend-name";

// A COMPLETED order whose money went back (a refund at the card processor, a dispute lost) ends
// REFUNDED: a purchase's name is suspended (it stays registered, so nobody else buys it, and stops
// resolving); a renewal's years are taken back and the name is never suspended (anyone may pay a
// renewal, so a stranger's reversal must not take the owner's name off the air).

export interface ReversibleOrder {
  id: string;
  domain: string;
  kind: OrderKind;
  years: number;
  createdAt: Date;
}

/** Answers true when this call moved the order (a second delivery of the same news changes nothing). */
export async function reverseCompletedOrder(
  tx: Prisma.TransactionClient,
  order: ReversibleOrder,
  why: string,
): Promise<boolean> {
  // Under the order's row lock, so concurrent news takes back nothing twice.
  const locked = await first(
    sqlBuilder
      .selectFrom("order")
      .select(sql<string>`order_status::text`.as("status"))
      .where("id", "=", uuid(order.id))
      .forUpdate(),
    tx,
  );
  if (locked?.status !== "COMPLETED") return false;
  if (order.kind === "RENEWAL") {
    const takenBack = await takeBackRenewal(tx, order);
    const renewalMoved = await transitionOrder(tx, {
      orderId: order.id,
      to: "REFUNDED",
      from: ["COMPLETED"],
      reason: why + takenBack,
    });
    if (renewalMoved) await takeBackCryptoSplit(tx, order.id);
    return renewalMoved;
  }
  const moved = await transitionOrder(tx, {
    orderId: order.id,
    to: "REFUNDED",
    from: ["COMPLETED"],
    reason: `${why} The name was suspended and no longer resolves.`,
  });
  if (moved) {
    await suspendName(tx, order.domain, why);
    await takeBackCryptoSplit(tx, order.id);
  }
  return moved;
}
