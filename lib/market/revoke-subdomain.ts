import "server-only";
import type { Prisma } from "@prisma/client";
import { badRequest, conflict, notFound } from "@/lib/contract/errors";
import { dropHere, invalidateAll, type Topic } from "@/lib/db/invalidation";
import { inTransaction } from "@/lib/db/in-transaction";
import { first, run, sql, sqlBuilder, type InferResult } from "@/lib/db/sql";
import { oweCardRefund, syncCryptoRefund } from "@/lib/market/refunds";
import { formatUnits } from "@/lib/payments/crypto/rates";
import type { Caller } from "@/lib/partners/authenticate";
import { recordSubnameEvent } from "@/lib/webhooks/outbox";
import { getParentDomainOfPartner, normalizeNativeName } from "@/lib/registry/parent-domain";
import { atomic } from "@/lib/db/amounts";
import { uuid } from "@/lib/market/sql-casts";

// DELETE /v1/parentdomains/{parent}/subdomains/{label}: the sub-name's row goes with its records
// (so it stops resolving and its label can be issued again), its parent's count goes down, and
// every instance drops what it cached about it when the transaction commits.
//
// A sub-name someone paid for and whose paid term has not ended is revoked only with
// `refund: "prorata"`: each payment of the current registration (the purchase and any renewal)
// is owed back in the share of the term not yet used, (expiresAt - now) / (expiresAt -
// registeredAt), rounded down to the currency's smallest unit, as a DUE refund of lib/market's
// refunds (cards are refunded through the processor by the settlement job; crypto is listed for
// the partner to pay out). Without it the revocation is 409 and nothing changes.

export interface RevokedRefund {
  orderId: string;
  method: string;
  currency: string;
  amountAtomic: string;
}

export interface Revoked {
  name: string;
  revokedAt: string;
  refunds: RevokedRefund[];
}

type Tx = Prisma.TransactionClient;

/** The sub-name under its parent, locked for the revocation. */
const lockHeld = (name: string, parentId: string) =>
  sqlBuilder
    .selectFrom("domain")
    .select(["id", "name", "owner_key", "expires_at", "registered_at"])
    .where("name", "=", name)
    .where("parent_id", "=", uuid(parentId))
    .forUpdate();
type Held = InferResult<ReturnType<typeof lockHeld>>[number];

export async function revokeSubdomain(
  caller: Caller,
  parentDomain: string,
  label: string,
  options: { refund?: "prorata" } = {},
  now = new Date(),
): Promise<Revoked> {
  const parent = await getParentDomainOfPartner(caller, parentDomain);
  if (label.includes(".")) throw badRequest("label", "label must be one label, without dots.");
  const name = normalizeNativeName(`${label}.${parent.name}`, "label");

  const { tags, refunds } = await inTransaction(async (tx) => {
    const held = await first(lockHeld(name, parent.id), tx);
    if (!held) throw notFound("label", `${name} is not a sub-name of ${parent.name}.`);
    if ((await tx.domain.count({ where: { parentId: held.id } })) > 0)
      throw conflict("label", `${name} has sub-names of its own; revoke them first.`);

    const paid = await paymentsOfPaidTerm(tx, held, now);
    if (paid.length > 0 && options.refund !== "prorata") {
      const until = new Date(held.expires_at!).toISOString().slice(0, 10);
      throw conflict(
        "refund",
        `${name} was bought and is paid for until ${until}; revoke it with refund=prorata, which owes the ` +
          "buyer the unused part of what was paid.",
      );
    }
    const refunds: RevokedRefund[] = [];
    for (const payment of paid) refunds.push(...(await oweUnusedPart(tx, held, payment, parent.partner_id, now)));

    // What resolution cached about the name, the addresses it answered for, and the parent's listings.
    const records = await tx.domain.findUniqueOrThrow({
      where: { id: held.id },
      select: { wallets: { select: { address: true } }, reverseRecords: { select: { address: true } } },
    });
    const addresses = new Set([
      held.owner_key,
      ...records.wallets.map((wallet) => wallet.address.toLowerCase()),
      ...records.reverseRecords.map((record) => record.address),
    ]);
    const tags: [Topic, string][] = [
      ["name", name],
      ["name", parent.name],
      ...[...addresses].map((address): [Topic, string] => ["address", address]),
    ];
    await run(sqlBuilder.deleteFrom("domain").where("id", "=", uuid(held.id)), tx);
    await run(
      sqlBuilder
        .updateTable("domain")
        .set((eb) => ({ subdomain_count: eb.fn("GREATEST", [sql<number>`subdomain_count - 1`, sql.lit(0)]) }))
        .where("id", "=", uuid(parent.id)),
      tx,
    );
    await invalidateAll(tags, tx);
    await recordSubnameEvent(tx, parent.partner_id, "subname.revoked", {
      name,
      parentDomain: parent.name,
      ownerAddress: held.owner_key,
      revokedAt: now.toISOString(),
      refunds,
    });
    return { tags, refunds };
  });
  // Dropped here again after the commit: a read between the first drop and the commit saw the row.
  dropHere(tags);
  return { name, revokedAt: now.toISOString(), refunds };
}

interface PaidPayment {
  orderId: string;
  paymentId: string;
  paymentType: "card" | "crypto";
  partnerId: string | null;
  currency: string;
  decimals: number;
  chain: string | null;
  /** What the buyer paid and was not already given back, in the currency's smallest unit. */
  kept: bigint;
}

/** The payments of the current registration, while its paid term runs; none for an issued name. */
async function paymentsOfPaidTerm(tx: Tx, held: Held, now: Date): Promise<PaidPayment[]> {
  if (held.expires_at === null || new Date(held.expires_at).getTime() <= now.getTime()) return [];
  const select = {
    id: true,
    partnerId: true,
    paymentType: true,
    currency: true,
    createdAt: true,
    payment: {
      select: { id: true, amountReceived: true, decimals: true, chain: true, refunds: { where: { status: "PAID" } } },
    },
  } as const;
  // A name in a paid term was registered by its latest purchase (registration completes it, so
  // the order's times precede the registration's by moments); renewals came after that purchase.
  const purchase = await tx.order.findFirst({
    where: { domain: held.name, kind: "PURCHASE", orderStatus: "COMPLETED" },
    orderBy: { createdAt: "desc" },
    select,
  });
  if (!purchase) return [];
  const renewals = await tx.order.findMany({
    where: { domain: held.name, kind: "RENEWAL", orderStatus: "COMPLETED", createdAt: { gt: purchase.createdAt } },
    select,
  });
  const orders = [purchase, ...renewals];
  return orders
    .filter((order) => order.payment !== null)
    .map((order) => {
      const payment = order.payment!;
      const returned = payment.refunds.reduce((sum, refund) => sum + atomic(refund.amountAtomic), 0n);
      return {
        orderId: order.id,
        paymentId: payment.id,
        paymentType: order.paymentType,
        partnerId: order.partnerId,
        currency: order.paymentType === "card" ? "USD" : order.currency,
        decimals: order.paymentType === "card" ? 2 : (payment.decimals ?? 0),
        chain: payment.chain,
        kept: atomic(payment.amountReceived) - returned,
      };
    })
    .filter((payment) => payment.kept > 0n);
}

/** The unused share of one payment, recorded as owed through lib/market's refunds. */
async function oweUnusedPart(
  tx: Tx,
  held: Held,
  payment: PaidPayment,
  parentPartnerId: string | null,
  now: Date,
): Promise<RevokedRefund[]> {
  const start = new Date(held.registered_at).getTime();
  const end = new Date(held.expires_at!).getTime();
  const amount = unusedShare(payment.kept, start, end, now.getTime());
  if (amount <= 0n) return [];
  const reason =
    `${held.name} was revoked by its parent's partner on ${now.toISOString().slice(0, 10)}, before its paid ` +
    `term ended on ${new Date(end).toISOString().slice(0, 10)}: the unused part ` +
    `(${formatUnits(amount, payment.decimals)} ${payment.currency}) is refunded.`;
  const partnerId = payment.partnerId ?? parentPartnerId;
  if (payment.paymentType === "card") {
    if (await tx.refund.findFirst({ where: { paymentId: payment.paymentId, method: "card" }, select: { id: true } }))
      throw conflict("refund", `The card payment of order ${payment.orderId} already has a refund; settle it first.`);
    await oweCardRefund(tx, {
      paymentId: payment.paymentId,
      orderId: payment.orderId,
      partnerId,
      amountCents: amount,
      reason,
    });
  } else {
    // The payment's open crypto refund (an overpayment still owed, say) grows by this share.
    const open = await tx.refund.findUnique({ where: { openFor: payment.paymentId } });
    const sender = await tx.cryptoTransfer.findFirst({
      where: { paymentId: payment.paymentId, fromAddress: { not: null } },
      orderBy: { createdAt: "asc" },
      select: { fromAddress: true },
    });
    await syncCryptoRefund(tx, {
      paymentId: payment.paymentId,
      orderId: payment.orderId,
      partnerId,
      currency: payment.currency,
      decimals: payment.decimals,
      chain: payment.chain,
      senderAddress: open?.senderAddress ?? sender?.fromAddress ?? null,
      amountAtomic: (open ? atomic(open.amountAtomic) : 0n) + amount,
      reason: open ? `${open.reason} ${reason}` : reason,
    });
  }
  return [
    { orderId: payment.orderId, method: payment.paymentType, currency: payment.currency, amountAtomic: String(amount) },
  ];
}

/** `paid` times the share of [start, end) still ahead of `now`, rounded down. */
export function unusedShare(paid: bigint, start: number, end: number, now: number): bigint {
  if (end <= start || now >= end) return 0n;
  const from = Math.max(now, start);
  return (paid * BigInt(Math.floor(end - from))) / BigInt(Math.floor(end - start));
}
