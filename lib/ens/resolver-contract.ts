import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import {
  createPublicClient,
  createWalletClient,
  http,
  type Abi,
  type Address,
  type Chain,
  type Hex,
  type PublicClient,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";

// Our offchain resolver (contracts/OffchainResolver.sol): its committed build (ABI and bytecode,
// contracts/OffchainResolver.json), how that build is made (the pinned solc-js 0.8 of the dev
// dependencies; a test rebuilds it and compares byte for byte), and its deployment.

export const RESOLVER_SOURCE = "contracts/OffchainResolver.sol";
export const RESOLVER_ARTIFACT = "contracts/OffchainResolver.json";

// Fixed so that the build is reproducible and deployable on every chain ENS parents live on.
const SETTINGS = {
  optimizer: { enabled: true, runs: 200 },
  evmVersion: "shanghai",
  outputSelection: { "*": { OffchainResolver: ["abi", "evm.bytecode.object", "evm.deployedBytecode.object"] } },
} as const;

export interface ResolverArtifact {
  contractName: "OffchainResolver";
  compiler: string;
  settings: { optimizer: { enabled: boolean; runs: number }; evmVersion: string };
  abi: Abi;
  bytecode: Hex;
  deployedBytecode: Hex;
}

interface SolcOutput {
  errors?: { severity: string; formattedMessage: string }[];
  contracts: Record<
    string,
    Record<string, { abi: Abi; evm: { bytecode: { object: string }; deployedBytecode: { object: string } } }>
  >;
}

/** Compiles the resolver's source with the pinned solc; `root` is the repository. */
export function compileResolver(root = process.cwd()): ResolverArtifact {
  const require = createRequire(path.join(root, "package.json"));
  const solc = require("solc-0.8") as { compile(input: string): string; version(): string };
  const input = {
    language: "Solidity",
    sources: { [RESOLVER_SOURCE]: { content: readFileSync(path.join(root, RESOLVER_SOURCE), "utf8") } },
    settings: SETTINGS,
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput;
  const fatal = output.errors?.filter((error) => error.severity === "error") ?? [];
  if (fatal.length > 0) throw new Error(fatal.map((error) => error.formattedMessage).join("\n"));
  const contract = output.contracts[RESOLVER_SOURCE]!.OffchainResolver!;
  return {
    contractName: "OffchainResolver",
    compiler: solc.version(),
    settings: { optimizer: SETTINGS.optimizer, evmVersion: SETTINGS.evmVersion },
    abi: contract.abi,
    bytecode: `0x${contract.evm.bytecode.object}`,
    deployedBytecode: `0x${contract.evm.deployedBytecode.object}`,
  };
}

/** The artifact as it is committed. */
export function serializeArtifact(artifact: ResolverArtifact): string {
  return `${JSON.stringify(artifact, null, 2)}\n`;
}

export function readResolverArtifact(root = process.cwd()): ResolverArtifact {
  return JSON.parse(readFileSync(path.join(root, RESOLVER_ARTIFACT), "utf8")) as ResolverArtifact;
}

export interface DeployResolverInput {
  rpcUrl: string;
  deployerKey: Hex;
  /** The gateway URL template the resolver reverts with. */
  url: string;
  signers: readonly Address[];
  artifact?: ResolverArtifact;
}

/** Deploys the resolver; the deployer becomes its owner (signers and URL). */
export async function deployResolver(input: DeployResolverInput): Promise<{ address: Address; chainId: number }> {
  const artifact = input.artifact ?? readResolverArtifact();
  const account = privateKeyToAccount(input.deployerKey);
  const probe = createPublicClient({ transport: http(input.rpcUrl) });
  const chainId = await probe.getChainId();
  const chain = {
    id: chainId,
    name: `chain ${chainId}`,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [input.rpcUrl] } },
  } satisfies Chain;
  const publicClient = createPublicClient({ chain, transport: http(input.rpcUrl) }) as PublicClient;
  const wallet = createWalletClient({ chain, account, transport: http(input.rpcUrl) });
  const hash = await wallet.deployContract({
    abi: artifact.abi,
    bytecode: artifact.bytecode,
    args: [input.url, input.signers],
  } as never);
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  if (receipt.status !== "success" || !receipt.contractAddress) throw new Error(`deployment ${hash} failed`);
  return { address: receipt.contractAddress, chainId };
}
