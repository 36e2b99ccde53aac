// ENS names answered offchain (CCIP-Read, EIP-3668): an offchain resolver compiled and deployed
// on a local chain, its gateway on 127.0.0.1, checked against ethers v6's own CCIP-Read client;
// and wrapped names, whose owner is the NameWrapper's token holder.
import { encode as encodeContentHash } from "@ensdomains/content-hash";
import { getCoderByCoinType } from "@ensdomains/address-encoder";
import { EnsPlugin, JsonRpcProvider, Network } from "ethers";
import { bytesToHex, getAddress, type Address } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "@/lib/contract/errors";
import { EnsProvider } from "@/lib/resolution/providers/ens";
import { startCcipGateway, type CcipGateway } from "@/tests/support/ccip-gateway";
import { deployEns, type EnsDeployment } from "@/tests/support/ens-deploy";
import { startEvmNode, type EvmNode } from "@/tests/support/evm-node";

const CID = "bafybeibj6lixxzqtsb45ysdjnupvqkufgdvzqbnvmhw2kf7cfkesy7r7d4";
const BTC_ADDRESS = "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4";
const BASE = 0x80002105;
// Every record read of an offchain name is a gateway round trip and a callback the local chain
// runs one at a time, so the readers here ask for a few text keys and allow a loaded machine's time.
const TEXT_KEYS = ["url", "avatar", "description"];
const DEADLINE_MS = 30_000;

let node: EvmNode;
let ens: EnsDeployment;
let gateway: CcipGateway;
let provider: EnsProvider;
let reference: JsonRpcProvider;
let shop: Address;
let mallory: Address;

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

beforeAll(async () => {
  node = await startEvmNode();
  ens = await deployEns(node);
  shop = getAddress(node.accounts[4]!.address);
  mallory = getAddress(node.accounts[2]!.address);
  const shopRecords = {
    addresses: {
      60: shop.toLowerCase() as `0x${string}`,
      [BASE]: shop.toLowerCase() as `0x${string}`,
      0: bytesToHex(getCoderByCoinType(0).decode(BTC_ADDRESS)),
    },
    texts: { url: "https://shop.example", avatar: "https://shop.example/a.png" },
    contenthash: `0x${encodeContentHash("ipfs", CID)}` as `0x${string}`,
  };
  gateway = await startCcipGateway({
    "shop.offchain.eth": shopRecords,
    "forged.offchain.eth": shopRecords,
    "expired.offchain.eth": shopRecords,
    "tampered.offchain.eth": shopRecords,
    "tampered.offchain.eth#swap": { addresses: { 60: mallory.toLowerCase() as `0x${string}` } },
  });
  await ens.register("offchain.eth");
  await ens.deployOffchainResolver("offchain.eth", gateway.urlTemplate, [gateway.signer]);

  provider = new EnsProvider({
    rpcUrl: node.rpcUrl,
    registryAddress: ens.registry,
    timeoutMs: DEADLINE_MS,
    textKeys: TEXT_KEYS,
    allowNonPublicGateways: true,
  });
  const network = new Network("local", node.chainId);
  network.attachPlugin(new EnsPlugin(ens.registry, node.chainId));
  reference = new JsonRpcProvider(node.rpcUrl, network, { staticNetwork: network });
}, 60_000);

afterAll(async () => {
  reference?.destroy();
  await gateway?.stop();
  await node?.stop();
});

describe("names under an offchain (CCIP-Read) resolver", () => {
  it("resolve with addresses, text records and content hash, as the reference client reads them", async () => {
    const before = gateway.requests.get("shop.offchain.eth") ?? 0;
    const result = await provider.forward("shop.offchain.eth", { coins: ["ETH", "BTC"] });
    expect(gateway.requests.get("shop.offchain.eth") ?? 0).toBeGreaterThan(before);

    const resolver = await reference.getResolver("shop.offchain.eth");
    expect(await resolver!.supportsWildcard()).toBe(true);
    expect(result?.domain).toBe("shop.offchain.eth");
    expect(result?.wallets).toEqual(
      expect.arrayContaining([
        { coin: "ETH", version: "NATIVE", address: await resolver!.getAddress() },
        { coin: "ETH", version: "BASE", address: shop },
        { coin: "BTC", version: "NATIVE", address: BTC_ADDRESS },
      ]),
    );
    expect(result?.wallets).toHaveLength(3);
    expect(result?.wallets[0]?.address ?? "").not.toBe("");
    expect(await resolver!.getAddress()).toBe(shop);
    expect(result?.txtRecords).toEqual(
      expect.arrayContaining([
        { key: "url", value: (await resolver!.getText("url"))! },
        { key: "avatar", value: "https://shop.example/a.png" },
      ]),
    );
    expect(result?.txtRecords).toHaveLength(2);
    expect(result?.contentHash).toBe(`ipfs://${CID}`);
    // The name exists only at the gateway: nobody owns it in the registry.
    expect(result?.ownerAddress).toBe("");
  });

  it(
    "asks the gateway only for the requested coins and " + "answers null for a name the gateway does not know",
    async () => {
      const btcOnly = await provider.forward("shop.offchain.eth", { coins: ["BTC"] });
      expect(btcOnly?.wallets).toEqual([{ coin: "BTC", version: "NATIVE", address: BTC_ADDRESS }]);
      expect(await provider.forward("nobody.offchain.eth", { coins: ["BTC"] })).toBeNull();
    },
  );

  it("a gateway that errors is a 502 naming the gateway", async () => {
    const error = await failure(provider.forward("error.offchain.eth", { coins: ["BTC"] }));
    expect(error.status).toBe(502);
    expect(error.items[0]).toEqual({ field: "nameservice", info: `The gateway ${gateway.host} answered HTTP 500.` });
  });

  it("a gateway that answers something that is not hex data is a 502", async () => {
    const error = await failure(provider.forward("garbled.offchain.eth", { coins: ["BTC"] }));
    expect(error.status).toBe(502);
    expect(error.items[0]?.info).toMatch(/not hex data/);
  });

  it("a gateway that hangs is a 504 within the deadline, naming the gateway", async () => {
    const quick = new EnsProvider({
      rpcUrl: node.rpcUrl,
      registryAddress: ens.registry,
      timeoutMs: 2000,
      textKeys: [],
      allowNonPublicGateways: true,
    });
    const started = performance.now();
    const error = await failure(quick.forward("hang.offchain.eth", { coins: ["BTC"] }));
    expect(error.status).toBe(504);
    expect(error.items[0]?.field).toBe("nameservice");
    expect(error.items[0]?.info).toMatch(new RegExp(`gateway ${gateway.host} did not answer`));
    // The deadline holds whatever the gateway does (with a loaded machine's slack).
    expect(performance.now() - started).toBeLessThan(2000 + 5000);
  });

  it.each([
    ["signed by a key the resolver does not trust", "forged.offchain.eth"],
    ["whose result was changed after it was signed", "tampered.offchain.eth"],
    ["whose signature has expired", "expired.offchain.eth"],
  ])("refuses an answer %s: 502, never the gateway's records", async (_, name) => {
    const error = await failure(provider.forward(name, { coins: ["BTC"] }));
    expect(error.status).toBe(502);
    expect(error.items[0]?.field).toBe("nameservice");
    expect(error.items[0]?.info).toMatch(/refused the answer of its CCIP-Read gateway \(SignatureVerifier: /);
    // The reference client does not take the gateway's address either (it reads no address).
    const resolver = await reference.getResolver(name);
    expect(await resolver!.getAddress().catch(() => null)).toBeNull();
  });

  it("does not ask a gateway on a loopback or private address unless allowed", async () => {
    const guarded = new EnsProvider({ rpcUrl: node.rpcUrl, registryAddress: ens.registry, timeoutMs: DEADLINE_MS });
    const asked = gateway.requests.get("shop.offchain.eth") ?? 0;
    const error = await failure(guarded.forward("shop.offchain.eth", { coins: ["BTC"] }));
    expect(error.status).toBe(502);
    expect(error.items[0]?.info).toBe(`The gateway ${gateway.host} is not a public address; it was not asked.`);
    expect(gateway.requests.get("shop.offchain.eth") ?? 0).toBe(asked);
  });
});

describe("wrapped names (NameWrapper)", () => {
  let wrapper: Address;
  let holder: Address;

  beforeAll(async () => {
    wrapper = getAddress(await ens.deployNameWrapper());
    holder = getAddress(node.accounts[6]!.address);
    await ens.register("wrapped.eth");
    await ens.setAddr("wrapped.eth", 60, holder);
    await ens.wrap("wrapped.eth", holder);
  }, 60_000);

  it("owner is the holder of the wrapper's token, not the wrapper contract", async () => {
    const aware = new EnsProvider({ rpcUrl: node.rpcUrl, registryAddress: ens.registry, nameWrapperAddress: wrapper });
    const result = await aware.forward("wrapped.eth", {});
    expect(result?.ownerAddress).toBe(holder);
    expect(result?.wallets).toContainEqual({ coin: "ETH", version: "NATIVE", address: holder });
  });

  it("a reader that does not know the wrapper reports the registry owner, the wrapper itself", async () => {
    const unaware = new EnsProvider({ rpcUrl: node.rpcUrl, registryAddress: ens.registry, nameWrapperAddress: null });
    expect((await unaware.forward("wrapped.eth", {}))?.ownerAddress).toBe(wrapper);
  });

  it("an unwrapped name keeps its registry owner even when the wrapper is known", async () => {
    await ens.register("plain.eth");
    await ens.transfer("plain.eth", holder);
    const aware = new EnsProvider({ rpcUrl: node.rpcUrl, registryAddress: ens.registry, nameWrapperAddress: wrapper });
    expect((await aware.forward("plain.eth", {}))?.ownerAddress).toBe(holder);
  });
});
