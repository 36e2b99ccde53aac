import "server-only";
import { ens_normalize } from "@adraffy/ens-normalize";
import {
  BaseError,
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
import { packetToBytes } from "viem/ens";
import { LRUCache } from "lru-cache";
import { ApiError } from "@/lib/contract/errors";
import type { Config } from "@/lib/config";
import type { ResolveResult, TxtRecord, WalletData } from "@/lib/contract/schemas/resolve";
import { TtlCache } from "@/lib/resolution/cache";
import type { ForwardOptions, ResolutionProvider, ReverseOptions } from "@/lib/resolution/types";
import { withTimeout } from "@/lib/resolution/with-timeout";
import { CcipGatewayError, trackGateways, type GatewayBudget, type GatewayTraffic } from "./ccip-gateway";
import { coinTypeLabel, coinTypesFor, walletOf, type CoinTypeLabel } from "./coin-types-helpers";
import { contentHashToUri } from "./content-hash-helpers";
import { createRpcClient, decodeOr, rawCall, readView, rpcFailure, type CallOutcome } from "./evm-rpc-helpers";

// ENS read straight from the registry and resolvers over JSON-RPC. Names arrive ENSIP-15
// normalized. The resolver is the closest ancestor's (ENSIP-10); one found above the name is used
// only when it supports resolve(bytes,bytes). Resolvers that answer through a gateway (CCIP-Read,
// EIP-3668) are followed, and the gateway's answer counts only when the resolver accepts it.
// Owner is the registry's, or the NameWrapper's ERC-1155 owner when the registry owner is the
// wrapper. Reverse is the ENSIP-19 primary name: for a coin type, the name of
// `[addr].[namespace].reverse` (addr for Ethereum, the coin type in hex for another EVM chain, then
// default when the chain has none), kept only when the name's address for that coin type points
// back to the address.

const MAINNET_ENS_REGISTRY: Address = "0x00000000000C2E074eC69A0dFb2997BA6C7d2e1e";
const MAINNET_NAME_WRAPPER: Address = "0xD4416b13d2b3a9aBae7AcD5D6C2BbDBE25686401";

/** ENSIP-5 global keys and the common service keys; ENS has no way to list a name's keys. */
const ENS_TEXT_KEYS: readonly string[] = [
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
/** ENSIP-11 coin type of Ethereum mainnet, and ENSIP-19's default EVM coin type. */
const ETHEREUM_COIN_TYPE = 60;
const DEFAULT_EVM_COIN_TYPE = 0x80000000;
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
  "function multicall(bytes[] data) view returns (bytes[])",
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
  /** Ask CCIP-Read gateways on loopback or private addresses (tests, private networks); off by default. */
  allowNonPublicGateways?: boolean;
  /** Bounds on CCIP-Read gateway requests per host and per client; unbounded when absent. */
  gatewayBudget?: GatewayBudget;
  /** How long a lookup whose gateway failed answers that failure without asking again (30 s). */
  failureCacheSeconds?: number;
}

const MAX_REMEMBERED_FAILURES = 10_000;
/** How long a resolver whose gateway does not answer multicalls is read one record at a time. */
const NO_MULTICALL_MS = 10 * 60_000;

/**
 * DNS wire format of a name (ENSIP-10's `name` argument), by viem's packetToBytes. A label over
 * 255 bytes is refused here (packetToBytes would put its labelhash in its place, a name nobody asked).
 */
export function dnsEncode(name: string): Hex {
  for (const label of name.split("."))
    if (stringToBytes(label).length > 255)
      throw new ApiError(400, "domain", `The label "${label.slice(0, 20)}…" is longer than 255 bytes.`);
  return bytesToHex(packetToBytes(name.split(".").filter(Boolean).join(".")));
}

function ancestors(name: string): string[] {
  const labels = name.split(".");
  return labels.map((_, i) => labels.slice(i).join("."));
}

/** ENSIP-19's reverse namespaces asked for a coin type, in order: the chain's own, then default. */
function reverseNamespaces(coinType: number): string[] {
  if (coinType === ETHEREUM_COIN_TYPE) return ["addr"];
  if (coinType === DEFAULT_EVM_COIN_TYPE) return ["default"];
  return [coinType.toString(16), "default"];
}

interface FoundResolver {
  address: Address;
  /** Supports resolve(bytes,bytes) (ENSIP-10): every read goes through it. */
  extended: boolean;
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
  /** Resolvers whose gateway answered single reads but not a multicall lately, until when. */
  private readonly noMulticall = new LRUCache<Address, true>({ max: MAX_REMEMBERED_FAILURES, ttl: NO_MULTICALL_MS });
  /** Lookups whose gateway failed lately, by cache key: the failure and until when it is answered. */
  private readonly failures = new LRUCache<string, ApiError>({ max: MAX_REMEMBERED_FAILURES });
  private readonly failureMs: number;

  constructor(options: EnsProviderOptions) {
    this.timeoutMs = options.timeoutMs ?? 3000;
    this.client = createRpcClient(options.rpcUrl, this.timeoutMs, {
      allowNonPublicGateways: options.allowNonPublicGateways,
      gatewayBudget: options.gatewayBudget,
    });
    this.failureMs = (options.failureCacheSeconds ?? 30) * 1000;
    this.registry = getAddress(options.registryAddress ?? MAINNET_ENS_REGISTRY);
    const defaultWrapper = isAddressEqual(this.registry, MAINNET_ENS_REGISTRY) ? MAINNET_NAME_WRAPPER : null;
    const wrapper = options.nameWrapperAddress === undefined ? defaultWrapper : options.nameWrapperAddress;
    this.nameWrapper = wrapper === null ? null : getAddress(wrapper);
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
    return this.remembered(key, () =>
      this.cache.get(
        key,
        async () => ({
          value: await this.deadline((signal) => this.readName(name, labels, signal), options.client),
          ttlMs: this.ttlMs,
        }),
        options.signal,
      ),
    );
  }

  /** The primary name of `address` for `options.coinType` (Ethereum's, 60, when absent). */
  reverse(address: string, options: ReverseOptions): Promise<ResolveResult | null> {
    const coinType = options.coinType ?? ETHEREUM_COIN_TYPE;
    const key = `r:${coinType}:${address.toLowerCase()}`;
    return this.remembered(key, () =>
      this.cache.get(
        key,
        async () => ({
          value: await this.deadline((signal) => this.readPrimaryName(address, coinType, signal), options.client),
          ttlMs: this.ttlMs,
        }),
        options.signal,
      ),
    );
  }

  /**
   * A gateway that failed (502, 504) is not asked again for the same lookup until failureMs has
   * passed: the failure is answered again. Everyone's lookups share it; a client's spent budget
   * (429) is that client's alone and is never kept.
   */
  private async remembered<T>(key: string, run: () => Promise<T>): Promise<T> {
    const kept = this.failures.get(key);
    if (kept) throw kept;
    try {
      return await run();
    } catch (error) {
      if (this.failureMs > 0 && error instanceof ApiError && gatewayFailures.has(error)) {
        this.failures.set(key, error, { ttl: this.failureMs });
      }
      throw error;
    }
  }

  private withoutMulticall(resolver: Address): boolean {
    return this.noMulticall.get(resolver) === true;
  }

  private rememberWithoutMulticall(resolver: Address): void {
    this.noMulticall.set(resolver, true);
  }

  private async deadline<T>(work: (signal: AbortSignal) => Promise<T>, client?: string): Promise<T> {
    // Gateways still asked when the deadline passes are the ones to name in the 504.
    const traffic: GatewayTraffic = { pending: new Set<string>(), client };
    try {
      return await trackGateways(
        () => withTimeout(work, { source: SOURCE, field: FIELD, timeoutMs: this.timeoutMs }),
        traffic,
      );
    } catch (error) {
      let failure: ApiError;
      if (error instanceof ApiError && error.status === 504 && traffic.pending.size > 0) {
        const hosts = [...traffic.pending].join(", ");
        failure = new ApiError(
          504,
          FIELD,
          `The CCIP-Read gateway ${hosts} did not answer within ${this.timeoutMs} ms.`,
        );
      } else failure = rpcFailure(error, FIELD, SOURCE);
      if (traffic.asked && (failure.status === 502 || failure.status === 504)) gatewayFailures.add(failure);
      throw failure;
    }
  }

  private async readName(
    name: string,
    labels: readonly CoinTypeLabel[],
    signal: AbortSignal,
  ): Promise<ResolveResult | null> {
    const node = namehash(name);
    const [ownerRead, resolver] = await Promise.all([
      readView(this.client, this.registry, registryAbi, "owner", [node]),
      this.findResolver(name),
    ]);
    signal.throwIfAborted();
    const registryOwner = ownerRead.ok ? ownerRead.value : zeroAddress;
    const [owner, records] = await Promise.all([
      this.ownerOf(node, registryOwner),
      resolver ? this.readRecords(name, node, resolver, labels) : Promise.resolve(null),
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

  /** The resolver that answers for `name` (ENSIP-10), or null when there is none usable. */
  private async findResolver(name: string): Promise<FoundResolver | null> {
    const resolvers = await Promise.all(
      ancestors(name).map((n) => readView(this.client, this.registry, registryAbi, "resolver", [namehash(n)])),
    );
    const found = resolvers.findIndex((r) => r.ok && r.value !== zeroAddress);
    if (found < 0) return null;
    const address = (resolvers[found] as { value: Address }).value;
    const extended = await this.supportsExtended(address);
    // A resolver above the name answers for it only as a wildcard resolver.
    return found === 0 || extended ? { address, extended } : null;
  }

  /** One resolver read, through resolve(name, data) when the resolver is ENSIP-10. */
  private async callResolver(name: string, resolver: FoundResolver, data: Hex): Promise<CallOutcome<Hex>> {
    if (!resolver.extended) return rawCall(this.client, resolver.address, data);
    const outer = await rawCall(
      this.client,
      resolver.address,
      encodeFunctionData({ abi: resolverAbi, functionName: "resolve", args: [dnsEncode(name), data] }),
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

  /**
   * The records of `name`. Through an ENSIP-10 resolver they are asked in resolve(name,
   * multicall(...)) calls (one, or a few when every record is asked), so a name answered offchain
   * costs its gateway a request per multicall, not per record. A resolver that cannot answer a
   * multicall is asked one record at a time (remembered for a while, so the multicall is not
   * tried on every lookup), after a first record read shows its gateway answers at all.
   */
  private async readRecords(name: string, node: Hex, resolver: FoundResolver, labels: readonly CoinTypeLabel[]) {
    let answers: Map<Hex, CallOutcome<Hex>> | null = null;
    const tryMulticall = resolver.extended && !this.withoutMulticall(resolver.address);
    if (tryMulticall) answers = await this.readMulticall(name, node, resolver, labels);
    if (resolver.extended && !answers) {
      // Read one record before the rest: a gateway that fails it too is failing, not lacking
      // multicall, and is not asked for every other record; one that answers lacks multicall only.
      const probe = this.recordCalls(node, labels)[0]!;
      const first = await this.callResolver(name, resolver, probe);
      answers = new Map([[probe, first]]);
      if (tryMulticall) this.rememberWithoutMulticall(resolver.address);
    }
    const read = async (data: Hex): Promise<CallOutcome<Hex>> =>
      answers?.get(data) ?? this.callResolver(name, resolver, data);
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

  /** The record reads readRecords makes, in the order it makes them (the legacy addr last). */
  private recordCalls(node: Hex, labels: readonly CoinTypeLabel[]): Hex[] {
    const calls = labels.map((label) =>
      encodeFunctionData({ abi: resolverAbi, functionName: "addr", args: [node, BigInt(label.coinType)] }),
    );
    for (const key of this.textKeys)
      calls.push(encodeFunctionData({ abi: resolverAbi, functionName: "text", args: [node, key] }));
    calls.push(encodeFunctionData({ abi: resolverAbi, functionName: "contenthash", args: [node] }));
    if (labels.some((label) => label.coinType === ETHEREUM_COIN_TYPE))
      calls.push(encodeFunctionData({ abi: resolverAbi, functionName: "addr", args: [node] }));
    return calls;
  }

  /**
   * Every record read through resolve(name, multicall(calls)): each call's answer (an empty one is
   * no record), or null when the resolver does not answer a multicall (it reverts, its gateway
   * answers an error status or unreadable data, or the answer is not a multicall's).
   */
  private async readMulticall(
    name: string,
    node: Hex,
    resolver: FoundResolver,
    labels: readonly CoinTypeLabel[],
  ): Promise<Map<Hex, CallOutcome<Hex>> | null> {
    const chunks = await Promise.all(
      multicallChunks(this.recordCalls(node, labels)).map(async (calls) => {
        let outcome: CallOutcome<Hex>;
        try {
          outcome = await this.callResolver(
            name,
            resolver,
            encodeFunctionData({ abi: resolverAbi, functionName: "multicall", args: [calls] }),
          );
        } catch (error) {
          if (gatewayRefused(error)) return null;
          throw error;
        }
        if (!outcome.ok) return null;
        const decoded = decodeOr(resolverAbi, "multicall", outcome.value);
        if (!decoded.ok || decoded.value.length !== calls.length) return null;
        return calls.map((call, i): [Hex, CallOutcome<Hex>] => {
          const answer = decoded.value[i]!;
          return [call, answer === "0x" ? { ok: false } : { ok: true, value: answer }];
        });
      }),
    );
    return chunks.every((chunk) => chunk !== null) ? new Map(chunks.flat()) : null;
  }

  private async readPrimaryName(address: string, coinType: number, signal: AbortSignal): Promise<ResolveResult | null> {
    const hex = address.toLowerCase().slice(2);
    let name = "";
    // The first namespace holding a name decides; a name that fails the check below is no
    // primary name, and the default one is not tried in its place.
    for (const namespace of reverseNamespaces(coinType)) {
      name = await this.reverseName(`${hex}.${namespace}.reverse`);
      signal.throwIfAborted();
      if (name) break;
    }
    if (!name || !isNormalized(name)) return null;
    const forward = await this.forward(name, { signal });
    const wanted = coinTypeLabel(coinType);
    const pointsTo = forward?.wallets.find((w) => w.coin === wanted?.coin && w.version === wanted.version)?.address;
    if (!forward || !pointsTo || pointsTo.toLowerCase() !== address.toLowerCase()) return null;
    return forward;
  }

  /** `name(bytes32)` of a reverse name, "" when it has none. */
  private async reverseName(reverseName: string): Promise<string> {
    const resolver = await this.findResolver(reverseName);
    if (!resolver) return "";
    const node = namehash(reverseName);
    const outcome = await this.callResolver(
      reverseName,
      resolver,
      encodeFunctionData({ abi: resolverAbi, functionName: "name", args: [node] }),
    );
    const decoded = outcome.ok ? decodeOr(resolverAbi, "name", outcome.value) : outcome;
    return decoded.ok ? decoded.value : "";
  }
}

// A gateway URL with {data} carries the request in its path (EIP-3668 GET), and servers commonly
// refuse URLs past 8 KB: a multicall holds at most this many bytes of calls (hex doubles them), so
// every record of a name costs a few requests rather than one per record.
const MULTICALL_BYTES = 3500;

function multicallChunks(calls: readonly Hex[]): Hex[][] {
  const chunks: Hex[][] = [[]];
  let size = 0;
  for (const call of calls) {
    // Each entry of bytes[]: an offset and a length word, and its bytes padded to words.
    const bytes = 64 + Math.ceil((call.length - 2) / 64) * 32;
    if (size + bytes > MULTICALL_BYTES && chunks.at(-1)!.length > 0) {
      chunks.push([]);
      size = 0;
    }
    chunks.at(-1)!.push(call);
    size += bytes;
  }
  return chunks;
}

/** ApiErrors of lookups that failed at or because of a CCIP-Read gateway (kept briefly, see remembered). */
const gatewayFailures = new WeakSet<ApiError>();

/**
 * The gateway answered the request with an error status or something unreadable: a gateway that
 * does not know multicall (ENS's reference gateway answers 500 "Unsupported query function") looks
 * so. A gateway that is silent, unreachable or over its budget is not asked anything more.
 */
function gatewayRefused(error: unknown): boolean {
  if (!(error instanceof BaseError)) return false;
  const gateway = error.walk((e) => e instanceof CcipGatewayError) as CcipGatewayError | null;
  return gateway?.kind === "status" || gateway?.kind === "malformed";
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
    nameWrapperAddress: cfg.ENS_NAME_WRAPPER_ADDRESS as Address | undefined,
    timeoutMs: cfg.RESOLUTION_TIMEOUT_MS,
    cacheTtlSeconds: cfg.CHAIN_CACHE_TTL_SECONDS,
    allowNonPublicGateways: cfg.CCIP_READ_PRIVATE_GATEWAYS,
    gatewayBudget: {
      perGatewayPerMinute: cfg.CCIP_READ_PER_GATEWAY_PER_MINUTE,
      perClientPerMinute: cfg.CCIP_READ_PER_CLIENT_PER_MINUTE,
    },
    failureCacheSeconds: cfg.CCIP_READ_FAILURE_CACHE_SECONDS,
  });
}

export const ENS_NOT_CONFIGURED = "ENS resolution is not configured: set ETH_RPC_URL.";
