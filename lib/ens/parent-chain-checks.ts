import "server-only";
import {
  createPublicClient,
  decodeAbiParameters,
  decodeErrorResult,
  encodeFunctionData,
  getAddress,
  http,
  isAddressEqual,
  labelhash,
  namehash,
  parseAbi,
  zeroAddress,
  BaseError,
  ContractFunctionRevertedError,
  ContractFunctionZeroDataError,
  type Address,
  type Hex,
} from "viem";
import { config, ensResolvers } from "@/lib/config";
import { dnsEncode } from "@/lib/resolution/providers/ens";
import { ENS_TLDS } from "@/lib/names/tlds";
import { answerCcipRead } from "./ccip-gateway";

// Endpoint 3 on an ENS parent reads the chain (issue 30): the resolver ENS's rules find for the
// name (the nearest registry node with a resolver, as the Universal Resolver's findResolver) is one
// of ours and supports ENSIP-10; the on-chain owner (the registry's; the registrant at the .eth
// registrar for a .eth second-level name; the NameWrapper token holder's for a wrapped name) is
// still the claimant; the name has not expired; and a canary sub-name
// resolved through that resolver, with our gateway's answer, is accepted by the resolver on chain.
// Each failed check is a sentence.

const MAINNET_ENS_REGISTRY: Address = "0x00000000000C2E074eC69A0dFb2997BA6C7d2e1e";
const MAINNET_NAME_WRAPPER: Address = "0xD4416b13d2b3a9aBae7AcD5D6C2BbDBE25686401";

const registryAbi = parseAbi([
  "function resolver(bytes32 node) view returns (address)",
  "function owner(bytes32 node) view returns (address)",
]);
const wrapperAbi = parseAbi([
  "function ownerOf(uint256 id) view returns (address)",
  "function getData(uint256 id) view returns (address owner, uint32 fuses, uint64 expiry)",
]);
// ENS's BaseRegistrar, the ERC-721 registrar of .eth second-level names (token id: the labelhash).
// ownerOf reverts once a name has expired, even while the registry still names its old owner.
const registrarAbi = parseAbi([
  "function nameExpires(uint256 id) view returns (uint256)",
  "function ownerOf(uint256 tokenId) view returns (address)",
]);
const resolverAbi = parseAbi([
  "function supportsInterface(bytes4 interfaceId) view returns (bool)",
  "function resolve(bytes name, bytes data) view returns (bytes)",
  "function resolveWithProof(bytes response, bytes extraData) view returns (bytes)",
  "function text(bytes32 node, string key) view returns (string)",
  "error OffchainLookup(address sender, string[] urls, bytes callData, bytes4 callbackFunction, bytes extraData)",
]);

/** The chain ENS is read on (ETH_RPC_URL), or undefined when none is configured. */
export function ensChain() {
  const cfg = config();
  if (!cfg.ETH_RPC_URL) return undefined;
  // CCIP-Read off: a lookup is answered here, by our own gateway, never by the URL on chain.
  const client = createPublicClient({
    transport: http(cfg.ETH_RPC_URL, { timeout: cfg.RESOLUTION_TIMEOUT_MS }),
    ccipRead: false,
  });
  const registry = getAddress((cfg.ENS_REGISTRY_ADDRESS as Address | undefined) ?? MAINNET_ENS_REGISTRY);
  const wrapperSetting = cfg.ENS_NAME_WRAPPER_ADDRESS as Address | undefined;
  const wrapper = wrapperSetting ?? (isAddressEqual(registry, MAINNET_ENS_REGISTRY) ? MAINNET_NAME_WRAPPER : null);
  const read = <T>(address: Address, abi: readonly unknown[], functionName: string, args: readonly unknown[]) =>
    client.readContract({ address, abi, functionName, args } as never) as Promise<T>;
  return { client, registry, wrapper, read };
}

type EnsChain = NonNullable<ReturnType<typeof ensChain>>;

export interface OnChainOwner {
  /** Who controls the name; the zero address when nobody does (never registered, or expired). */
  owner: Address;
  /** When the registration ends (unix seconds), where the chain says. */
  expiry?: bigint;
  expired: boolean;
  /** The .eth registrar answered for the name (a .eth second-level name): its words go in reasons. */
  registrar: boolean;
}

/**
 * The .eth registrar, found by ENS's own arrangement: the owner of the TLD's node in the registry,
 * when that is a contract answering `nameExpires` (mainnet's BaseRegistrar). A chain whose TLD is
 * held by a plain account has no registrar, and the registry's owner is the name's.
 */
async function ethRegistrar(chain: EnsChain, tld: string): Promise<Address | undefined> {
  const holder = await chain.read<Address>(chain.registry, registryAbi, "owner", [namehash(tld)]);
  if (holder === zeroAddress) return undefined;
  const code = await chain.client.getCode({ address: holder });
  if (!code || code === "0x") return undefined;
  return chain
    .read<bigint>(holder, registrarAbi, "nameExpires", [0n])
    .then(() => holder)
    .catch((error: unknown) => {
      // Any other contract is not a registrar; a chain that does not answer is not a "no".
      if (
        isRevert(error) ||
        (error instanceof BaseError && !!error.walk((e) => e instanceof ContractFunctionZeroDataError))
      )
        return undefined;
      throw error;
    });
}

/**
 * The name's owner on chain: for a .eth second-level name the registrant at the .eth registrar
 * (while its registration runs), else the registry's owner; when that is the NameWrapper, the
 * holder of its token.
 */
export async function onChainOwner(chain: EnsChain, name: string, now = new Date()): Promise<OnChainOwner> {
  const node = namehash(name);
  const labels = name.split(".");
  const registrar = labels.length === 2 && ENS_TLDS.has(labels[1]!) ? await ethRegistrar(chain, labels[1]!) : undefined;
  let owner: Address;
  let expiry: bigint | undefined;
  if (registrar) {
    const id = BigInt(labelhash(labels[0]!));
    expiry = await chain.read<bigint>(registrar, registrarAbi, "nameExpires", [id]);
    if (expiry === 0n) return { owner: zeroAddress, expired: false, registrar: true };
    const registrant = await chain.read<Address>(registrar, registrarAbi, "ownerOf", [id]).catch((error: unknown) => {
      if (isRevert(error)) return undefined;
      throw error;
    });
    if (!registrant || Number(expiry) * 1000 <= now.getTime())
      return { owner: zeroAddress, expiry, expired: true, registrar: true };
    owner = registrant;
  } else {
    owner = await chain.read<Address>(chain.registry, registryAbi, "owner", [node]);
  }
  if (!chain.wrapper || !isAddressEqual(owner, chain.wrapper))
    return { owner, expiry, expired: false, registrar: !!registrar };
  const [holder, , wrapperExpiry] = await chain.read<[Address, number, bigint]>(chain.wrapper, wrapperAbi, "getData", [
    BigInt(node),
  ]);
  // A wrapped .eth name's expiry is the registrar's plus its grace period: the registrar's rules.
  if (registrar) return { owner: holder, expiry, expired: false, registrar: true };
  const expired = wrapperExpiry !== 0n && Number(wrapperExpiry) * 1000 <= now.getTime();
  return { owner: holder, expiry: wrapperExpiry, expired, registrar: false };
}

/** The sentences of every failed on-chain check of the ENS parent `name` claimed by `claimant`. */
export async function ensParentChainProblems(name: string, claimant: string, now = new Date()): Promise<string[]> {
  const chain = ensChain();
  if (!chain) return [`ENS is not configured here (ETH_RPC_URL), so ${name}'s set-up on chain cannot be checked.`];
  const { client, registry, read } = chain;
  const problems: string[] = [];
  try {
    const chainId = await client.getChainId();
    const { owner, expiry, expired, registrar } = await onChainOwner(chain, name, now);
    if (expired)
      problems.push(
        registrar
          ? `${name} expired at the .eth registrar on ${isoDate(expiry!)}: its registration must be renewed.`
          : `${name} expired on chain at ${isoDate(expiry!)}.`,
      );
    else if (owner === zeroAddress)
      problems.push(
        registrar
          ? `${name} is not registered at the .eth registrar.`
          : `${name} has no owner in the ENS registry: it is not registered.`,
      );
    else if (!isAddressEqual(owner, getAddress(claimant.toLowerCase())))
      problems.push(
        `${name} is owned on chain by ${getAddress(owner)}, not by its claimant ${getAddress(claimant.toLowerCase())}.`,
      );

    // The resolver ENS's rules find: the nearest node, walking up the labels, whose resolver is set.
    const labels = name.split(".");
    let resolver: Address = zeroAddress;
    for (let i = 0; i < labels.length && resolver === zeroAddress; i++)
      resolver = await read<Address>(registry, registryAbi, "resolver", [namehash(labels.slice(i).join("."))]);
    const ours = ensResolvers().filter((entry) => entry.chainId === chainId);
    if (resolver === zeroAddress) {
      problems.push(`${name} has no resolver on chain; point it at ours (${describe(ours)}).`);
      return problems;
    }
    if (!ours.some((entry) => isAddressEqual(entry.address, resolver))) {
      problems.push(`${name}'s resolver on chain is ${getAddress(resolver)}, not one of ours (${describe(ours)}).`);
      return problems;
    }
    const wildcard = await read<boolean>(resolver, resolverAbi, "supportsInterface", ["0x9061b923"]).catch(() => false);
    if (!wildcard) {
      problems.push(`${name}'s resolver ${getAddress(resolver)} does not support ENSIP-10 (resolve(bytes,bytes)).`);
      return problems;
    }
    const canary = await canaryProblem(client, resolver, name);
    if (canary) problems.push(canary);
  } catch (error) {
    problems.push(`${name}'s set-up on chain could not be read: ${(error as Error).message.split("\n")[0]}`);
  }
  return problems;
}

function describe(resolvers: { chainId: number; address: string }[]): string {
  return resolvers.length === 0
    ? "none is configured for this chain in ENS_RESOLVERS"
    : resolvers.map((entry) => getAddress(entry.address)).join(", ");
}

/**
 * A canary sub-name resolved as a client would: the resolver's OffchainLookup, our gateway's signed
 * answer (made here, as the gateway would make it), and the resolver's verdict on it.
 */
async function canaryProblem(
  client: ReturnType<typeof createPublicClient>,
  resolver: Address,
  parent: string,
): Promise<string | undefined> {
  const canary = `canary-check.${parent}`;
  const inner = encodeFunctionData({ abi: resolverAbi, functionName: "text", args: [namehash(canary), "url"] });
  const call = encodeFunctionData({ abi: resolverAbi, functionName: "resolve", args: [dnsEncode(canary), inner] });
  const reverted = await client.call({ to: resolver, data: call }).then(
    () => undefined,
    (error: unknown) => revertData(error),
  );
  if (!reverted) return `${parent}'s resolver did not ask our gateway (no OffchainLookup) for ${canary}.`;
  let lookup;
  try {
    lookup = decodeErrorResult({ abi: resolverAbi, data: reverted });
  } catch {
    return `${parent}'s resolver reverted with something other than OffchainLookup for ${canary}.`;
  }
  const [sender, , callData, callback, extraData] = lookup.args as [Address, string[], Hex, Hex, Hex];
  if (!isAddressEqual(sender, resolver) || callback !== "0xf4d4d2f8")
    return `${parent}'s resolver's OffchainLookup is not the one our gateway answers.`;
  const answer = await answerCcipRead(sender, callData);
  try {
    const result = await client.readContract({
      address: resolver,
      abi: resolverAbi,
      functionName: "resolveWithProof",
      args: [answer.data, extraData],
    });
    decodeAbiParameters([{ type: "string" }], result);
    return undefined;
  } catch (error) {
    const why = (error as Error).message.split("\n")[0];
    return `${parent}'s resolver refused our gateway's signed answer for ${canary}: ${why}`;
  }
}

const isoDate = (unixSeconds: bigint) => new Date(Number(unixSeconds) * 1000).toISOString();

function isRevert(error: unknown): boolean {
  return error instanceof BaseError && !!error.walk((cause) => cause instanceof ContractFunctionRevertedError);
}

function revertData(error: unknown): Hex | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 10; depth++) {
    const data = (current as { data?: unknown }).data;
    if (typeof data === "string" && data.startsWith("0x")) return data as Hex;
    if (data && typeof data === "object" && typeof (data as { data?: unknown }).data === "string")
      return (data as { data: Hex }).data;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
