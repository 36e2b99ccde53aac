import "server-only";
import { getCoderByCoinType } from "@ensdomains/address-encoder";
import { encode as encodeContentHash } from "@ensdomains/content-hash";
import {
  bytesToHex,
  decodeAbiParameters,
  decodeFunctionData,
  encodeAbiParameters,
  encodeFunctionResult,
  hexToBytes,
  namehash,
  parseAbi,
  zeroAddress,
  type Address,
  type Hex,
} from "viem";
import { badRequest, notFound } from "@/lib/contract/errors";
import { config, ensResolvers } from "@/lib/config";
import { keptResults } from "@/lib/memo/kept-results";
import { walletOfCoinType } from "@/lib/names/coins";
import { InvalidNameError, normalizeWeb3Name } from "@/lib/names/normalize";
import type { NativeRecords } from "@/lib/resolution/native-records";
import { gatewaySigner, signatureHash } from "./gateway-signer";
import { servedEnsRecords } from "@/lib/resolution/served-names";

// The CCIP-Read gateway (EIP-3668) of our offchain resolver (contracts/OffchainResolver.sol).
// A client that met the resolver's OffchainLookup sends us its callData, resolve(bytes name,
// bytes data); we answer the inner query from the registry rows of the name (a partner's ENS
// parent such as brand.eth is a registry row under ENS's TLD, and the sub-names it issues are
// ordinary rows beneath it) and sign abi.encode(result, expires, sig) for the resolver that asked.

const RESOLVE_SELECTOR = "0x9061b923";
const MAX_MULTICALL = 64;

const recordAbi = parseAbi([
  "function addr(bytes32 node) view returns (address)",
  "function addr(bytes32 node, uint256 coinType) view returns (bytes)",
  "function text(bytes32 node, string key) view returns (string)",
  "function contenthash(bytes32 node) view returns (bytes)",
  "function multicall(bytes[] data) returns (bytes[] results)",
]);

export interface SignedAnswer {
  /** abi.encode(bytes result, uint64 expires, bytes sig), as EIP-3668's `data`. */
  data: Hex;
  /** The registry names the answer was read from: it changes when any of them does. */
  names: string[];
}

/** Our resolvers, lower-case, as ENS_RESOLVERS lists them. */
export function knownResolvers(): { chainId: number; address: Address }[] {
  return ensResolvers();
}

/** Answers one EIP-3668 request: `sender` the resolver that reverted, `callData` its resolve() call. */
export async function answerCcipRead(sender: string, callData: string, now = Date.now()): Promise<SignedAnswer> {
  const resolver = checkSender(sender);
  if (!/^0x(?:[0-9a-fA-F]{2})*$/.test(callData)) throw badRequest("data", "data must be 0x-prefixed hex bytes.");
  const request = callData.toLowerCase() as Hex;
  if (!request.startsWith(RESOLVE_SELECTOR))
    throw badRequest("data", "data must be a call of resolve(bytes name, bytes data) (0x9061b923).");
  let encodedName: Hex;
  let inner: Hex;
  try {
    [encodedName, inner] = decodeAbiParameters([{ type: "bytes" }, { type: "bytes" }], `0x${request.slice(10)}`);
  } catch {
    throw badRequest("data", "data is not an ABI-encoded resolve(bytes, bytes) call.");
  }
  const name = decodeDnsName(encodedName);
  const served = await servedEnsRecords(name);
  if (!served) throw notFound("data", `${name} is not under an ENS parent domain served by this gateway.`);
  const { records, names } = served;
  const result = answerQuery(inner, name, records, true);
  const expires = BigInt(Math.floor(now / 1000) + config().ENS_GATEWAY_TTL_SECONDS);
  const signer = gatewaySigner();
  const sig = await signer.signDigest(signatureHash(resolver, expires, request, result));
  const data = encodeAbiParameters([{ type: "bytes" }, { type: "uint64" }, { type: "bytes" }], [result, expires, sig]);
  return { data, names };
}

function checkSender(sender: string): Address {
  if (!/^0x[0-9a-fA-F]{40}$/.test(sender)) throw badRequest("sender", "sender must be a 0x-prefixed 20-byte address.");
  const address = sender.toLowerCase() as Address;
  if (!knownResolvers().some((resolver) => resolver.address === address))
    throw notFound("sender", `${sender} is not one of this gateway's resolvers.`);
  return address;
}

/** A DNS wire-format name (ENSIP-10), as the normalised name it must already be. */
export function decodeDnsName(encoded: Hex): string {
  const bytes = hexToBytes(encoded);
  const labels: string[] = [];
  let at = 0;
  while (at < bytes.length && bytes[at] !== 0) {
    const length = bytes[at]!;
    if (at + 1 + length > bytes.length) throw badRequest("data", "The name is not a valid DNS-encoded name.");
    labels.push(new TextDecoder("utf-8", { fatal: false }).decode(bytes.subarray(at + 1, at + 1 + length)));
    at += 1 + length;
  }
  if (at !== bytes.length - 1 || labels.length === 0)
    throw badRequest("data", "The name is not a valid DNS-encoded name (it must end with the root label).");
  const name = labels.join(".");
  let normalized: string;
  try {
    normalized = labels.some((label) => label.includes(".")) ? "" : normalizeWeb3Name(name);
  } catch (error) {
    if (error instanceof InvalidNameError) throw badRequest("data", `${name} is not a valid name: ${error.message}`);
    throw error;
  }
  if (normalized !== name)
    throw badRequest("data", `${name} is not normalised (ENSIP-15); ask for the normalised name.`);
  return name;
}

// A wallet asks several queries of one name (its address, then its avatar and other texts), each a
// request of its own, and a multicall holds several: the name's namehash, a Keccak hash per label, is
// kept rather than made again for each (a tenth of a signed answer's CPU in the bench's run of unique
// queries of one name). Made only for a query that decoded, of a name served here. Bounded; emptied
// when full.
const MAX_KEPT_NODES = 1024;
const nodeOf: (name: string) => Hex = keptResults(namehash, MAX_KEPT_NODES);

function answerQuery(inner: Hex, name: string, records: NativeRecords | null, topLevel: boolean): Hex {
  let call;
  try {
    call = decodeFunctionData({ abi: recordAbi, data: inner });
  } catch {
    throw badRequest(
      "data",
      "The query must be addr(bytes32), addr(bytes32,uint256), text(bytes32,string), contenthash(bytes32) " +
        "or multicall(bytes[]) of those.",
    );
  }
  if (call.functionName === "multicall") {
    if (!topLevel) throw badRequest("data", "A multicall may not hold another multicall.");
    const calls = call.args[0];
    if (calls.length > MAX_MULTICALL) throw badRequest("data", `A multicall holds at most ${MAX_MULTICALL} queries.`);
    const results = calls.map((each) => answerQuery(each, name, records, false));
    return encodeFunctionResult({ abi: recordAbi, functionName: "multicall", result: results });
  }
  if (call.args[0] !== nodeOf(name))
    throw badRequest("data", `The query's node is not namehash("${name}"), the name it was sent for.`);
  switch (call.functionName) {
    case "addr":
      if (call.args.length === 1)
        return encodeAbiParameters([{ type: "address" }], [(walletBytes(records, 60n) ?? zeroAddress) as Address]);
      return encodeAbiParameters([{ type: "bytes" }], [walletBytes(records, call.args[1]) ?? "0x"]);
    case "text": {
      const value = records?.textRecords.find((record) => record.key === call.args[1])?.value ?? "";
      return encodeAbiParameters([{ type: "string" }], [value]);
    }
    case "contenthash":
      return encodeAbiParameters([{ type: "bytes" }], [contentHashBytes(records?.contentHash ?? "")]);
  }
}

/** ENSIP-9 binary form of the name's address for `coinType`, or undefined when it has none. */
function walletBytes(records: NativeRecords | null, coinType: bigint): Hex | undefined {
  if (!records || coinType > 0xffffffffn) return undefined;
  const type = Number(coinType);
  const candidates = records.wallets.filter((wallet) => Number(wallet.coinType) === type);
  if (candidates.length === 0) return undefined;
  // Several wallets may share a coin type (ETH and an ERC-20 token on 60): the chain's own coin first.
  const own = walletOfCoinType(type);
  const wallet =
    candidates.find((each) => own && each.coin === own.coin && each.version === own.version) ?? candidates[0]!;
  try {
    return bytesToHex(getCoderByCoinType(type).decode(wallet.address));
  } catch {
    return undefined;
  }
}

const CONTENT_HASH_SCHEMES: Record<string, Parameters<typeof encodeContentHash>[0]> = {
  "ipfs://": "ipfs",
  "ipns://": "ipns",
  "bzz://": "swarm",
  "onion://": "onion",
  "onion3://": "onion3",
  "sia://": "skynet",
  "ar://": "arweave",
};

/** EIP-1577 bytes of a content-hash URI; empty when none is set. */
export function contentHashBytes(uri: string): Hex {
  if (!uri) return "0x";
  for (const [prefix, codec] of Object.entries(CONTENT_HASH_SCHEMES))
    if (uri.startsWith(prefix)) {
      try {
        return `0x${encodeContentHash(codec, uri.slice(prefix.length))}`;
      } catch {
        return "0x";
      }
    }
  return "0x";
}

export interface GatewayInfo {
  signers: Address[];
  url: string;
  resolvers: { chainId: number; address: Address }[];
}

/** GET /v1/ens/gateway: what a partner or a client checks its set-up against. */
export function gatewayInfo(origin: string): GatewayInfo {
  const cfg = config();
  return {
    signers: [gatewaySigner().address],
    url: cfg.ENS_GATEWAY_URL ?? `${origin}/v1/ens/ccip/{sender}/{data}.json`,
    resolvers: knownResolvers(),
  };
}
