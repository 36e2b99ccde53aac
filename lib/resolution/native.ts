import "server-only";
import type { Prisma } from "@prisma/client";
import type { ResolveResult } from "@/lib/contract/schemas/resolve";
import type { Coin } from "@/lib/contract/schemas/common";
import { prepared, sqlBuilder } from "@/lib/db/sql";
import { ETHEREUM_COIN_TYPE } from "@/lib/names/coins";
import { nativeRecords, type NativeRecords } from "./native-records";
import type { ForwardOptions, ResolutionProvider } from "./types";

// The native registry as a resolution provider.
//
// Reverse resolution answers only a name the address chose: its primary name (its reverse record,
// set while signed in), and only while that name's ETH wallet (coin ETH, coin type 60) is the
// address (letter case ignored). Owning a name is not choosing it: anyone can buy a name naming
// any address as owner, so an address without a primary name has no reverse answer.

export const withRecords = {
  wallets: { orderBy: [{ coin: "asc" }, { version: "asc" }] },
  dnsRecords: { orderBy: [{ type: "asc" }, { name: "asc" }, { value: "asc" }] },
  textRecords: { orderBy: { key: "asc" } },
} satisfies Prisma.DomainInclude;

type DomainWithRecords = Pick<
  Prisma.DomainGetPayload<{ include: typeof withRecords }>,
  "name" | "ownerAddress" | "ownerKey" | "contentHash" | "expiresAt"
> & {
  wallets: { coin: string; version: string; coinType: bigint; address: string }[];
  dnsRecords: { name: string; ttl: number; type: string; value: string }[];
  textRecords: { key: string; value: string }[];
};

const primaryName = prepared((address: string) =>
  sqlBuilder
    .selectFrom("reverse_record as r")
    .innerJoin("domain as d", "d.id", "r.domain_id")
    .select("d.name")
    .where("r.address", "=", address),
);

export const nativeProvider: ResolutionProvider = {
  nameService: "native",

  // At once when the records are (kept, or a name never registered).
  forward(name, options) {
    const domain = nativeRecords(name);
    return domain instanceof Promise
      ? domain.then((records) => liveResult(records, options.coins))
      : liveResult(domain, options.coins);
  },

  async reverse(address) {
    const key = address.toLowerCase();
    // The records come from nativeRecords, as forward resolution reads them (batched, kept,
    // suspended names answered as null).
    const [primary] = await primaryName([key], "lookup");
    const primaryRecords = primary ? await nativeRecords(primary.name) : null;
    return primaryRecords && !isExpired(primaryRecords) && pointsBack(primaryRecords, key)
      ? toResolveResult(primaryRecords)
      : null;
  },
};

function liveResult(domain: NativeRecords | null, coins: ForwardOptions["coins"]): ResolveResult | null {
  return domain && !isExpired(domain) ? toResolveResult(domain, coins) : null;
}

function pointsBack(domain: Pick<DomainWithRecords, "wallets">, addressKey: string): boolean {
  const eth = domain.wallets.find((wallet) => wallet.coin === "ETH" && Number(wallet.coinType) === ETHEREUM_COIN_TYPE);
  return eth?.address.toLowerCase() === addressKey;
}

function isExpired(domain: { expiresAt: Date | null }): boolean {
  return domain.expiresAt !== null && domain.expiresAt.getTime() <= Date.now();
}

export function toResolveResult(domain: DomainWithRecords, coins?: ForwardOptions["coins"]): ResolveResult {
  const wanted = coins ? new Set<string>(coins) : undefined;
  return {
    contentHash: domain.contentHash,
    dnsRecords: domain.dnsRecords.map(({ name, ttl, type, value }) => ({ name, ttl, type, value })),
    domain: domain.name,
    nameService: "native",
    ownerAddress: domain.ownerAddress,
    txtRecords: domain.textRecords.map(({ key, value }) => ({ key, value })),
    wallets: domain.wallets
      .filter((wallet) => !wanted || wanted.has(wallet.coin))
      .map((wallet) => ({ address: wallet.address, coin: wallet.coin as Coin, version: wallet.version })),
  };
}
