// Compiles TestToken.sol with the solc-js in node_modules (0.4.x) and deploys it to a local node.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Abi, PublicClient, WalletClient } from "viem";

const require = createRequire(import.meta.url);

export interface CompiledContract {
  abi: Abi;
  bytecode: `0x${string}`;
}

let compiled: CompiledContract | undefined;

export function compileTestToken(): CompiledContract {
  if (compiled) return compiled;
  const solc = require("solc") as { compileStandardWrapper: (input: string) => string };
  const source = readFileSync(new URL("./TestToken.sol", import.meta.url), "utf8");
  const output = JSON.parse(
    solc.compileStandardWrapper(
      JSON.stringify({
        language: "Solidity",
        sources: { "TestToken.sol": { content: source } },
        settings: {
          optimizer: { enabled: true, runs: 200 },
          outputSelection: { "*": { "*": ["abi", "evm.bytecode.object"] } },
        },
      }),
    ),
  );
  const errors = (output.errors ?? []).filter((e: { severity: string }) => e.severity === "error");
  if (errors.length > 0) throw new Error(`TestToken.sol does not compile: ${JSON.stringify(errors)}`);
  const contract = output.contracts["TestToken.sol"].TestToken;
  compiled = { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
  return compiled;
}

/** Deploys a token whose whole supply belongs to the wallet's account. */
export async function deployTestToken(
  wallet: WalletClient,
  reader: PublicClient,
  supply: bigint,
): Promise<`0x${string}`> {
  const { abi, bytecode } = compileTestToken();
  const hash = await wallet.deployContract({
    abi,
    bytecode,
    args: [supply],
    account: wallet.account!,
    chain: wallet.chain,
  });
  const receipt = await reader.getTransactionReceipt({ hash });
  if (receipt.status !== "success" || !receipt.contractAddress) throw new Error("TestToken deployment failed.");
  return receipt.contractAddress;
}
