import "server-only";
import { ens_normalize } from "@adraffy/ens-normalize";
import {
  bytesToHex,
  decodeFunctionResult,
  encodeFunctionData,
  getAddress,
  hexToBytes,
  isAddressEqual,
  namehash,
  parseAbi,
  stringToBytes,
  zeroAddress,
  type Address,
  type Hex,
  type PublicClient,
} from "viem";
import { ApiError } from "@/lib/api/errors";
import type { Config } from "@/lib/config";
import type { ResolveResult, TxtRecord, WalletData } from "@/lib/api/schemas/resolve";
import { TtlCache } from "@/lib/resolution/cache";
import type { ForwardOptions, ResolutionProvider, ReverseOptions } from "@/lib/resolution/types";
import { withTimeout } from "@/lib/resolution/with-timeout";
import { coinTypesFor, walletOf, type CoinTypeLabel } from "./coin-types-helpers";
import { contentHashToUri } from "./content-hash-helpers";
import { createRpcClient, rawCall, readView, rpcFailure, type CallOutcome } from "./evm-rpc-helpers";

// ENS read straight from the registry and resolvers over JSON-RPC. Names arrive ENSIP-15
// normalized. The resolver is the closest ancestor's (ENSIP-10); one found above the name is used
// only when it supports resolve(bytes,bytes). Owner is the registry's, or the NameWrapper's
// ERC-1155 owner when the registry owner is the wrapper. Reverse is the ENSIP-19 primary name on
// addr.reverse, kept only when the name's ETH address points back to the address.

export const MAINNET_ENS_REGISTRY: Address = "0x00000000000C2E074eC69A0dFb2997BA6C7d2e1e";
export const MAINNET_NAME_WRAPPER: Address = "0xD4416b13d2b3a9aBae7AcD5D6C2BbDBE25686401";

/** ENSIP-5 global keys and the common service keys; ENS has no way to list a name's keys. */
export const ENS_TEXT_KEYS: readonly string[] = [
  "avatar",
  "description",
  "display",
  "email",
  "keywords",
  "mail",
  "notice",
  "location",
  "phone",
  "url",
  "header",
  "name",
  "com.github",
  "com.twitter",
  "com.x",
  "com.discord",
  "com.reddit",
  "com.linkedin",
  "org.telegram",
  "xyz.farcaster",
  "com.youtube",
  "io.keybase",
];

const EXTENDED_RESOLVER_INTERFACE = "0x9061b923";
const FIELD = "nameservice";
const SOURCE = "The Ethereum JSON-RPC endpoint (ENS)";

const registryAbi = parseAbi([
  "function owner(bytes32 node) view returns (address)",
  "function resolver(bytes32 node) view returns (address)",
]);
const resolverAbi = parseAbi([
  "function supportsInterface(bytes4 interfaceId) view returns (bool)",
  "function addr(bytes32 node) view returns (address)",
  "function addr(bytes32 node, uint256 coinType) view returns (bytes)",
  "function text(bytes32 node, string key) view returns (string)",
  "function contenthash(bytes32 node) view returns (bytes)",
  "function name(bytes32 node) view returns (string)",
  "function resolve(bytes name, bytes data) view returns (bytes)",
]);
const nameWrapperAbi = parseAbi(["function ownerOf(uint256 id) view returns (address)"]);

export interface EnsProviderOptions {
  rpcUrl: string;
  registryAddress?: Address;
  /** The NameWrapper to ask for owners of wrapped names; mainnet's when the mainnet registry is used. */
  nameWrapperAddress?: Address | null;
  timeoutMs?: number;
  cacheTtlSeconds?: number;
  /** How long past the TTL a cached answer is still served while it is refreshed. */
  staleSeconds?: number;
  cacheMaxEntries?: number;
  textKeys?: readonly string[];
}

/** DNS wire format of a name (ENSIP-10's `name` argument). */
export function dnsEncode(name: string): Hex {
  const parts: number[] = [];
  for (const label of name.split(".").filter(Boolean)) {
    const bytes = stringToBytes(label);
    if (bytes.length > 255)
      throw new ApiError(400, "domain", `The label "${label.slice(0, 20)}…" is longer than 255 bytes.`);
    parts.push(bytes.length, ...bytes);
  }
  parts.push(0);
  return bytesToHex(Uint8Array.from(parts));
}

function ancestors(name: string): string[] {
  const labels = name.split(".");
  return labels.map((_, i) => labels.slice(i).join("."));
}

export class EnsProvider implements ResolutionProvider {
  readonly nameService = "ens" as const;
  private readonly client: PublicClient;
  private readonly registry: Address;
  private readonly nameWrapper: Address | null;
  private readonly timeoutMs: number;
  private readonly ttlMs: number;
  private readonly textKeys: readonly string[];
  private readonly cache: TtlCache<ResolveResult | null>;

  constructor(options: EnsProviderOptions) {
    this.timeoutMs = options.timeoutMs ?? 3000;
    this.client = createRpcClient(options.rpcUrl, this.timeoutMs);
    this.registry = getAddress(options.registryAddress ?? MAINNET_ENS_REGISTRY);
    const defaultWrapper = isAddressEqual(this.registry, MAINNET_ENS_REGISTRY) ? MAINNET_NAME_WRAPPER : null;
    this.nameWrapper = options.nameWrapperAddress === undefined ? defaultWrapper : options.nameWrapperAddress;
    this.ttlMs = (options.cacheTtlSeconds ?? 60) * 1000;
    this.textKeys = options.textKeys ?? ENS_TEXT_KEYS;
    this.cache = new TtlCache({
      maxEntries: options.cacheMaxEntries ?? 10_000,
      staleMs: (options.staleSeconds ?? 600) * 1000,
    });
  }

  forward(name: string, options: ForwardOptions): Promise<ResolveResult | null> {
    const labels = coinTypesFor(options.coins);
    const key = `f:${name}|${options.coins?.length ? [...options.coins].sort().join(",") : "*"}`;
    return this.cache.get(
      key,
      async () => ({ value: await this.deadline((signal) => this.readName(name, labels, signal)), ttlMs: this.ttlMs }),
      options.signal,
    );
  }

  reverse(address: string, options: ReverseOptions): Promise<ResolveResult | null> {
    const key = `r:${address.toLowerCase()}`;
    return this.cache.get(
      key,
      async () => ({
        value: await this.deadline((signal) => this.readPrimaryName(address, signal)),
        ttlMs: this.ttlMs,
      }),
      options.signal,
    );
  }

  private async deadline<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    try {
      return await withTimeout(work, { source: SOURCE, field: FIELD, timeoutMs: this.timeoutMs });
    } catch (error) {
      throw rpcFailure(error, FIELD, SOURCE);
    }
  }

  private async readName(
    name: string,
    labels: readonly CoinTypeLabel[],
    signal: AbortSignal,
  ): Promise<ResolveResult | null> {
    const node = namehash(name);
    const [ownerRead, resolvers] = await Promise.all([
      readView(this.client, this.registry, registryAbi, "owner", [node]),
      Promise.all(
        ancestors(name).map((n) => readView(this.client, this.registry, registryAbi, "resolver", [namehash(n)])),
      ),
    ]);
    signal.throwIfAborted();
    const registryOwner = ownerRead.ok ? ownerRead.value : zeroAddress;
    const found = resolvers.findIndex((r) => r.ok && r.value !== zeroAddress);
    const resolver = found >= 0 && resolvers[found]!.ok ? (resolvers[found] as { value: Address }).value : null;
    const extended = resolver ? await this.supportsExtended(resolver) : false;
    const usable = resolver !== null && (found === 0 || extended);

    const [owner, records] = await Promise.all([
      this.ownerOf(node, registryOwner),
      usable ? this.readRecords(name, node, resolver, extended, labels) : Promise.resolve(null),
    ]);
    signal.throwIfAborted();
    const hasRecords =
      records !== null && (records.wallets.length > 0 || records.txtRecords.length > 0 || records.contentHash !== "");
    if (registryOwner === zeroAddress && !hasRecords) return null;
    return {
      domain: name,
      nameService: "ens",
      ownerAddress: owner === zeroAddress ? "" : owner,
      wallets: records?.wallets ?? [],
      txtRecords: records?.txtRecords ?? [],
      contentHash: records?.contentHash ?? "",
      dnsRecords: [],
    };
  }

  private async supportsExtended(resolver: Address): Promise<boolean> {
    const outcome = await readView(this.client, resolver, resolverAbi, "supportsInterface", [
      EXTENDED_RESOLVER_INTERFACE,
    ]);
    return outcome.ok && outcome.value === true;
  }

  private async ownerOf(node: Hex, registryOwner: Address): Promise<Address> {
    if (!this.nameWrapper || registryOwner === zeroAddress || !isAddressEqual(registryOwner, this.nameWrapper))
      return registryOwner;
    const wrapped = await readView(this.client, this.nameWrapper, nameWrapperAbi, "ownerOf", [BigInt(node)]);
    return wrapped.ok ? wrapped.value : registryOwner;
  }

  private async readRecords(
    name: string,
    node: Hex,
    resolver: Address,
    extended: boolean,
    labels: readonly CoinTypeLabel[],
  ) {
    const dnsName = extended ? dnsEncode(name) : "0x";
    // Through resolve(name, data) when the resolver is ENSIP-10, directly otherwise.
    const read = async (data: Hex): Promise<CallOutcome<Hex>> => {
      if (!extended) return rawCall(this.client, resolver, data);
      const outer = await rawCall(
        this.client,
        resolver,
        encodeFunctionData({ abi: resolverAbi, functionName: "resolve", args: [dnsName, data] }),
      );
      if (!outer.ok) return outer;
      try {
        return {
          ok: true,
          value: decodeFunctionResult({ abi: resolverAbi, functionName: "resolve", data: outer.value }),
        };
      } catch {
        return { ok: false };
      }
    };
    const decode = <T>(outcome: CallOutcome<Hex>, decoder: (data: Hex) => T): T | null => {
      if (!outcome.ok) return null;
      try {
        return decoder(outcome.value);
      } catch {
        return null;
      }
    };

    const addrReads = labels.map(async (label) => {
      const data = encodeFunctionData({ abi: resolverAbi, functionName: "addr", args: [node, BigInt(label.coinType)] });
      let bytes = decode(
        await read(data),
        (d) => decodeFunctionResult({ abi: resolverAbi, functionName: "addr", args: [node, 0n], data: d }) as Hex,
      );
      if (bytes === null && label.coinType === 60) {
        // Resolvers from before ENSIP-9 only know addr(bytes32).
        const legacy = await read(encodeFunctionData({ abi: resolverAbi, functionName: "addr", args: [node] }));
        const address = decode(
          legacy,
          (d) => decodeFunctionResult({ abi: resolverAbi, functionName: "addr", args: [node], data: d }) as Address,
        );
        bytes = address && address !== zeroAddress ? (address.toLowerCase() as Hex) : null;
      }
      return bytes && bytes !== "0x" ? walletOf(label, hexToBytes(bytes)) : null;
    });
    const textReads = this.textKeys.map(async (key): Promise<TxtRecord | null> => {
      const outcome = await read(encodeFunctionData({ abi: resolverAbi, functionName: "text", args: [node, key] }));
      const value = decode(outcome, (d) => decodeFunctionResult({ abi: resolverAbi, functionName: "text", data: d }));
      return value ? { key, value } : null;
    });
    const contentRead = read(encodeFunctionData({ abi: resolverAbi, functionName: "contenthash", args: [node] })).then(
      (outcome) =>
        contentHashToUri(
          decode(outcome, (d) => decodeFunctionResult({ abi: resolverAbi, functionName: "contenthash", data: d })) ??
            "",
        ),
    );
    const [wallets, texts, contentHash] = await Promise.all([
      Promise.all(addrReads),
      Promise.all(textReads),
      contentRead,
    ]);
    return {
      wallets: wallets.filter((w): w is WalletData => w !== null),
      txtRecords: texts.filter((t): t is TxtRecord => t !== null),
      contentHash,
    };
  }

  private async readPrimaryName(address: string, signal: AbortSignal): Promise<ResolveResult | null> {
    const reverseNode = namehash(`${address.toLowerCase().slice(2)}.addr.reverse`);
    const resolver = await readView(this.client, this.registry, registryAbi, "resolver", [reverseNode]);
    if (!resolver.ok || resolver.value === zeroAddress) return null;
    const nameRead = await readView(this.client, resolver.value, resolverAbi, "name", [reverseNode]);
    signal.throwIfAborted();
    if (!nameRead.ok || !nameRead.value) return null;
    const name = nameRead.value;
    if (!isNormalized(name)) return null;
    const forward = await this.forward(name, { signal });
    const ethAddress = forward?.wallets.find((w) => w.coin === "ETH" && w.version === "NATIVE")?.address;
    if (!forward || !ethAddress || ethAddress.toLowerCase() !== address.toLowerCase()) return null;
    return forward;
  }
}

function isNormalized(name: string): boolean {
  try {
    return ens_normalize(name) === name;
  } catch {
    return false;
  }
}

/** The ENS provider from configuration, or null when ETH_RPC_URL is not set. */
export function ensProviderFromConfig(cfg: Config): EnsProvider | null {
  if (!cfg.ETH_RPC_URL) return null;
  return new EnsProvider({
    rpcUrl: cfg.ETH_RPC_URL,
    registryAddress: (cfg.ENS_REGISTRY_ADDRESS as Address | undefined) ?? MAINNET_ENS_REGISTRY,
    timeoutMs: cfg.RESOLUTION_TIMEOUT_MS,
    cacheTtlSeconds: cfg.CHAIN_CACHE_TTL_SECONDS,
  });
}

export const ENS_NOT_CONFIGURED = "ENS resolution is not configured: set ETH_RPC_URL.";
