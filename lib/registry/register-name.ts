import "server-only";
import { randomUUID } from "node:crypto";
import type { Prisma } from "@prisma/client";
import { namehash } from "viem/ens";
import { conflict, notFound } from "@/lib/contract/errors";
import { dropHere, invalidateAll, messagesOf, notifySql, type Topic } from "@/lib/db/invalidation";
import { prepared, sql, sqlBuilder } from "@/lib/db/sql";
import { walletOfCoinType } from "@/lib/names/coins";
import { nameState } from "./name-lifecycle";

export interface NewWallet {
  coin: string;
  version: string;
  coinType: number;
  address: string;
}

export interface NewName {
  /** Normalized full name (ENSIP-15), e.g. `bob.web3` or `shop.brand.web3`. */
  name: string;
  ownerAddress: string;
  wallets?: NewWallet[];
  /** The partner controlling a second-level name; a sub-domain always takes its parent's. */
  partnerId?: string | null;
  createdAt?: Date;
  expiresAt?: Date | null;
}

/** Wallet record rows (without the domain) of `wallets`. */
export function walletRows(wallets: readonly NewWallet[]) {
  return wallets.map((wallet) => ({
    id: randomUUID(),
    coin: wallet.coin,
    version: wallet.version,
    coinType: BigInt(wallet.coinType),
    address: wallet.address,
  }));
}

/**
 * Registers a name in the native registry inside the caller's transaction. A sub-domain also
 * bumps its parent's count and the day's count, so listings never count rows. A name whose grace
 * period has ended is registered again in its row (see registerAgain).
 */
export async function registerName(tx: Prisma.TransactionClient, input: NewName): Promise<RegisteredName> {
  const labels = input.name.split(".");
  const parentName = labels.length > 2 ? labels.slice(1).join(".") : undefined;
  const parent = parentName
    ? await tx.domain.findUnique({ where: { name: parentName }, select: { id: true, partnerId: true } })
    : null;
  if (parentName && !parent) throw notFound("domain", `The parent domain ${parentName} is not registered.`);
  const createdAt = input.createdAt ?? new Date();
  // A sub-domain belongs to its parent's partner, whoever registers it; a second-level name to
  // the partner named, if any.
  const partnerId = parent ? parent.partnerId : (input.partnerId ?? null);

  // Cached answers about this name, its owner's and wallets' reverse lookups and its parent's
  // listings are dropped here now and on every instance when the transaction commits.
  const tags: [Topic, string][] = [
    ["name", input.name],
    ["address", input.ownerAddress.toLowerCase()],
  ];
  for (const wallet of input.wallets ?? []) tags.push(["address", wallet.address.toLowerCase()]);
  if (parentName) tags.push(["name", parentName]);
  const registered = await insertName(tx, input, { parentId: parent?.id ?? null, partnerId, createdAt }, tags);
  if (!registered) {
    const existing = await tx.domain.findUnique({
      where: { name: input.name },
      select: { id: true, expiresAt: true, suspendedAt: true, ownerKey: true, wallets: { select: { address: true } } },
    });
    if (!existing || existing.suspendedAt || nameState(existing.expiresAt, createdAt) !== "released")
      throw conflict("domain", `${input.name} is already registered.`);
    return registerAgain(tx, existing, { ...input, partnerId }, createdAt);
  }
  dropHere(tags);
  return registered;
}

/** What a registration answers. */
export interface RegisteredName {
  id: string;
  name: string;
  ownerAddress: string;
  createdAt: Date;
}

// The name's row, its wallet records and, for a sub-domain, its parent's count and the day's
// count, in one statement (as Prisma writes they were five, each query compiled anew), which also
// tells the other instances the cached answers to drop (at commit; `told` is referenced because a
// CTE without a reference does not run). Nothing is written, and nothing told, when the name
// already has a row: the caller decides between a conflict and registerAgain.
const insertNameStatement = prepared(
  (
    id: string,
    name: string,
    node: string,
    label: string,
    tld: string,
    parentId: string | null,
    ownerAddress: string,
    ownerKey: string,
    partnerId: string | null,
    expiresAt: Date | null,
    createdAt: Date,
    now: Date,
    walletIds: string[],
    walletCoins: string[],
    walletVersions: string[],
    walletCoinTypes: string[],
    walletAddresses: string[],
    day: string,
    messages: string[],
  ) =>
    sqlBuilder
      .with("d", (db) =>
        db
          .insertInto("domain")
          .values({
            id,
            name,
            node,
            label,
            tld,
            parent_id: parentId,
            owner_address: ownerAddress,
            owner_key: ownerKey,
            partner_id: partnerId,
            expires_at: expiresAt,
            created_at: createdAt,
            registered_at: now,
            updated_at: now,
          })
          .onConflict((conflict) => conflict.doNothing())
          .returning(["id", "name", "owner_address as ownerAddress", "created_at as createdAt", "parent_id"]),
      )
      .with("wallets", (db) =>
        db
          .insertInto("wallet_record")
          .columns(["id", "domain_id", "coin", "version", "coin_type", "address"])
          .expression((eb) =>
            eb
              .selectFrom([
                "d",
                // One row per wallet from the parallel arrays (the builder has no multi-array unnest).
                sql`unnest(${walletIds}::text[], ${walletCoins}::text[], ${walletVersions}::text[],
                  ${walletCoinTypes}::text[], ${walletAddresses}::text[])`.as<"w">(
                  sql`w(id, coin, version, coin_type, address)`,
                ),
              ])
              .select([
                sql<string>`w.id::uuid`.as("id"),
                "d.id as domain_id",
                sql<string>`w.coin`.as("coin"),
                sql<string>`w.version`.as("version"),
                sql<string>`w.coin_type::bigint`.as("coin_type"),
                sql<string>`w.address`.as("address"),
              ]),
          ),
      )
      .with("parent", (db) =>
        db
          .updateTable("domain")
          .set((eb) => ({ subdomain_count: eb("subdomain_count", "+", sql.lit(1)) }))
          .where("id", "=", (eb) => eb.selectFrom("d").select("parent_id")),
      )
      .with("daily", (db) =>
        db
          .insertInto("subdomain_daily_count")
          .columns(["parent_id", "day", "count"])
          .expression((eb) =>
            eb
              .selectFrom("d")
              .select(["parent_id", sql<Date>`${day}::date`.as("day"), sql<number>`1`.as("count")])
              .where("parent_id", "is not", null),
          )
          .onConflict((conflict) =>
            conflict.columns(["parent_id", "day"]).doUpdateSet({ count: sql<number>`subdomain_daily_count.count + 1` }),
          ),
      )
      .with("told", () => sql`(SELECT ${sql.raw(notifySql("message"))} FROM d, unnest(${messages}::text[]) AS message)`)
      .selectFrom("d")
      .select([
        "id",
        "name",
        "ownerAddress",
        "createdAt",
        (eb) =>
          eb
            .selectFrom("told")
            .select(sql<string>`count(*)`.as("n"))
            .as("told"),
      ]),
);

async function insertName(
  tx: Prisma.TransactionClient,
  input: NewName,
  at: { parentId: string | null; partnerId: string | null; createdAt: Date },
  tags: readonly (readonly [Topic, string])[],
): Promise<RegisteredName | null> {
  const labels = input.name.split(".");
  const wallets = walletRows(input.wallets ?? []);
  const [row] = await insertNameStatement(
    [
      randomUUID(),
      input.name,
      namehash(input.name),
      labels[0],
      labels[labels.length - 1],
      at.parentId,
      input.ownerAddress,
      input.ownerAddress.toLowerCase(),
      at.partnerId,
      input.expiresAt ?? null,
      at.createdAt,
      new Date(),
      wallets.map((wallet) => wallet.id),
      wallets.map((wallet) => wallet.coin),
      wallets.map((wallet) => wallet.version),
      wallets.map((wallet) => String(wallet.coinType)),
      wallets.map((wallet) => wallet.address),
      at.createdAt.toISOString().slice(0, 10),
      messagesOf(tags),
    ],
    tx,
  );
  return row
    ? { id: row.id, name: row.name, ownerAddress: row.ownerAddress, createdAt: new Date(row.createdAt) }
    : null;
}

/**
 * A released name bought again keeps its row (its sub-domains and their listings hang off it) but
 * nothing of its last registration: records, reverse records pointing at it and parent settings
 * go, and `registeredAt` starts anew, so a renewal ordered for the old registration cannot extend it.
 */
async function registerAgain(
  tx: Prisma.TransactionClient,
  existing: { id: string; ownerKey: string; wallets: { address: string }[] },
  input: NewName,
  registeredAt: Date,
): Promise<RegisteredName> {
  const reverse = await tx.reverseRecord.findMany({ where: { domainId: existing.id }, select: { address: true } });
  await tx.walletRecord.deleteMany({ where: { domainId: existing.id } });
  await tx.dnsRecord.deleteMany({ where: { domainId: existing.id } });
  await tx.textRecord.deleteMany({ where: { domainId: existing.id } });
  await tx.reverseRecord.deleteMany({ where: { domainId: existing.id } });
  const domain = await tx.domain.update({
    where: { id: existing.id },
    data: {
      ownerAddress: input.ownerAddress,
      ownerKey: input.ownerAddress.toLowerCase(),
      partnerId: input.partnerId ?? null,
      // A name suspended when its last payment was reversed starts clean with its new owner.
      suspendedAt: null,
      suspendedReason: null,
      contentHash: "",
      subdomainsEnabled: false,
      subdomainPriceCents: null,
      issuedToKey: null,
      expiresAt: input.expiresAt ?? null,
      registeredAt,
      wallets: input.wallets?.length ? { create: walletRows(input.wallets) } : undefined,
    },
  });
  const addresses = new Set([
    existing.ownerKey,
    input.ownerAddress.toLowerCase(),
    ...existing.wallets.map((wallet) => wallet.address.toLowerCase()),
    ...(input.wallets ?? []).map((wallet) => wallet.address.toLowerCase()),
    ...reverse.map((record) => record.address),
  ]);
  await invalidateAll(
    [["name", input.name], ...[...addresses].map((address): [Topic, string] => ["address", address])],
    tx,
  );
  return { id: domain.id, name: domain.name, ownerAddress: domain.ownerAddress, createdAt: domain.createdAt };
}

/** The wallets an order or an issuance asked for, as stored (`walletAddrs`), one per coin and version. */
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
