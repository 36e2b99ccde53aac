// Deploys the published UNS contracts (UNSRegistry, MintingManager, ProxyReader) to a local EVM
// node and mints names with records, as UD's minting service does.
import { encodeFunctionData, namehash, zeroAddress, type Abi, type Address } from "viem";
import { chainClients, deploy, loadArtifact, send } from "./ens-deploy";
import type { EvmNode } from "./evm-node";

export interface UnsDeployment {
  registry: Address;
  mintingManager: Address;
  proxyReader: Address;
  registryAbi: Abi;
  /** Mints `name` (label.tld) to `owner` with records; `withReverse` also sets owner's reverse name. */
  mint(name: string, owner: Address, records: Record<string, string>, withReverse?: boolean): Promise<void>;
  /** Sets records of a minted name, sent by the owner (account index in the node). */
  setRecords(accountIndex: number, name: string, records: Record<string, string>): Promise<void>;
}

const artifactPath = (name: string) => `@unstoppabledomains/uns/artifacts/${name}.json`;

export async function deployUns(
  node: EvmNode,
  tlds: readonly string[] = ["crypto", "x", "nft"],
): Promise<UnsDeployment> {
  const admin = chainClients(node, 0);
  const registryArtifact = loadArtifact(artifactPath("UNSRegistry"));
  const mintingArtifact = loadArtifact(artifactPath("MintingManager"));
  const readerArtifact = loadArtifact(artifactPath("ProxyReader"));
  const proxyArtifact = loadArtifact(artifactPath("ERC1967Proxy"));

  // The contracts are upgradeable: each runs behind an ERC-1967 proxy, initialised through it.
  const behindProxy = async (artifact: typeof registryArtifact) =>
    deploy(admin, proxyArtifact, [await deploy(admin, artifact), "0x"]);
  const registry = await behindProxy(registryArtifact);
  const mintingManager = await behindProxy(mintingArtifact);
  const proxyReader = await behindProxy(readerArtifact);

  const call = (address: Address, abi: Abi, fn: string, args: readonly unknown[]) =>
    send(admin, address, abi, fn, args);
  await call(registry, registryArtifact.abi, "initialize", [mintingManager, zeroAddress, zeroAddress, zeroAddress]);
  await call(mintingManager, mintingArtifact.abi, "initialize", [
    registry,
    zeroAddress,
    zeroAddress,
    zeroAddress,
    zeroAddress,
    zeroAddress,
  ]);
  await call(proxyReader, readerArtifact.abi, "initialize", [registry, zeroAddress]);
  await call(mintingManager, mintingArtifact.abi, "addMinter", [admin.account.address]);
  for (const tld of tlds) await call(mintingManager, mintingArtifact.abi, "addTld", [tld, false]);

  return {
    registry,
    mintingManager,
    proxyReader,
    registryAbi: registryArtifact.abi,
    async mint(name, owner, records, withReverse = false) {
      await call(mintingManager, mintingArtifact.abi, "issueWithRecords", [
        owner,
        name.split("."),
        Object.keys(records),
        Object.values(records),
        withReverse,
      ]);
    },
    async setRecords(accountIndex, name, records) {
      const data = encodeFunctionData({
        abi: registryArtifact.abi,
        functionName: "setMany",
        args: [Object.keys(records), Object.values(records), BigInt(namehash(name))],
      });
      const owner = chainClients(node, accountIndex);
      const hash = await owner.walletClient.sendTransaction({ to: registry, data } as never);
      const receipt = await owner.publicClient.waitForTransactionReceipt({ hash });
      if (receipt.status !== "success") throw new Error("setMany reverted");
    },
  };
}
