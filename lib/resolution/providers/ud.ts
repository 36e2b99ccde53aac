import "server-only";
import { getAddress, namehash, parseAbi, zeroAddress, type Address, type PublicClient } from "viem";
import type { Coin } from "@/lib/contract/schemas/common";
import type { DnsRecord, ResolveResult, TxtRecord, WalletData } from "@/lib/contract/schemas/resolve";
import type { Config } from "@/lib/config";
import { isCoinCode } from "@/lib/names/coin-codes";
import { TtlCache } from "@/lib/resolution/cache";
import type { ForwardOptions, ResolutionProvider, ReverseOptions } from "@/lib/resolution/types";
import { withTimeout } from "@/lib/resolution/with-timeout";
import { ipfsUri } from "./content-hash-helpers";
import { createRpcClient, readView, rpcFailure } from "./evm-rpc-helpers";
import { UD_CRYPTO_KEYS, UD_DNS_TYPES, UD_OTHER_KEYS } from "./ud-keys-helpers";

// Unstoppable Domains read from the UNS registries through their ProxyReader, the way UD's
// resolution library does: forward on Polygon first, then Ethereum (a name bridged to Polygon
// keeps a stale copy on L1); reverse on Ethereum first, then Polygon. Names arrive ENSIP-15
// normalized; the token id is the name's EIP-137 namehash.
//
// Keys become fields: crypto.<T>.address is T/NATIVE, crypto.<T>.version.<V>.address is T/V,
// token.EVM.<NET>.address is the network's gas coin with the network as version,
// token.EVM.<NET>.<T>.address is T with the token standard (ERC20 on ETH, BEP20 on BSC, else the
// network), token.EVM.address ETH/EVM; dns.<TYPE> (a JSON array) with dns.<TYPE>.ttl, dns.ttl or
// 300 s are DNS records; dweb.ipfs.hash, else ipfs.html.value, the content hash; the rest text.

/** TLDs the UNS registry serves that no ICANN root holds, for choosing `ud` by name. */
export const UD_TLDS: readonly string[] = [
  "crypto",
  "nft",
  "wallet",
  "x",
  "bitcoin",
  "dao",
  "888",
  "zil",
  "blockchain",
  "polygon",
  "unstoppable",
  "klever",
  "hi",
  "kresus",
  "anime",
  "manga",
  "binanceus",
  "altimist",
  "pudgy",
  "austin",
  "bitget",
  "pog",
  "clay",
  "tball",
  "witg",
  "metropolis",
  "ubu",
  "raiin",
  "farms",
];

export const UD_NOT_CONFIGURED =
  "Unstoppable Domains resolution is not configured: set POLYGON_RPC_URL or ETH_RPC_URL.";

const MAINNET_UNS_PROXY_READER: Address = "0x578853aa776Eef10CeE6c4dd2B5862bdcE767A8B";
const POLYGON_UNS_PROXY_READER: Address = "0x91EDd8708062bd4233f4Dd0FCE15A7cb4d500091";

const FIELD = "nameservice";
const DEFAULT_DNS_TTL = 300;

const proxyReaderAbi = parseAbi([
  "function getData(string[] keys, uint256 tokenId) view returns (address resolver, address owner, string[] values)",
  "function reverseNameOf(address addr) view returns (string)",
]);

/** UD's EVM network codes: the gas coin, the network label, and the token standard on it. */
const EVM_NETWORKS: Record<string, { coin: string; network: string; standard: string }> = {
  ETH: { coin: "ETH", network: "NATIVE", standard: "ERC20" },
  MATIC: { coin: "MATIC", network: "POLYGON", standard: "MATIC" },
  BASE: { coin: "ETH", network: "BASE", standard: "BASE" },
  ARB: { coin: "ETH", network: "ARBITRUM", standard: "ARBITRUM" },
  OP: { coin: "ETH", network: "OPTIMISM", standard: "OPTIMISM" },
  BSC: { coin: "BNB", network: "BSC", standard: "BEP20" },
  AVAX: { coin: "AVAX", network: "AVALANCHE", standard: "AVAX" },
  FTM: { coin: "FTM", network: "FANTOM", standard: "FANTOM" },
  CELO: { coin: "CELO", network: "CELO", standard: "CELO" },
};
const DEFAULT_TOKENS: readonly string[] = ["USDC"];

const CRYPTO_VERSIONS = new Map<string, string[]>(
  UD_CRYPTO_KEYS.map((entry) => {
    const [ticker, versions] = entry.split(":");
    return [ticker!, versions ? versions.split(",") : ["-"]];
  }),
);

function cryptoKeys(ticker: string): string[] {
  const versions = CRYPTO_VERSIONS.get(ticker) ?? ["-"];
  return versions.map((v) => (v === "-" ? `crypto.${ticker}.address` : `crypto.${ticker}.version.${v}.address`));
}

/** Every key read for a name: addresses of the requested coins (all defined ones when none), DNS, the rest. */
export function udKeysFor(coins?: readonly Coin[]): string[] {
  const tickers = coins?.length ? [...coins] : [...CRYPTO_VERSIONS.keys()];
  const keys = new Set<string>(tickers.flatMap(cryptoKeys));
  keys.add("token.EVM.address");
  const tokens = coins?.length ? tickers : DEFAULT_TOKENS;
  for (const net of Object.keys(EVM_NETWORKS)) {
    keys.add(`token.EVM.${net}.address`);
    for (const token of tokens) keys.add(`token.EVM.${net}.${token}.address`);
  }
  for (const type of UD_DNS_TYPES) keys.add(`dns.${type}`).add(`dns.${type}.ttl`);
  keys.add("dns.ttl");
  for (const key of UD_OTHER_KEYS) keys.add(key);
  return [...keys];
}

function walletOfKey(key: string, address: string): WalletData | null {
  let match = /^crypto\.([A-Za-z0-9]+)\.address$/.exec(key);
  if (match) return isCoinCode(match[1]!) ? { coin: match[1]!, version: "NATIVE", address } : null;
  match = /^crypto\.([A-Za-z0-9]+)\.version\.([A-Za-z0-9_-]+)\.address$/.exec(key);
  if (match) return isCoinCode(match[1]!) ? { coin: match[1]!, version: match[2]!, address } : null;
  if (key === "token.EVM.address") return { coin: "ETH", version: "EVM", address };
  match = /^token\.EVM\.([A-Z0-9]+)\.address$/.exec(key);
  const network = match ? EVM_NETWORKS[match[1]!] : undefined;
  if (network) return isCoinCode(network.coin) ? { coin: network.coin, version: network.network, address } : null;
  match = /^token\.EVM\.([A-Z0-9]+)\.([A-Za-z0-9]+)\.address$/.exec(key);
  const tokenNetwork = match ? EVM_NETWORKS[match[1]!] : undefined;
  if (match && tokenNetwork && isCoinCode(match[2]!))
    return { coin: match[2]!, version: tokenNetwork.standard, address };
  return null;
}

/** UD records (key → value, empty values dropped) as the fields of a ResolveResult. */
export function mapUdRecords(name: string, records: ReadonlyMap<string, string>, coins?: readonly Coin[]) {
  const wanted = coins?.length ? new Set<string>(coins) : null;
  const wallets: WalletData[] = [];
  const txtRecords: TxtRecord[] = [];
  const dnsRecords: DnsRecord[] = [];
  const defaultTtl = Number.parseInt(records.get("dns.ttl") ?? "", 10);
  for (const [key, value] of records) {
    if (key.startsWith("crypto.") || key.startsWith("token.")) {
      const wallet = walletOfKey(key, value.trim());
      if (wallet && (!wanted || wanted.has(wallet.coin))) wallets.push(wallet);
      continue;
    }
    const dns = /^dns\.([A-Z0-9]+)$/.exec(key);
    if (dns) {
      const type = dns[1]!;
      const typeTtl = Number.parseInt(records.get(`dns.${type}.ttl`) ?? "", 10);
      const ttl = Number.isFinite(typeTtl) ? typeTtl : Number.isFinite(defaultTtl) ? defaultTtl : DEFAULT_DNS_TTL;
      for (const item of parseJsonStrings(value)) dnsRecords.push({ name, type, ttl, value: item });
      continue;
    }
    if (key.startsWith("dns.") || key === "dweb.ipfs.hash" || key === "ipfs.html.value") continue;
    txtRecords.push({ key, value });
  }
  const contentHash = ipfsUri(records.get("dweb.ipfs.hash") || records.get("ipfs.html.value") || "");
  return { wallets, txtRecords, dnsRecords, contentHash };
}

function parseJsonStrings(value: string): string[] {
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
}

export interface UnsChainOptions {
  rpcUrl: string;
  proxyReader: Address;
}

export interface UdProviderOptions {
  polygon?: UnsChainOptions;
  ethereum?: UnsChainOptions;
  timeoutMs?: number;
  cacheTtlSeconds?: number;
  staleSeconds?: number;
  cacheMaxEntries?: number;
}

interface UnsChain {
  label: string;
  client: PublicClient;
  proxyReader: Address;
}

export class UdProvider implements ResolutionProvider {
  readonly nameService = "ud" as const;
  private readonly forwardOrder: UnsChain[];
  private readonly reverseOrder: UnsChain[];
  private readonly timeoutMs: number;
  private readonly ttlMs: number;
  private readonly cache: TtlCache<ResolveResult | null>;

  constructor(options: UdProviderOptions) {
    this.timeoutMs = options.timeoutMs ?? 3000;
    const chain = (label: string, o?: UnsChainOptions): UnsChain[] =>
      o ? [{ label, client: createRpcClient(o.rpcUrl, this.timeoutMs), proxyReader: getAddress(o.proxyReader) }] : [];
    const polygon = chain("The Polygon JSON-RPC endpoint (UD)", options.polygon);
    const ethereum = chain("The Ethereum JSON-RPC endpoint (UD)", options.ethereum);
    if (polygon.length + ethereum.length === 0) throw new Error("UdProvider needs a Polygon or an Ethereum endpoint");
    this.forwardOrder = [...polygon, ...ethereum];
    this.reverseOrder = [...ethereum, ...polygon];
    this.ttlMs = (options.cacheTtlSeconds ?? 60) * 1000;
    this.cache = new TtlCache({
      maxEntries: options.cacheMaxEntries ?? 10_000,
      staleMs: (options.staleSeconds ?? 600) * 1000,
    });
  }

  forward(name: string, options: ForwardOptions): Promise<ResolveResult | null> {
    const key = `f:${name}|${options.coins?.length ? [...options.coins].sort().join(",") : "*"}`;
    return this.cache.get(
      key,
      async () => ({ value: await this.deadline(() => this.readName(name, options.coins)), ttlMs: this.ttlMs }),
      options.signal,
    );
  }

  reverse(address: string, options: ReverseOptions): Promise<ResolveResult | null> {
    const key = `r:${address.toLowerCase()}`;
    return this.cache.get(
      key,
      async () => ({ value: await this.deadline(() => this.readReverse(address)), ttlMs: this.ttlMs }),
      options.signal,
    );
  }

  private async deadline<T>(work: () => Promise<T>): Promise<T> {
    return withTimeout(work, { source: "The UNS JSON-RPC endpoints", field: FIELD, timeoutMs: this.timeoutMs });
  }

  /** Asks every chain at once (one round trip) and takes the first in precedence order that answers. */
  private async firstAnswer<T>(chains: UnsChain[], read: (chain: UnsChain) => Promise<T | null>): Promise<T | null> {
    const attempts = chains.map((chain) =>
      read(chain).then(
        (value) => ({ ok: true as const, value }),
        (error: unknown) => ({ ok: false as const, error: rpcFailure(error, FIELD, chain.label) }),
      ),
    );
    for (const attempt of attempts) {
      const outcome = await attempt;
      if (!outcome.ok) throw outcome.error;
      if (outcome.value !== null) return outcome.value;
    }
    return null;
  }

  private async readName(name: string, coins?: readonly Coin[]): Promise<ResolveResult | null> {
    const keys = udKeysFor(coins);
    const tokenId = BigInt(namehash(name));
    const data = await this.firstAnswer(this.forwardOrder, async (chain) => {
      const read = await readView(chain.client, chain.proxyReader, proxyReaderAbi, "getData", [keys, tokenId]);
      if (!read.ok || read.value[1] === zeroAddress) return null;
      return read.value;
    });
    if (!data) return null;
    const [, owner, values] = data;
    const records = new Map<string, string>();
    keys.forEach((key, i) => {
      if (values[i]) records.set(key, values[i]);
    });
    return { domain: name, nameService: "ud", ownerAddress: getAddress(owner), ...mapUdRecords(name, records, coins) };
  }

  private async readReverse(address: string): Promise<ResolveResult | null> {
    const name = await this.firstAnswer(this.reverseOrder, async (chain) => {
      const read = await readView(chain.client, chain.proxyReader, proxyReaderAbi, "reverseNameOf", [
        getAddress(address),
      ]);
      return read.ok && read.value ? read.value : null;
    });
    return name ? this.forward(name, {}) : null;
  }
}

/** The UD provider from configuration, or null when neither POLYGON_RPC_URL nor ETH_RPC_URL is set. */
export function udProviderFromConfig(cfg: Config): UdProvider | null {
  if (!cfg.POLYGON_RPC_URL && !cfg.ETH_RPC_URL) return null;
  return new UdProvider({
    polygon: cfg.POLYGON_RPC_URL
      ? {
          rpcUrl: cfg.POLYGON_RPC_URL,
          proxyReader: (cfg.UNS_POLYGON_PROXY_READER_ADDRESS as Address | undefined) ?? POLYGON_UNS_PROXY_READER,
        }
      : undefined,
    ethereum: cfg.ETH_RPC_URL
      ? {
          rpcUrl: cfg.ETH_RPC_URL,
          proxyReader: (cfg.UNS_PROXY_READER_ADDRESS as Address | undefined) ?? MAINNET_UNS_PROXY_READER,
        }
      : undefined,
    timeoutMs: cfg.RESOLUTION_TIMEOUT_MS,
    cacheTtlSeconds: cfg.CHAIN_CACHE_TTL_SECONDS,
  });
}
