// UD provider against the published UNS contracts on two local chains standing in for Polygon
// and Ethereum, compared with the registry's own getMany.
import { getAddress, namehash, parseAbi } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "@/lib/contract/errors";
import { UdProvider } from "@/lib/resolution/providers/ud";
import { chainClients } from "@/tests/support/ens-deploy";
import { startEvmNode, type EvmNode } from "@/tests/support/evm-node";
import { deployUns, type UnsDeployment } from "@/tests/support/uns-deploy";

const BTC = "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4";
const CID = "QmRAQB6YaCyidP37UdDnjFY5vQuiBrcqdyoW1CuDgwxkD4";

let polygon: EvmNode;
let ethereum: EvmNode;
let polygonUns: UnsDeployment;
let ethereumUns: UnsDeployment;
let provider: UdProvider;
let alice: `0x${string}`;
let bob: `0x${string}`;

beforeAll(async () => {
  [polygon, ethereum] = await Promise.all([startEvmNode({ chainId: 137 }), startEvmNode({ chainId: 1 })]);
  [polygonUns, ethereumUns] = await Promise.all([deployUns(polygon), deployUns(ethereum)]);
  alice = getAddress(polygon.accounts[1]!.address);
  bob = getAddress(polygon.accounts[2]!.address);

  await polygonUns.mint(
    "alice.crypto",
    alice,
    {
      "crypto.ETH.address": alice,
      "crypto.BTC.address": BTC,
      "crypto.USDC.version.MATIC.address": alice,
      "token.EVM.BASE.address": alice,
      "dns.A": '["192.0.2.1","192.0.2.2"]',
      "dns.A.ttl": "900",
      "dns.AAAA": '["2001:db8::1"]',
      "dns.ttl": "120",
      "dweb.ipfs.hash": CID,
      "browser.redirect_url": "https://alice.example",
      "social.twitter.username": "alice",
    },
    true,
  );
  // Bridged names leave a stale copy on Ethereum; Polygon's answer wins.
  await ethereumUns.mint("alice.crypto", alice, { "crypto.ETH.address": bob });
  await ethereumUns.mint("bob.x", bob, { "crypto.ETH.address": bob, "ipfs.html.value": "QmLegacy" }, true);
  await polygonUns.mint("carol.nft", bob, {}, true);

  provider = new UdProvider({
    polygon: { rpcUrl: polygon.rpcUrl, proxyReader: polygonUns.proxyReader },
    ethereum: { rpcUrl: ethereum.rpcUrl, proxyReader: ethereumUns.proxyReader },
    timeoutMs: 20_000, // anvil answers in milliseconds; a loaded machine can take seconds
  });
}, 60_000);

afterAll(async () => {
  await Promise.all([polygon?.stop(), ethereum?.stop()]);
});

describe("UD forward resolution", () => {
  it("maps UNS records to wallets, DNS records, content hash and text records", async () => {
    const result = await provider.forward("alice.crypto", {});
    expect(result?.nameService).toBe("ud");
    expect(result?.ownerAddress).toBe(alice);
    expect(result?.wallets).toEqual(
      expect.arrayContaining([
        { coin: "ETH", version: "NATIVE", address: alice },
        { coin: "BTC", version: "NATIVE", address: BTC },
        { coin: "USDC", version: "MATIC", address: alice },
        { coin: "ETH", version: "BASE", address: alice },
      ]),
    );
    expect(result?.wallets).toHaveLength(4);
    expect(result?.dnsRecords).toEqual([
      { name: "alice.crypto", type: "A", ttl: 900, value: "192.0.2.1" },
      { name: "alice.crypto", type: "A", ttl: 900, value: "192.0.2.2" },
      { name: "alice.crypto", type: "AAAA", ttl: 120, value: "2001:db8::1" },
    ]);
    expect(result?.contentHash).toBe(`ipfs://${CID}`);
    expect(result?.txtRecords).toEqual(
      expect.arrayContaining([
        { key: "browser.redirect_url", value: "https://alice.example" },
        { key: "social.twitter.username", value: "alice" },
      ]),
    );
    expect(result?.txtRecords).toHaveLength(2);
  });

  it("agrees with the registry's own records", async () => {
    const registryAbi = parseAbi(["function getMany(string[] keys, uint256 tokenId) view returns (string[])"]);
    const values = await chainClients(polygon).publicClient.readContract({
      address: polygonUns.registry,
      abi: registryAbi,
      functionName: "getMany",
      args: [["crypto.ETH.address", "crypto.BTC.address"], BigInt(namehash("alice.crypto"))],
    });
    const result = await provider.forward("alice.crypto", { coins: ["ETH", "BTC"] });
    const native = result?.wallets.filter((w) => w.version === "NATIVE") ?? [];
    expect(native.map((w) => w.address.toLowerCase()).sort()).toEqual([...values].map((v) => v.toLowerCase()).sort());
  });

  it("limits wallets to the requested coins", async () => {
    const result = await provider.forward("alice.crypto", { coins: ["USDC"] });
    expect(result?.wallets).toEqual([{ coin: "USDC", version: "MATIC", address: alice }]);
  });

  it("falls back to Ethereum for a name not on Polygon, with the legacy IPFS key", async () => {
    const result = await provider.forward("bob.x", {});
    expect(result?.ownerAddress).toBe(bob);
    expect(result?.wallets).toEqual([{ coin: "ETH", version: "NATIVE", address: bob }]);
    expect(result?.contentHash).toBe("ipfs://QmLegacy");
  });

  it("returns null for a name minted nowhere", async () => {
    expect(await provider.forward("nobody.crypto", {})).toBeNull();
  });
});

describe("UD reverse resolution", () => {
  it("finds the reverse name on Ethereum before Polygon", async () => {
    // bob's reverse is bob.x on Ethereum and carol.nft on Polygon.
    expect((await provider.reverse(bob.toLowerCase(), {}))?.domain).toBe("bob.x");
  });

  it("finds a reverse name set only on Polygon", async () => {
    const result = await provider.reverse(alice, {});
    expect(result?.domain).toBe("alice.crypto");
    expect(result?.ownerAddress).toBe(alice);
  });

  it("returns null for an address without a reverse name", async () => {
    expect(await provider.reverse(polygon.accounts[7]!.address, {})).toBeNull();
  });
});

describe("UD source failures", () => {
  it("gives 503 naming the chain when Polygon's endpoint is down", async () => {
    const broken = new UdProvider({
      polygon: { rpcUrl: "http://127.0.0.1:9", proxyReader: polygonUns.proxyReader },
      ethereum: { rpcUrl: ethereum.rpcUrl, proxyReader: ethereumUns.proxyReader },
      timeoutMs: 2000,
    });
    const error = await broken.forward("alice.crypto", {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(503);
    expect((error as ApiError).items[0]?.info).toMatch(/Polygon/);
  });
});
