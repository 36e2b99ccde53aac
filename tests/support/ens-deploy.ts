// Deploys the published ENS contracts (registry, public resolver, reverse registrar) to a local
// EVM node and writes names and records by transactions, as a registrant would.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  http,
  labelhash,
  namehash,
  zeroHash,
  type Abi,
  type Address,
  type Hex,
  type PublicClient,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import type { EvmNode } from "./evm-node";

const require = createRequire(import.meta.url);

interface Artifact {
  abi: Abi;
  bytecode: Hex;
}

export function loadArtifact(modulePath: string): Artifact {
  const json = JSON.parse(readFileSync(require.resolve(modulePath), "utf8")) as { abi: Abi; bytecode: string };
  const bytecode = (json.bytecode.startsWith("0x") ? json.bytecode : `0x${json.bytecode}`) as Hex;
  return { abi: json.abi, bytecode };
}

// An ENSIP-10 resolver for the wildcard tests: answers every name under the node it serves with
// one ETH address and the text "wildcard". Compiled at test time with the solc that ships with
// @ensdomains/ens.
const WILDCARD_RESOLVER_SOURCE = `pragma solidity ^0.4.24;
contract WildcardResolver {
  address public target;
  constructor(address t) public { target = t; }
  function supportsInterface(bytes4 id) public pure returns (bool) { return id == 0x01ffc9a7 || id == 0x9061b923; }
  function resolve(bytes, bytes data) public view returns (bytes) {
    bytes4 sel; assembly { sel := mload(add(data, 32)) }
    if (sel == 0x3b3b57de) return abi.encode(target);
    if (sel == 0xf1cb7e06) {
      uint256 coinType; assembly { coinType := mload(add(data, 68)) }
      if (coinType == 60) return abi.encode(abi.encodePacked(target));
      return abi.encode(new bytes(0));
    }
    if (sel == 0x59d1d43c) { string memory text = "wildcard"; return abi.encode(text); }
    revert();
  }
}`;

/** Compiles one contract with the solc 0.4 of the dev dependencies. */
function compileContract(contractName: string, source: string): Artifact {
  const solc = require("solc") as { compileStandardWrapper(input: string): string };
  const file = `${contractName}.sol`;
  const input = {
    language: "Solidity",
    sources: { [file]: { content: source } },
    settings: { outputSelection: { "*": { "*": ["abi", "evm.bytecode.object"] } } },
  };
  const output = JSON.parse(solc.compileStandardWrapper(JSON.stringify(input))) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
  };
  const fatal = output.errors?.filter((e) => e.severity === "error") ?? [];
  if (fatal.length > 0) throw new Error(fatal.map((e) => e.formattedMessage).join("\n"));
  const contract = output.contracts[file]![contractName]!;
  return { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
}

/** A contract of tests/support/ens-contracts, compiled. */
function compileTestContract(contractName: string): Artifact {
  const source = readFileSync(path.join(import.meta.dirname, "ens-contracts", `${contractName}.sol`), "utf8");
  return compileContract(contractName, source);
}

export function chainClients(node: EvmNode, accountIndex = 0) {
  const chain = defineChain({
    id: node.chainId,
    name: "local",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [node.rpcUrl] } },
  });
  const account = privateKeyToAccount(node.accounts[accountIndex]!.privateKey);
  const publicClient = createPublicClient({ chain, transport: http(node.rpcUrl) }) as PublicClient;
  const walletClient = createWalletClient({ chain, account, transport: http(node.rpcUrl) });
  return { chain, account, publicClient, walletClient };
}

export type Clients = ReturnType<typeof chainClients>;

export async function deploy(clients: Clients, artifact: Artifact, args: readonly unknown[] = []): Promise<Address> {
  const hash = await clients.walletClient.deployContract({
    abi: artifact.abi,
    bytecode: artifact.bytecode,
    args,
  } as never);
  const receipt = await clients.publicClient.waitForTransactionReceipt({ hash });
  if (!receipt.contractAddress || receipt.status !== "success") throw new Error("contract deployment failed");
  return receipt.contractAddress;
}

export async function send(
  clients: Clients,
  address: Address,
  abi: Abi,
  functionName: string,
  args: readonly unknown[],
): Promise<void> {
  const hash = await clients.walletClient.writeContract({ address, abi, functionName, args } as never);
  const receipt = await clients.publicClient.waitForTransactionReceipt({ hash });
  if (receipt.status !== "success") throw new Error(`${functionName} reverted`);
}

export interface EnsDeployment {
  registry: Address;
  resolver: Address;
  reverseRegistrar: Address;
  registryAbi: Abi;
  resolverAbi: Abi;
  reverseRegistrarAbi: Abi;
  /** Creates `name` (e.g. alice.eth) with the public resolver, owned by the deployer so that it
   * can write the records; `transfer` hands it to its registrant afterwards. */
  register(name: string): Promise<void>;
  transfer(name: string, owner: Address): Promise<void>;
  setAddr(name: string, coinType: number, bytes: Hex): Promise<void>;
  setText(name: string, key: string, value: string): Promise<void>;
  setContenthash(name: string, hash: Hex): Promise<void>;
  /** Sets the primary name of the node account at `accountIndex` through the reverse registrar. */
  setPrimaryName(accountIndex: number, name: string): Promise<void>;
  /** Points `parent` (already registered) at a new ENSIP-10 wildcard resolver answering `target`. */
  deployWildcard(parent: string, target: Address): Promise<Address>;
  /** Points `parent` (already registered) at a new CCIP-Read resolver sending every read to
   * `gatewayUrl`, trusting answers signed by `signers`. */
  deployOffchainResolver(parent: string, gatewayUrl: string, signers: readonly Address[]): Promise<Address>;
  /** Deploys a stand-in NameWrapper; `wrap` then hands names to it with a holder. */
  deployNameWrapper(): Promise<Address>;
  wrap(name: string, holder: Address): Promise<void>;
  /** Deploys ENS's BaseRegistrar (the .eth registrar), hands it the `eth` node and makes the
   * deployer its controller; .eth names then come from `registrar.register`, not `register`. */
  deployEthRegistrar(): Promise<EthRegistrar>;
  /** Deploys ENS's NameWrapper (its mainnet build) over `registrar`. */
  deployEnsNameWrapper(registrar: EthRegistrar): Promise<EnsNameWrapper>;
  /** Writes `name` as the reverse record of `address` in an ENSIP-19 namespace ("default",
   * "80002105" for Base…), as the namespace's registrar would. */
  setReverseName(namespace: string, address: Address, name: string): Promise<void>;
}

export interface EthRegistrar {
  address: Address;
  abi: Abi;
  /** Registers `label`.eth to `registrant` for `seconds`, as ENS's controller does on payment. */
  register(label: string, registrant: Address, seconds: number): Promise<void>;
  /** The registrant at `accountIndex` hands its token (the registration) to `to`; the registry's
   * owner stays as it was until someone reclaims it. */
  transferRegistration(accountIndex: number, label: string, to: Address): Promise<void>;
}

export interface EnsNameWrapper {
  address: Address;
  abi: Abi;
  /** The registrant at `accountIndex` wraps `label`.eth for `wrappedOwner`, pointing it at `resolver`. */
  wrapEth2ld(accountIndex: number, label: string, wrappedOwner: Address, resolver: Address): Promise<void>;
}

/** A contract as ENS built it, committed as ABI and bytecode (see each JSON's `origin`). */
function ensBuild(contractName: "BaseRegistrarImplementation" | "NameWrapper"): Artifact {
  const file = path.join(import.meta.dirname, "ens-contracts", `${contractName}.json`);
  const json = JSON.parse(readFileSync(file, "utf8")) as { abi: Abi; bytecode: Hex };
  return { abi: json.abi, bytecode: json.bytecode };
}

export async function deployEns(node: EvmNode): Promise<EnsDeployment> {
  const admin = chainClients(node, 0);
  const registryArtifact = loadArtifact("@ensdomains/ens/build/contracts/ENSRegistry.json");
  const resolverArtifact = loadArtifact("@ensdomains/resolver/build/contracts/PublicResolver.json");
  const reverseArtifact = loadArtifact("@ensdomains/resolver/build/contracts/ReverseRegistrar.json");

  const registry = await deploy(admin, registryArtifact);
  const resolver = await deploy(admin, resolverArtifact, [registry]);
  const reverseRegistrar = await deploy(admin, reverseArtifact, [registry, resolver]);

  const sendAdmin = (address: Address, abi: Abi, fn: string, args: readonly unknown[]) =>
    send(admin, address, abi, fn, args);
  await sendAdmin(registry, registryArtifact.abi, "setSubnodeOwner", [
    zeroHash,
    labelhash("reverse"),
    admin.account.address,
  ]);
  await sendAdmin(registry, registryArtifact.abi, "setSubnodeOwner", [
    namehash("reverse"),
    labelhash("addr"),
    reverseRegistrar,
  ]);

  const created = new Set<string>([""]);
  let nameWrapper: { address: Address; abi: Abi } | undefined;
  async function ensureNode(name: string, owner: Address): Promise<void> {
    if (created.has(name)) return;
    const [label, ...rest] = name.split(".");
    const parent = rest.join(".");
    await ensureNode(parent, admin.account.address);
    await sendAdmin(registry, registryArtifact.abi, "setSubnodeRecord", [
      parent ? namehash(parent) : zeroHash,
      labelhash(label!),
      owner,
      resolver,
      0n,
    ]);
    created.add(name);
  }

  return {
    registry,
    resolver,
    reverseRegistrar,
    registryAbi: registryArtifact.abi,
    resolverAbi: resolverArtifact.abi,
    reverseRegistrarAbi: reverseArtifact.abi,
    register: (name) => ensureNode(name, admin.account.address),
    transfer: (name, owner) => sendAdmin(registry, registryArtifact.abi, "setOwner", [namehash(name), owner]),
    setAddr: (name, coinType, bytes) =>
      sendAdmin(resolver, resolverArtifact.abi, "setAddr", [namehash(name), BigInt(coinType), bytes]),
    setText: (name, key, value) => sendAdmin(resolver, resolverArtifact.abi, "setText", [namehash(name), key, value]),
    setContenthash: (name, hash) => sendAdmin(resolver, resolverArtifact.abi, "setContenthash", [namehash(name), hash]),
    async setPrimaryName(accountIndex, name) {
      await send(chainClients(node, accountIndex), reverseRegistrar, reverseArtifact.abi, "setName", [name]);
    },
    async deployOffchainResolver(parent, gatewayUrl, signers) {
      const offchain = await deploy(admin, compileTestContract("OffchainResolver"), [gatewayUrl, signers]);
      await sendAdmin(registry, registryArtifact.abi, "setResolver", [namehash(parent), offchain]);
      return offchain;
    },
    async deployNameWrapper() {
      const artifact = compileTestContract("NameWrapperStandIn");
      nameWrapper = { address: await deploy(admin, artifact), abi: artifact.abi };
      return nameWrapper.address;
    },
    async wrap(name, holder) {
      if (!nameWrapper) throw new Error("deployNameWrapper first");
      await sendAdmin(nameWrapper.address, nameWrapper.abi, "setHolder", [BigInt(namehash(name)), holder]);
      await sendAdmin(registry, registryArtifact.abi, "setOwner", [namehash(name), nameWrapper.address]);
    },
    async deployEthRegistrar() {
      const artifact = ensBuild("BaseRegistrarImplementation");
      const address = await deploy(admin, artifact, [registry, namehash("eth")]);
      await sendAdmin(registry, registryArtifact.abi, "setSubnodeOwner", [zeroHash, labelhash("eth"), address]);
      await sendAdmin(address, artifact.abi, "addController", [admin.account.address]);
      created.add("eth");
      return {
        address,
        abi: artifact.abi,
        register: (label, registrant, seconds) =>
          sendAdmin(address, artifact.abi, "register", [BigInt(labelhash(label)), registrant, BigInt(seconds)]),
        async transferRegistration(accountIndex, label, to) {
          const from = chainClients(node, accountIndex);
          await send(from, address, artifact.abi, "transferFrom", [from.account.address, to, BigInt(labelhash(label))]);
        },
      };
    },
    async deployEnsNameWrapper(registrar) {
      const artifact = ensBuild("NameWrapper");
      // The metadata service only makes token URIs, which nothing here reads.
      const address = await deploy(admin, artifact, [registry, registrar.address, admin.account.address]);
      return {
        address,
        abi: artifact.abi,
        async wrapEth2ld(accountIndex, label, wrappedOwner, resolver) {
          const registrant = chainClients(node, accountIndex);
          await send(registrant, registrar.address, registrar.abi, "setApprovalForAll", [address, true]);
          await send(registrant, address, artifact.abi, "wrapETH2LD", [label, wrappedOwner, 0, resolver]);
        },
      };
    },
    async setReverseName(namespace, address, name) {
      const reverseName = `${address.toLowerCase().slice(2)}.${namespace}.reverse`;
      await ensureNode(reverseName, admin.account.address);
      await sendAdmin(resolver, resolverArtifact.abi, "setName", [namehash(reverseName), name]);
    },
    async deployWildcard(parent, target) {
      const wildcard = await deploy(admin, compileContract("WildcardResolver", WILDCARD_RESOLVER_SOURCE), [target]);
      await sendAdmin(registry, registryArtifact.abi, "setResolver", [namehash(parent), wildcard]);
      return wildcard;
    },
  };
}
