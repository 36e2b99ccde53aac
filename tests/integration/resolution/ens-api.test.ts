// ENS through the HTTP API: multichain primary names (ENSIP-19) on GET /v1/reverse with `coins`,
// and names under an offchain (CCIP-Read) resolver on GET /v1/resolve, against a local chain and
// gateway. Every answer is also checked against the OpenAPI document by the test client.
import { getAddress, type Address } from "viem";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createPartner } from "@/lib/partners/create-partner";
import { startTestApp, type TestApp } from "@/tests/support/app";
import { startCcipGateway, type CcipGateway } from "@/tests/support/ccip-gateway";
import { deployEns, type EnsDeployment } from "@/tests/support/ens-deploy";
import { startEvmNode, type EvmNode } from "@/tests/support/evm-node";

const BASE = 0x80002105;

let node: EvmNode;
let ens: EnsDeployment;
let gateway: CcipGateway;
let app: TestApp;
let token: string;
let alice: Address;
let bob: Address;

beforeAll(async () => {
  node = await startEvmNode();
  ens = await deployEns(node);
  alice = getAddress(node.accounts[1]!.address);
  bob = getAddress(node.accounts[2]!.address);
  await ens.register("alice.eth");
  await ens.setAddr("alice.eth", 60, alice);
  await ens.setAddr("alice.eth", BASE, alice);
  await ens.setReverseName("80002105", alice, "alice.eth");
  await ens.register("bob.eth");
  await ens.setAddr("bob.eth", BASE, bob);
  await ens.setReverseName("default", bob, "bob.eth");

  gateway = await startCcipGateway({
    "shop.offchain.eth": { addresses: { 60: alice.toLowerCase() as `0x${string}` }, texts: { url: "https://shop" } },
    "forged.offchain.eth": { addresses: { 60: alice.toLowerCase() as `0x${string}` } },
  });
  await ens.register("offchain.eth");
  await ens.deployOffchainResolver("offchain.eth", gateway.urlTemplate, [gateway.signer]);

  app = await startTestApp({
    ETH_RPC_URL: node.rpcUrl,
    ENS_REGISTRY_ADDRESS: ens.registry,
    CCIP_READ_PRIVATE_GATEWAYS: true,
    // Each record of an offchain name is a gateway round trip and a callback on a slow local chain.
    RESOLUTION_TIMEOUT_MS: 30_000,
  });
  token = (await createPartner("ENS reader")).token.value;
}, 90_000);

afterAll(async () => {
  await app?.close();
  await gateway?.stop();
  await node?.stop();
});

const get = async (path: string) => {
  const res = await app.fetch(path, { token });
  return { status: res.status, body: await res.json() };
};

describe("GET /v1/reverse/{address} with coins (ENSIP-19)", () => {
  test("answers the chain's primary name, verified on that chain", async () => {
    for (const query of ["nameservice=ens&coins=BASE", "coins=BASE", "coins=base"]) {
      const { status, body } = await get(`/v1/reverse/${alice}?${query}`);
      expect(status, query).toBe(200);
      expect(body.domain, query).toBe("alice.eth");
      expect(body.nameService).toBe("ens");
    }
  });

  test("falls back to the default name when the chain has none", async () => {
    const { status, body } = await get(`/v1/reverse/${bob.toLowerCase()}?nameservice=ens&coins=BASE`);
    expect(status).toBe(200);
    expect(body.domain).toBe("bob.eth");
  });

  test("an address without a primary name on the chain is 404 naming the chain", async () => {
    const { status, body } = await get(`/v1/reverse/${bob}?nameservice=ens&coins=OPTIMISM`);
    expect(status).toBe(404);
    expect(body).toEqual({ field: "address", info: `${bob} has no verified ENS primary name on OPTIMISM.` });
    expect((await get(`/v1/reverse/${bob}?nameservice=ens`)).status).toBe(404);
  });

  test.each([
    ["a coin that is no EVM chain", `coins=BTC`],
    ["an unknown chain", `coins=NOPE`],
    ["two chains", `coins=BASE&coins=OPTIMISM`],
    ["an empty value", `coins=`],
    ["a name service other than ENS", `nameservice=native&coins=BASE`],
  ])("%s is 400 naming coins", async (_, query) => {
    const { status, body } = await get(`/v1/reverse/${alice}?${query}`);
    expect(status).toBe(400);
    expect(body).toEqual({ field: "coins", info: expect.any(String) });
  });
});

describe("GET /v1/resolve/{domain} under an offchain resolver (CCIP-Read)", () => {
  test("answers the gateway's signed records", async () => {
    const { status, body } = await get("/v1/resolve/shop.offchain.eth?coins=ETH");
    expect(status).toBe(200);
    expect(body.wallets).toEqual([{ coin: "ETH", version: "NATIVE", address: alice }]);
    expect(body.txtRecords).toEqual([{ key: "url", value: "https://shop" }]);
  });

  test("a gateway failure is 502 and a refused answer is 502, in the endpoint's error shape", async () => {
    const failed = await get("/v1/resolve/error.offchain.eth?coins=BTC");
    expect(failed.status).toBe(502);
    expect(failed.body).toEqual({ field: "nameservice", info: `The gateway ${gateway.host} answered HTTP 500.` });
    const refused = await get("/v1/resolve/forged.offchain.eth?coins=BTC");
    expect(refused.status).toBe(502);
    expect(refused.body.info).toMatch(/refused the answer of its CCIP-Read gateway/);
  });
});
