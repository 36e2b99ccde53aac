// Endpoint 3 on an ENS parent reads the chain (anvil, ENS's registry): each failed check is a
// sentence in `reason`, and `status` turns true as the set-up is completed: the claimant owns the
// name on chain, its resolver (found by ENS's rules) is ours and supports ENSIP-10, and a canary
// sub-name resolved through it with our gateway's signed answer is accepted on chain.
import { getAddress, namehash, type Address, type Hex } from "viem";
import { afterAll, beforeAll, expect, it } from "vitest";
import { deployResolver, readResolverArtifact } from "@/lib/ens/resolver-contract";
import { startTestApp, type TestApp } from "@/tests/support/app";
import { chainClients, deployEns, send, type EnsDeployment } from "@/tests/support/ens-deploy";
import { ensParentOfNewPartner, type EnsParent } from "@/tests/support/ens-parent-fixtures";
import { startEvmNode, type EvmNode } from "@/tests/support/evm-node";

const SIGNER_KEY: Hex = "0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318";
const STRANGER_SIGNER: Address = "0x000000000000000000000000000000000000bEEF";

let node: EvmNode;
let ens: EnsDeployment;
let app: TestApp;
let parent: EnsParent;
let ours: Address;
let untrusting: Address;
let claimant: Address;

beforeAll(async () => {
  node = await startEvmNode();
  ens = await deployEns(node);
  await ens.register("brand.eth");
  const signer = (await import("viem/accounts")).privateKeyToAccount(SIGNER_KEY).address;
  const deploy = (signers: Address[]) =>
    deployResolver({
      rpcUrl: node.rpcUrl,
      deployerKey: node.accounts[0]!.privateKey,
      url: "http://127.0.0.1:9/{sender}/{data}.json",
      signers,
      artifact: readResolverArtifact(),
    }).then((deployed) => deployed.address);
  ours = await deploy([signer]);
  // Listed as ours, but trusting another signer: the canary must fail on it.
  untrusting = await deploy([STRANGER_SIGNER]);
  app = await startTestApp({
    ETH_RPC_URL: node.rpcUrl,
    ENS_REGISTRY_ADDRESS: ens.registry,
    ENS_GATEWAY_SIGNER_KEY: SIGNER_KEY,
    ENS_RESOLVERS: `${node.chainId}:${ours},${node.chainId}:${untrusting}`,
  });
  claimant = getAddress(node.accounts[1]!.address);
  parent = await ensParentOfNewPartner("brand.eth", claimant);
}, 120_000);

afterAll(async () => {
  await app?.close();
  await node?.stop();
});

async function validation(): Promise<{ status: boolean; reason: string }> {
  const res = await app.fetch("/v1/parentdomains/brand.eth", { token: parent.adminToken });
  expect(res.status).toBe(200);
  return res.json() as never;
}

it("goes from status false, with each reason, to true as the set-up is completed", async () => {
  const first = await validation();
  expect(first.status).toBe(false);
  expect(first.reason).toContain("has no sub-domain price");
  expect(first.reason).toContain(`is owned on chain by ${getAddress(node.accounts[0]!.address)}, not by its claimant`);
  expect(first.reason).toContain(`resolver on chain is ${getAddress(ens.resolver)}, not one of ours`);

  const priced = await app.fetch("/v1/parentdomains/brand.eth", {
    method: "PATCH",
    token: parent.adminToken,
    json: { subdomainPriceUsd: 5 },
  });
  expect(priced.status).toBe(200);
  await ens.transfer("brand.eth", claimant);
  const owned = await validation();
  expect(owned.reason).not.toContain("owned on chain");
  expect(owned.reason).not.toContain("sub-domain price");
  expect(owned.reason).toContain("not one of ours");

  const owner = chainClients(node, 1);
  await send(owner, ens.registry, ens.registryAbi, "setResolver", [namehash("brand.eth"), untrusting]);
  const refused = await validation();
  expect(refused.status).toBe(false);
  expect(refused.reason).toContain("refused our gateway's signed answer");

  await send(owner, ens.registry, ens.registryAbi, "setResolver", [namehash("brand.eth"), ours]);
  expect(await validation()).toEqual({ parentDomain: "brand.eth", status: true, reason: "" });

  // The chain moves on without us: the answer is read again, never kept.
  await send(owner, ens.registry, ens.registryAbi, "setOwner", [namehash("brand.eth"), node.accounts[2]!.address]);
  const lost = await validation();
  expect(lost.status).toBe(false);
  expect(lost.reason).toContain(`is owned on chain by ${getAddress(node.accounts[2]!.address)}`);
});
