import "server-only";
import { randomUUID } from "node:crypto";
import type { Domain, Prisma } from "@prisma/client";
import { namehash } from "viem/ens";
import { conflict, notFound } from "@/lib/api/errors";
import { invalidateAll, type Topic } from "@/lib/db/invalidation";
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
export async function registerName(tx: Prisma.TransactionClient, input: NewName): Promise<Domain> {
  const labels = input.name.split(".");
  const tld = labels[labels.length - 1];
  const parentName = labels.length > 2 ? labels.slice(1).join(".") : undefined;
  const parent = parentName
    ? await tx.domain.findUnique({ where: { name: parentName }, select: { id: true, partnerId: true } })
    : null;
  if (parentName && !parent) throw notFound("domain", `The parent domain ${parentName} is not registered.`);
  const createdAt = input.createdAt ?? new Date();
  // A sub-domain belongs to its parent's partner, whoever registers it; a second-level name to
  // the partner named, if any.
  const partnerId = parent ? parent.partnerId : (input.partnerId ?? null);

  const existing = await tx.domain.findUnique({
    where: { name: input.name },
    select: { id: true, expiresAt: true, ownerKey: true, wallets: { select: { address: true } } },
  });
  if (existing) {
    if (nameState(existing.expiresAt, createdAt) !== "released")
      throw conflict("domain", `${input.name} is already registered.`);
    return registerAgain(tx, existing, { ...input, partnerId }, createdAt);
  }

  const domain = await tx.domain.create({
    data: {
      id: randomUUID(),
      name: input.name,
      node: namehash(input.name),
      label: labels[0],
      tld,
      parentId: parent?.id ?? null,
      ownerAddress: input.ownerAddress,
      ownerKey: input.ownerAddress.toLowerCase(),
      partnerId,
      expiresAt: input.expiresAt ?? null,
      createdAt,
      wallets: input.wallets?.length ? { create: walletRows(input.wallets) } : undefined,
    },
  });

  // Cached answers about this name, its owner's and wallets' reverse lookups and its parent's
  // listings are dropped here now and on every instance when the transaction commits.
  const tags: [Topic, string][] = [
    ["name", input.name],
    ["address", input.ownerAddress.toLowerCase()],
  ];
  for (const wallet of input.wallets ?? []) tags.push(["address", wallet.address.toLowerCase()]);
  if (parentName) tags.push(["name", parentName]);
  await invalidateAll(tags, tx);

  if (parent) {
    await tx.$executeRaw`UPDATE "domain" SET subdomain_count = subdomain_count + 1 WHERE id = ${parent.id}::uuid`;
    const day = createdAt.toISOString().slice(0, 10);
    await tx.$executeRaw`
      INSERT INTO subdomain_daily_count (parent_id, day, count) VALUES (${parent.id}::uuid, ${day}::date, 1)
      ON CONFLICT (parent_id, day) DO UPDATE SET count = subdomain_daily_count.count + 1`;
  }
  return domain;
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
): Promise<Domain> {
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
  return domain;
}
