// Compiles the test contracts with the solc-js in node_modules (0.4.x) and deploys them to a local node.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Abi, PublicClient, WalletClient } from "viem";

const require = createRequire(import.meta.url);

export interface CompiledContract {
  abi: Abi;
  bytecode: `0x${string}`;
}

const compiled = new Map<string, CompiledContract>();

/** Compiles `<contract>.sol` beside this file and answers that contract's ABI and bytecode. */
export function compileContract(contract: string): CompiledContract {
  const known = compiled.get(contract);
  if (known) return known;
  const solc = require("solc") as { compileStandardWrapper: (input: string) => string };
  const file = `${contract}.sol`;
  const source = readFileSync(new URL(`./${file}`, import.meta.url), "utf8");
  const output = JSON.parse(
    solc.compileStandardWrapper(
      JSON.stringify({
        language: "Solidity",
        sources: { [file]: { content: source } },
        settings: {
          optimizer: { enabled: true, runs: 200 },
          outputSelection: { "*": { "*": ["abi", "evm.bytecode.object"] } },
        },
      }),
    ),
  );
  const errors = (output.errors ?? []).filter((e: { severity: string }) => e.severity === "error");
  if (errors.length > 0) throw new Error(`${file} does not compile: ${JSON.stringify(errors)}`);
  const built = output.contracts[file][contract];
  const result: CompiledContract = { abi: built.abi, bytecode: `0x${built.evm.bytecode.object}` };
  compiled.set(contract, result);
  return result;
}

export async function deployContract(
  wallet: WalletClient,
  reader: PublicClient,
  contract: string,
  args: unknown[] = [],
): Promise<`0x${string}`> {
  const { abi, bytecode } = compileContract(contract);
  const hash = await wallet.deployContract({ abi, bytecode, args, account: wallet.account!, chain: wallet.chain });
  const receipt = await reader.waitForTransactionReceipt({ hash, pollingInterval: 20 });
  if (receipt.status !== "success" || !receipt.contractAddress) throw new Error(`${contract} deployment failed.`);
  return receipt.contractAddress;
}

/** Deploys a token whose whole supply belongs to the wallet's account. */
export function deployTestToken(
  wallet: WalletClient,
  reader: PublicClient,
  supply: bigint,
  decimals = 6,
): Promise<`0x${string}`> {
  return deployContract(wallet, reader, "TestToken", [supply, decimals]);
}
