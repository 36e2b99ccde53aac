// A Universal Resolver on the local chain for viem's ENS actions (tests/support/ens-contracts/
// UniversalResolverStandIn.sol), compiled at test time with the pinned solc 0.8 of the dev dependencies.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Abi, Address, Hex } from "viem";
import { deploy, type Clients } from "./ens-deploy";

const require = createRequire(import.meta.url);

export function compileSolidity08(file: string, contractName: string): { abi: Abi; bytecode: Hex } {
  const solc = require("solc-0.8") as { compile(input: string): string };
  const input = {
    language: "Solidity",
    sources: { [file]: { content: readFileSync(file, "utf8") } },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      outputSelection: { "*": { "*": ["abi", "evm.bytecode.object"] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
  };
  const fatal = output.errors?.filter((error) => error.severity === "error") ?? [];
  if (fatal.length > 0) throw new Error(fatal.map((error) => error.formattedMessage).join("\n"));
  const contract = output.contracts[file]![contractName]!;
  return { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
}

export async function deployUniversalResolver(clients: Clients, registry: Address): Promise<Address> {
  const file = path.join(import.meta.dirname, "ens-contracts", "UniversalResolverStandIn.sol");
  return deploy(clients, compileSolidity08(file, "UniversalResolverStandIn"), [registry]);
}
