// ENS provider against the published ENS contracts on a local chain, checked against ethers v6's
// own ENS resolver pointed at the same registry.
import { createServer, type Server, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import { cidV0ToV1Base32, encode as encodeContentHash } from "@ensdomains/content-hash";
import { getCoderByCoinType } from "@ensdomains/address-encoder";
import { EnsPlugin, JsonRpcProvider, Network } from "ethers";
import { bytesToHex, getAddress } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "@/lib/contract/errors";
import { EnsProvider } from "@/lib/resolution/providers/ens";
import { deployEns, type EnsDeployment } from "@/tests/support/ens-deploy";
import { startEvmNode, type EvmNode } from "@/tests/support/evm-node";

const CID = "bafybeibj6lixxzqtsb45ysdjnupvqkufgdvzqbnvmhw2kf7cfkesy7r7d4";
const BTC_ADDRESS = "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4";
const OPTIMISM = 0x8000000a;
const BASE = 0x80002105;
const DEFAULT_EVM = 0x80000000;

let node: EvmNode;
let ens: EnsDeployment;
let provider: EnsProvider;
let reference: JsonRpcProvider;
let alice: `0x${string}`;
let carol: `0x${string}`;
let bob: `0x${string}`;
let dave: `0x${string}`;
let erin: `0x${string}`;

beforeAll(async () => {
  node = await startEvmNode();
  ens = await deployEns(node);
  alice = getAddress(node.accounts[1]!.address);
  const mallory = getAddress(node.accounts[2]!.address);
  carol = getAddress(node.accounts[3]!.address);

  await ens.register("alice.eth");
  await ens.setAddr("alice.eth", 60, alice);
  await ens.setAddr("alice.eth", 0, bytesToHex(getCoderByCoinType(0).decode(BTC_ADDRESS)));
  await ens.setAddr("alice.eth", OPTIMISM, alice);
  await ens.setAddr("alice.eth", BASE, alice);
  await ens.setText("alice.eth", "url", "https://alice.example");
  await ens.setText("alice.eth", "com.twitter", "alice");
  await ens.setContenthash("alice.eth", `0x${encodeContentHash("ipfs", CID)}`);
  await ens.transfer("alice.eth", alice);
  await ens.setPrimaryName(1, "alice.eth");
  // Mallory claims alice.eth as her primary name; its address does not point back to her.
  await ens.setPrimaryName(2, "alice.eth");

  await ens.register("wild.eth");
  await ens.deployWildcard("wild.eth", carol);
  await ens.register("empty.eth");
  void mallory;

  // ENSIP-19 primary names per chain. Alice: a Base name of her own. Bob: only a default name.
  // Dave: only an Ethereum (addr.reverse) name. Erin: a Base name that is someone else's
  // (alice.eth) and a valid default name, which must not stand in for it.
  bob = getAddress(node.accounts[6]!.address);
  dave = getAddress(node.accounts[7]!.address);
  erin = getAddress(node.accounts[8]!.address);
  await ens.setReverseName("80002105", alice, "alice.eth");
  await ens.register("bob.eth");
  await ens.setAddr("bob.eth", 60, bob);
  await ens.setAddr("bob.eth", BASE, bob);
  await ens.setReverseName("default", bob, "bob.eth");
  await ens.register("dave.eth");
  await ens.setAddr("dave.eth", 60, dave);
  await ens.setAddr("dave.eth", BASE, dave);
  await ens.setPrimaryName(7, "dave.eth");
  await ens.register("erin.eth");
  await ens.setAddr("erin.eth", BASE, erin);
  await ens.setAddr("erin.eth", DEFAULT_EVM, erin);
  await ens.setReverseName("80002105", erin, "alice.eth");
  await ens.setReverseName("default", erin, "erin.eth");

  provider = new EnsProvider({
    rpcUrl: node.rpcUrl,
    registryAddress: ens.registry,
    timeoutMs: 20_000, // anvil answers in milliseconds; a loaded machine can take seconds
    cacheTtlSeconds: 60,
  });
  const network = new Network("local", node.chainId);
  network.attachPlugin(new EnsPlugin(ens.registry, node.chainId));
  reference = new JsonRpcProvider(node.rpcUrl, network, { staticNetwork: network });
}, 60_000);

afterAll(async () => {
  reference?.destroy();
  await node?.stop();
});

describe("ENS forward resolution", () => {
  it("reads addresses, text records, content hash and owner as the reference client does", async () => {
    const result = await provider.forward("alice.eth", {});
    const resolver = await reference.getResolver("alice.eth");
    expect(resolver).not.toBeNull();

    expect(result?.domain).toBe("alice.eth");
    expect(result?.nameService).toBe("ens");
    expect(result?.ownerAddress).toBe(alice);
    const eth = result?.wallets.find((w) => w.coin === "ETH" && w.version === "NATIVE");
    expect(eth?.address).toBe(await resolver!.getAddress());
    const optimism = result?.wallets.find((w) => w.version === "OPTIMISM");
    expect(optimism).toEqual({ coin: "ETH", version: "OPTIMISM", address: await resolver!.getAddress(OPTIMISM) });
    expect(result?.wallets.find((w) => w.coin === "BTC")).toEqual({
      coin: "BTC",
      version: "NATIVE",
      address: BTC_ADDRESS,
    });
    expect(result?.wallets.find((w) => w.version === "BASE")).toEqual({ coin: "ETH", version: "BASE", address: alice });
    expect(result?.wallets).toHaveLength(4);
    expect(result?.txtRecords).toEqual(
      expect.arrayContaining([
        { key: "url", value: (await resolver!.getText("url"))! },
        { key: "com.twitter", value: "alice" },
      ]),
    );
    expect(result?.txtRecords).toHaveLength(2);
    // ethers prints the same CID in its v0 (base58) form.
    const referenceHash = (await resolver!.getContentHash())!.replace("ipfs://", "");
    expect(result?.contentHash).toBe(`ipfs://${cidV0ToV1Base32(referenceHash)}`);
    expect(result?.contentHash).toBe(`ipfs://${CID}`);
    expect(result?.dnsRecords).toEqual([]);
  });

  it("limits wallets to the requested coins", async () => {
    const result = await provider.forward("alice.eth", { coins: ["BTC"] });
    expect(result?.wallets).toEqual([{ coin: "BTC", version: "NATIVE", address: BTC_ADDRESS }]);
  });

  it("resolves names under an ENSIP-10 wildcard resolver, like the reference", async () => {
    const result = await provider.forward("anything.wild.eth", {});
    expect(result?.wallets).toEqual([{ coin: "ETH", version: "NATIVE", address: carol }]);
    expect(result?.wallets[0]?.address).toBe(await reference.resolveName("anything.wild.eth"));
    expect(result?.txtRecords).toContainEqual({ key: "url", value: "wildcard" });
    expect(result?.ownerAddress).toBe("");
  });

  it("returns null for a name that does not exist and an owner-only answer for a name without records", async () => {
    expect(await provider.forward("nobody.eth", {})).toBeNull();
    expect(await reference.resolveName("nobody.eth")).toBeNull();
    const empty = await provider.forward("empty.eth", {});
    expect(empty?.wallets).toEqual([]);
    expect(empty?.ownerAddress).toBe(getAddress(node.accounts[0]!.address));
  });

  it("serves the cached answer after the chain changes, while a fresh reader sees the change", async () => {
    const first = await provider.forward("empty.eth", {});
    expect(first?.txtRecords).toEqual([]);
    await ens.setText("empty.eth", "url", "https://changed.example");
    expect(await provider.forward("empty.eth", {})).toBe(first);
    const fresh = new EnsProvider({ rpcUrl: node.rpcUrl, registryAddress: ens.registry });
    expect((await fresh.forward("empty.eth", {}))?.txtRecords).toEqual([
      { key: "url", value: "https://changed.example" },
    ]);
  });
});

describe("ENS reverse resolution", () => {
  it("returns the primary name when its address points back, as the reference does", async () => {
    const result = await provider.reverse(alice.toLowerCase(), {});
    expect(result?.domain).toBe("alice.eth");
    expect(result?.domain).toBe(await reference.lookupAddress(alice));
  });

  it("rejects a primary name whose forward address is someone else's", async () => {
    const mallory = node.accounts[2]!.address;
    expect(await provider.reverse(mallory, {})).toBeNull();
    expect(await reference.lookupAddress(getAddress(mallory))).toBeNull();
  });

  it("returns null for an address without a reverse record", async () => {
    expect(await provider.reverse(node.accounts[5]!.address, {})).toBeNull();
  });
});

describe("ENS multichain primary names (ENSIP-19)", () => {
  it("reads the chain's own reverse namespace and checks the name's address on that chain", async () => {
    const result = await provider.reverse(alice.toLowerCase(), { coinType: BASE });
    expect(result?.domain).toBe("alice.eth");
    expect(result?.wallets).toContainEqual({ coin: "ETH", version: "BASE", address: alice });
  });

  it("falls back to the default reverse namespace when the chain has no name", async () => {
    expect((await provider.reverse(bob, { coinType: BASE }))?.domain).toBe("bob.eth");
    // Bob's default name has no Optimism address: on Optimism it is no primary name.
    expect(await provider.reverse(bob, { coinType: OPTIMISM })).toBeNull();
    // Nor is a default name Bob's Ethereum primary name (ENSIP-19: addr.reverse only).
    expect(await provider.reverse(bob, {})).toBeNull();
  });

  it("does not take the Ethereum primary name for another chain", async () => {
    expect((await provider.reverse(dave, {}))?.domain).toBe("dave.eth");
    expect((await provider.reverse(dave, { coinType: 60 }))?.domain).toBe("dave.eth");
    expect(await provider.reverse(dave, { coinType: BASE })).toBeNull();
  });

  it("a chain name that fails the check is no primary name, and the default name does not replace it", async () => {
    expect(await provider.reverse(erin, { coinType: BASE })).toBeNull();
    // The default name itself, asked as the default chain, checks out.
    expect((await provider.reverse(erin, { coinType: DEFAULT_EVM }))?.domain).toBe("erin.eth");
  });
});

describe("ENS source failures", () => {
  let silent: Server;
  let silentPort: number;
  const sockets = new Set<Socket>();

  beforeAll(async () => {
    // Accepts connections and never answers.
    silent = createServer((socket) => {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    silentPort = (silent.address() as AddressInfo).port;
  });

  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });

  it("gives 504 when the endpoint never answers", async () => {
    const slow = new EnsProvider({
      rpcUrl: `http://127.0.0.1:${silentPort}`,
      registryAddress: ens.registry,
      timeoutMs: 300,
    });
    const started = Date.now();
    const error = await slow.forward("alice.eth", {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(504);
    expect((error as ApiError).items[0]?.field).toBe("nameservice");
    // The 300 ms timeout decides, with room for a loaded machine; a hang would last the test's 30 s.
    expect(Date.now() - started).toBeLessThan(300 + 6000);
  });

  it("gives 503 when nothing listens at the endpoint", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const dead = new EnsProvider({
      rpcUrl: `http://127.0.0.1:${port}`,
      registryAddress: ens.registry,
      timeoutMs: 2000,
    });
    const error = await dead.forward("alice.eth", {}).catch((e: unknown) => e);
    expect((error as ApiError).status).toBe(503);
    expect((error as ApiError).items[0]?.info).toMatch(/unreachable/);
  });
});
