// `npm run ens -- <command>`: our ENS offchain resolver.
//
//   compile            rebuilds contracts/OffchainResolver.json from contracts/OffchainResolver.sol
//   deploy-resolver    deploys the resolver (ENS_DEPLOY_RPC_URL or ETH_RPC_URL, ENS_DEPLOYER_KEY),
//                      pointing at ENS_GATEWAY_URL and trusting the gateway's signer; prints its address
import { writeFileSync } from "node:fs";
import path from "node:path";
import type { Hex } from "viem";
import { config } from "@/lib/config";
import { gatewaySigner } from "@/lib/ens/gateway-signer";
import { compileResolver, deployResolver, RESOLVER_ARTIFACT, serializeArtifact } from "@/lib/ens/resolver-contract";

const USAGE = `Usage:
  npm run ens -- compile
  npm run ens -- deploy-resolver      (ENS_DEPLOY_RPC_URL or ETH_RPC_URL, ENS_DEPLOYER_KEY, ENS_GATEWAY_URL)`;

async function main(command: string | undefined): Promise<number> {
  switch (command) {
    case "compile": {
      const artifact = compileResolver();
      writeFileSync(path.join(process.cwd(), RESOLVER_ARTIFACT), serializeArtifact(artifact));
      console.log(`wrote ${RESOLVER_ARTIFACT} (${artifact.compiler})`);
      return 0;
    }
    case "deploy-resolver": {
      const cfg = config();
      const rpcUrl = cfg.ENS_DEPLOY_RPC_URL ?? cfg.ETH_RPC_URL;
      const missing = [
        ...(rpcUrl ? [] : ["ENS_DEPLOY_RPC_URL (or ETH_RPC_URL)"]),
        ...(cfg.ENS_DEPLOYER_KEY ? [] : ["ENS_DEPLOYER_KEY"]),
        ...(cfg.ENS_GATEWAY_URL
          ? []
          : ["ENS_GATEWAY_URL (e.g. https://names.example/v1/ens/ccip/{sender}/{data}.json)"]),
      ];
      if (missing.length > 0) {
        console.error(`deploy-resolver needs ${missing.join(", ")}.`);
        return 2;
      }
      const signer = gatewaySigner().address;
      const { address, chainId } = await deployResolver({
        rpcUrl: rpcUrl!,
        deployerKey: cfg.ENS_DEPLOYER_KEY as Hex,
        url: cfg.ENS_GATEWAY_URL!,
        signers: [signer],
      });
      console.log(address);
      console.error(
        `OffchainResolver deployed on chain ${chainId}, signer ${signer}. Add ${chainId}:${address} to ENS_RESOLVERS.`,
      );
      return 0;
    }
  }
  console.error(USAGE);
  return 2;
}

main(process.argv[2]).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
