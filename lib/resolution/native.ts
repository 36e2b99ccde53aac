import "server-only";
import type { Prisma } from "@prisma/client";
import type { ResolveResult } from "@/lib/api/schemas/resolve";
import type { Coin } from "@/lib/api/schemas/common";
import { db } from "@/lib/db";
import { ETHEREUM_COIN_TYPE } from "@/lib/names/coins";
import { nativeRecords } from "./native-records";
import type { ForwardOptions, ResolutionProvider } from "./types";

// The native registry as a resolution provider.
//
// Reverse resolution is verified: a name N "points back" to an address A when N's ETH wallet
// (coin ETH, coin type 60) is A, or, when N has no ETH wallet, N's owner is A (EVM letter case
// ignored). reverse(A) is A's primary name (its reverse record) when it points back; otherwise
// the most recently registered unexpired name owned by A that points back; otherwise none.

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

const FALLBACK_CANDIDATES = 20;

export const nativeProvider: ResolutionProvider = {
  nameService: "native",

  async forward(name, options) {
    const domain = await nativeRecords(name);
    if (!domain || isExpired(domain)) return null;
    return toResolveResult(domain, options.coins);
  },

  async reverse(address) {
    const key = address.toLowerCase();
    const primary = await db().reverseRecord.findUnique({
      where: { address: key },
      include: { domain: { include: withRecords } },
    });
    if (primary && !isExpired(primary.domain) && !primary.domain.suspendedAt && pointsBack(primary.domain, key))
      return toResolveResult(primary.domain);

    const owned = await db().domain.findMany({
      // A suspended name (its payment was reversed) answers nothing.
      where: { ownerKey: key, suspendedAt: null },
      include: withRecords,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: FALLBACK_CANDIDATES,
    });
    const found = owned.find((domain) => !isExpired(domain) && pointsBack(domain, key));
    return found ? toResolveResult(found) : null;
  },
};

function pointsBack(domain: Pick<DomainWithRecords, "ownerKey" | "wallets">, addressKey: string): boolean {
  const eth = domain.wallets.find((wallet) => wallet.coin === "ETH" && Number(wallet.coinType) === ETHEREUM_COIN_TYPE);
  return eth ? eth.address.toLowerCase() === addressKey : domain.ownerKey === addressKey;
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
