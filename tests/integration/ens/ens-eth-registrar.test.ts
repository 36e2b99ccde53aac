// A .eth second-level name is owned by its registrant at ENS's .eth registrar (the BaseRegistrar,
// ENS's own build, deployed on anvil and handed the `eth` node as on mainnet), not by whoever the
// registry still names: claims (POST /v1/parentdomains/{p}/claim) and endpoint 3 read the
// registrar's `ownerOf(labelhash)` and `nameExpires`. A registration handed to someone else, a
// name never registered and an expired one are each refused with their own sentence. A wrapped
// .eth name (ENS's NameWrapper, its mainnet build, holding the registration) is its token holder's.
import { getAddress, labelhash, namehash, type Address, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { createSiweMessage } from "viem/siwe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { claimStatement } from "@/lib/registry/claim-ens-parent";
import { deployResolver } from "@/lib/ens/resolver-contract";
import { createPartner } from "@/lib/partners/create-partner";
import { startTestApp, type TestApp } from "@/tests/support/app";
import {
  chainClients,
  deployEns,
  send,
  type EnsDeployment,
  type EnsNameWrapper,
  type EthRegistrar,
} from "@/tests/support/ens-deploy";
import type { EnsParent } from "@/tests/support/ens-parent-fixtures";
import { startEvmNode, type EvmNode } from "@/tests/support/evm-node";
import { SIGN_IN_HOST } from "@/tests/support/owner-fixtures";

const SIGNER_KEY: Hex = "0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318";
const YEAR = 365 * 86_400;

let node: EvmNode;
let ens: EnsDeployment;
let registrar: EthRegistrar;
let wrapper: EnsNameWrapper;
let app: TestApp;
let partner: EnsParent;
let resolver: Address;
const account = (i: number) => getAddress(node.accounts[i]!.address);

beforeAll(async () => {
  node = await startEvmNode();
  ens = await deployEns(node);
  registrar = await ens.deployEthRegistrar();
  await registrar.register("brand", account(1), YEAR);
  await registrar.register("lapsing", account(3), 30 * 86_400);
  await registrar.register("wrapped", account(4), YEAR);
  wrapper = await ens.deployEnsNameWrapper(registrar);
  ({ address: resolver } = await deployResolver({
    rpcUrl: node.rpcUrl,
    deployerKey: node.accounts[0]!.privateKey,
    url: "http://127.0.0.1:9/{sender}/{data}.json",
    signers: [privateKeyToAccount(SIGNER_KEY).address],
  }));
  app = await startTestApp({
    ETH_RPC_URL: node.rpcUrl,
    ENS_REGISTRY_ADDRESS: ens.registry,
    ENS_GATEWAY_SIGNER_KEY: SIGNER_KEY,
    ENS_RESOLVERS: `${node.chainId}:${resolver}`,
    ENS_NAME_WRAPPER_ADDRESS: wrapper.address,
  });
  const created = await createPartner("Registrant's shop");
  partner = { partnerId: created.partner.id, adminToken: created.token.value };
}, 120_000);

afterAll(async () => {
  await app?.close();
  await node?.stop();
});

async function claim(name: string, signerIndex: number) {
  const nonce = ((await (await app.fetch("/v1/owner/nonce")).json()) as { nonce: string }).nonce;
  const signer = privateKeyToAccount(node.accounts[signerIndex]!.privateKey);
  const message = createSiweMessage({
    address: signer.address,
    chainId: node.chainId,
    domain: SIGN_IN_HOST,
    nonce,
    uri: `http://${SIGN_IN_HOST}/partner`,
    version: "1",
    issuedAt: new Date(),
    statement: claimStatement(name, partner.partnerId),
  });
  const res = await app.fetch(`/v1/parentdomains/${name}/claim`, {
    method: "POST",
    token: partner.adminToken,
    json: { message, signature: await signer.signMessage({ message }) },
    host: SIGN_IN_HOST,
  });
  return { status: res.status, body: (await res.json()) as { errors?: { field: string; info: string }[] } };
}

async function reason(name: string): Promise<string> {
  const res = await app.fetch(`/v1/parentdomains/${name}`, { token: partner.adminToken });
  expect(res.status).toBe(200);
  return ((await res.json()) as { reason: string }).reason;
}

describe("a .eth second-level name at the .eth registrar", () => {
  it("the registrant claims it and endpoint 3 finds it owned by the claimant", async () => {
    const claimed = await claim("brand.eth", 1);
    expect(claimed).toEqual({ status: 200, body: { parentDomain: "brand.eth", ownerAddress: account(1) } });
    await send(chainClients(node, 1), ens.registry, ens.registryAbi, "setResolver", [namehash("brand.eth"), resolver]);
    const priced = await app.fetch("/v1/parentdomains/brand.eth", {
      method: "PATCH",
      token: partner.adminToken,
      json: { subdomainPriceUsd: 5 },
    });
    expect(priced.status).toBe(200);
    expect(await reason("brand.eth")).toBe("");
  });

  it("a registration handed to another: the stale registry owner counts neither in claims nor endpoint 3", async () => {
    await registrar.transferRegistration(1, "brand", account(2));
    // The registry still names the old registrant; the registrar does not.
    const registryOwner = await chainClients(node, 0).publicClient.readContract({
      address: ens.registry,
      abi: ens.registryAbi,
      functionName: "owner",
      args: [namehash("brand.eth")],
    });
    expect(getAddress(registryOwner as Address)).toBe(account(1));

    expect(await reason("brand.eth")).toBe(
      `brand.eth is owned on chain by ${account(2)}, not by its claimant ${account(1)}.`,
    );
    const stale = await claim("brand.eth", 1);
    expect(stale.status).toBe(400);
    expect(stale.body.errors).toEqual([
      {
        field: "message",
        info: `brand.eth is owned on chain by ${account(2)}; the message must be signed by that address.`,
      },
    ]);
    // The new registrant's claim moves the parent to it.
    expect((await claim("brand.eth", 2)).status).toBe(200);
    expect(await reason("brand.eth")).toBe("");
  });

  it("a name never registered at the registrar cannot be claimed", async () => {
    expect(await claim("unregistered.eth", 4)).toEqual({
      status: 400,
      body: { errors: [{ field: "parentDomain", info: "unregistered.eth is not registered at the .eth registrar." }] },
    });
  });

  it("a wrapped name is its NameWrapper token holder's, not its former registrant's", async () => {
    await wrapper.wrapEth2ld(4, "wrapped", account(5), resolver);
    const publicClient = chainClients(node, 0).publicClient;
    const [registrant, holder] = await Promise.all([
      publicClient.readContract({
        address: registrar.address,
        abi: registrar.abi,
        functionName: "ownerOf",
        args: [BigInt(labelhash("wrapped"))],
      }),
      publicClient.readContract({
        address: wrapper.address,
        abi: wrapper.abi,
        functionName: "ownerOf",
        args: [BigInt(namehash("wrapped.eth"))],
      }),
    ]);
    expect([getAddress(registrant as Address), getAddress(holder as Address)]).toEqual([
      getAddress(wrapper.address),
      account(5),
    ]);

    const former = await claim("wrapped.eth", 4);
    expect(former.status).toBe(400);
    expect(former.body.errors![0]!.info).toBe(
      `wrapped.eth is owned on chain by ${account(5)}; the message must be signed by that address.`,
    );
    expect(await claim("wrapped.eth", 5)).toEqual({
      status: 200,
      body: { parentDomain: "wrapped.eth", ownerAddress: account(5) },
    });
    const priced = await app.fetch("/v1/parentdomains/wrapped.eth", {
      method: "PATCH",
      token: partner.adminToken,
      json: { subdomainPriceUsd: 5 },
    });
    expect(priced.status).toBe(200);
    expect(await reason("wrapped.eth")).toBe("");
    // The token moves on: the claimant no longer owns it.
    await send(chainClients(node, 5), wrapper.address, wrapper.abi, "safeTransferFrom", [
      account(5),
      account(6),
      BigInt(namehash("wrapped.eth")),
      1n,
      "0x",
    ]);
    expect(await reason("wrapped.eth")).toBe(
      `wrapped.eth is owned on chain by ${account(6)}, not by its claimant ${account(5)}.`,
    );
  });

  it("an expired registration: endpoint 3 says so and its registrant's claim is refused", async () => {
    expect((await claim("lapsing.eth", 3)).status).toBe(200);
    expect(await reason("lapsing.eth")).not.toContain("expired");
    const expires = (await chainClients(node, 0).publicClient.readContract({
      address: registrar.address,
      abi: registrar.abi,
      functionName: "nameExpires",
      args: [BigInt(labelhash("lapsing"))],
    })) as bigint;
    // The chain's clock passes the expiry; the registry still names the registrant.
    await node.rpc("evm_increaseTime", [31 * 86_400]);
    await node.mine();
    expect(await reason("lapsing.eth")).toContain(
      `lapsing.eth expired at the .eth registrar on ${new Date(Number(expires) * 1000).toISOString()}: ` +
        "its registration must be renewed.",
    );
    expect(await claim("lapsing.eth", 3)).toEqual({
      status: 400,
      body: {
        errors: [{ field: "parentDomain", info: "lapsing.eth has expired at the .eth registrar: renew it first." }],
      },
    });
  });
});
