// Smart-contract wallets for sign-in tests: a minimal EIP-1271 wallet whose one owner key signs
// for it, and a factory that deploys it, so a wallet can also be used before it exists
// (EIP-6492: the signature wrapped with the factory call that would deploy it). Compiled at test
// time with the solc 0.4 of the dev dependencies.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import {
  encodeFunctionData,
  getContractAddress,
  serializeErc6492Signature,
  type Abi,
  type Address,
  type Hex,
} from "viem";
import type { PrivateKeyAccount } from "viem/accounts";
import { chainClients, deploy, type Clients } from "./ens-deploy";
import type { EvmNode } from "./evm-node";

const require = createRequire(import.meta.url);

interface Artifact {
  abi: Abi;
  bytecode: Hex;
}

function compile(): Record<"OwnerWallet" | "WalletFactory", Artifact> {
  const solc = require("solc") as { compileStandardWrapper(input: string): string };
  const file = "SmartWallet.sol";
  const content = readFileSync(path.join(import.meta.dirname, "contracts", file), "utf8");
  const input = {
    language: "Solidity",
    sources: { [file]: { content } },
    settings: { outputSelection: { "*": { "*": ["abi", "evm.bytecode.object"] } } },
  };
  const output = JSON.parse(solc.compileStandardWrapper(JSON.stringify(input))) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
  };
  const fatal = output.errors?.filter((e) => e.severity === "error") ?? [];
  if (fatal.length > 0) throw new Error(fatal.map((e) => e.formattedMessage).join("\n"));
  const artifact = (name: string): Artifact => ({
    abi: output.contracts[file]![name]!.abi,
    bytecode: `0x${output.contracts[file]![name]!.evm.bytecode.object}`,
  });
  return { OwnerWallet: artifact("OwnerWallet"), WalletFactory: artifact("WalletFactory") };
}

export interface SmartWallets {
  /** Deploys a wallet owned by `owner`; answers its address. */
  deployWallet(owner: Address): Promise<Address>;
  /**
   * A wallet of `owner` not deployed: its future address, the factory (new, so the wallet is its
   * first contract) and the factory call that deploys it.
   */
  counterfactual(owner: Address): Promise<{ address: Address; factory: Address; factoryData: Hex }>;
  /** `signer`'s signature of `message` for the wallet, EIP-6492 wrapped with its deployment. */
  signUndeployed(signer: PrivateKeyAccount, message: string, factory: Address, factoryData: Hex): Promise<Hex>;
}

export async function deploySmartWallets(node: EvmNode): Promise<SmartWallets> {
  const artifacts = compile();
  const admin: Clients = chainClients(node, 0);
  return {
    deployWallet: (owner) => deploy(admin, artifacts.OwnerWallet, [owner]),
    async counterfactual(owner) {
      const factory = await deploy(admin, artifacts.WalletFactory);
      return {
        // A contract's nonce starts at 1 (EIP-161).
        address: getContractAddress({ from: factory, nonce: 1n }),
        factory,
        factoryData: encodeFunctionData({ abi: artifacts.WalletFactory.abi, functionName: "deploy", args: [owner] }),
      };
    },
    async signUndeployed(signer, message, factory, factoryData) {
      const signature = await signer.signMessage({ message });
      return serializeErc6492Signature({ address: factory, data: factoryData, signature });
    },
  };
}
