// A partner's ENS parent (brand.eth) on a local chain (anvil) with ENS's registry and public
// resolver, our offchain resolver (the committed build, deployed as `npm run ens -- deploy-resolver`
// does) and a Universal Resolver: ethers v6 and viem resolve a partner-issued sub-name through our
// CCIP-Read gateway on 127.0.0.1 to the records GET /v1/resolve gives (a sub-name bought in the
// marketplace too), see an owner's edit at once,
// and get nothing for a revoked sub-name; the contract refuses expired, foreign and malformed proofs.
import { randomUUID } from "node:crypto";
import { encode as encodeContentHash } from "@ensdomains/content-hash";
import { EnsPlugin, JsonRpcProvider, Network } from "ethers";
import {
  createPublicClient,
  decodeErrorResult,
  encodeAbiParameters,
  encodeFunctionData,
  getAddress,
  http,
  namehash,
  serializeSignature,
  type Address,
  type Hex,
  type PublicClient,
} from "viem";
import { privateKeyToAccount, sign } from "viem/accounts";
import { getEnsAddress, getEnsText } from "viem/actions";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signatureHash } from "@/lib/ens/gateway-signer";
import { deployResolver, readResolverArtifact } from "@/lib/ens/resolver-contract";
import { db } from "@/lib/db";
import { suspendName } from "@/lib/market/suspend-name";
import { startTestApp, type TestApp } from "@/tests/support/app";
import { chainClients, deployEns, send, type Clients, type EnsDeployment } from "@/tests/support/ens-deploy";
import {
  addrCall,
  ANSWER,
  decodeAnswer,
  dnsEncode,
  editRecords,
  ensParentOfNewPartner,
  issueSubname,
  resolveCall,
  textCall,
  type EnsParent,
} from "@/tests/support/ens-parent-fixtures";
import { startEvmNode, type EvmNode } from "@/tests/support/evm-node";
import { newAccount } from "@/tests/support/owner-fixtures";
import { deployUniversalResolver } from "@/tests/support/universal-resolver";

const SIGNER_KEY: Hex = "0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318";
const SIGNER = privateKeyToAccount(SIGNER_KEY).address;
const IMPOSTOR_KEY: Hex = "0x0dbbe8e4ae425a6d2687f1a7e3ba17bc98c673636790f1b8ad91193c05875ef1";
const NAME = "alice.brand.eth";
const CID = "bafybeibj6lixxzqtsb45ysdjnupvqkufgdvzqbnvmhw2kf7cfkesy7r7d4";
const BASE_CHAIN = 8453;
const BASE_COIN = 0x80002105;

let node: EvmNode;
let ens: EnsDeployment;
let admin: Clients;
let app: TestApp;
let parent: EnsParent;
let resolver: Address;
let universalResolver: Address;
let ethers: JsonRpcProvider;
let viem: PublicClient;
const owner = newAccount();
const wallet = getAddress("0x70997970c51812dc3a010c7d01b50e0d17dc79c8");
const baseWallet = getAddress("0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc");
const artifact = readResolverArtifact();

beforeAll(async () => {
  node = await startEvmNode();
  ens = await deployEns(node);
  admin = chainClients(node, 0);
  await ens.register("brand.eth");
  // The resolver is deployed first (its address goes into ENS_RESOLVERS), then pointed at the app.
  ({ address: resolver } = await deployResolver({
    rpcUrl: node.rpcUrl,
    deployerKey: node.accounts[0]!.privateKey,
    url: "http://127.0.0.1:9/{sender}/{data}.json",
    signers: [SIGNER],
  }));
  app = await startTestApp({
    ENS_GATEWAY_SIGNER_KEY: SIGNER_KEY,
    ENS_RESOLVERS: `${node.chainId}:${resolver}`,
  });
  const gatewayUrl = `${app.baseUrl}/v1/ens/ccip/{sender}/{data}.json`;
  await send(admin, resolver, artifact.abi, "setUrl", [gatewayUrl]);
  await send(admin, ens.registry, ens.registryAbi, "setResolver", [namehash("brand.eth"), resolver]);
  universalResolver = await deployUniversalResolver(admin, ens.registry);

  parent = await ensParentOfNewPartner("brand.eth", admin.account.address);
  await issueSubname(app, parent, "brand.eth", "alice", owner.address);
  await editRecords(app, owner, NAME, {
    walletAddrs: [
      { coinId: 60, addr: wallet },
      { coinId: BASE_COIN, addr: baseWallet },
    ],
    txtRecords: [{ key: "url", value: "https://alice.example" }],
    contentHash: `ipfs://${CID}`,
  });

  const network = new Network("local", node.chainId);
  network.attachPlugin(new EnsPlugin(ens.registry, node.chainId));
  ethers = new JsonRpcProvider(node.rpcUrl, network, { staticNetwork: network });
  viem = createPublicClient({ chain: admin.chain, transport: http(node.rpcUrl) }) as PublicClient;
}, 120_000);

afterAll(async () => {
  ethers?.destroy();
  await app?.close();
  await node?.stop();
});

async function resolvedByApi(): Promise<{
  wallets: { address: string; version: string }[];
  txtRecords: { key: string; value: string }[];
  contentHash: string;
}> {
  const res = await app.fetch(`/v1/resolve/${NAME}?nameservice=native`, { token: parent.adminToken });
  expect(res.status).toBe(200);
  return res.json() as never;
}

const viemAddress = (name: string, coinType?: bigint) =>
  getEnsAddress(viem, {
    name,
    universalResolverAddress: universalResolver,
    ...(coinType !== undefined && { coinType }),
  });
const viemText = (name: string, key: string) =>
  getEnsText(viem, { name, key, universalResolverAddress: universalResolver });

describe("a partner-issued sub-name of an ENS parent", () => {
  it("the gateway names our resolver and signer", async () => {
    const info = (await (await app.fetch("/v1/ens/gateway")).json()) as { signers: string[]; resolvers: unknown[] };
    expect(info.signers).toEqual([SIGNER]);
    expect(info.resolvers).toEqual([{ chainId: node.chainId, address: resolver.toLowerCase() }]);
  });

  it("ethers v6 resolves it through our resolver to GET /v1/resolve's records", async () => {
    const api = await resolvedByApi();
    const eth = api.wallets.find((w) => w.version === "NATIVE")!.address;
    const base = api.wallets.find((w) => w.version === "BASE")!.address;
    const found = await ethers.getResolver(NAME);
    expect(found?.address).toBe(getAddress(resolver));
    expect(await found!.supportsWildcard()).toBe(true);
    expect(await ethers.resolveName(NAME)).toBe(getAddress(eth));
    expect(await found!.getAddress()).toBe(getAddress(eth));
    expect(await found!.getAddress(BASE_CHAIN)).toBe(getAddress(base));
    expect(await found!.getAddress(BASE_COIN)).toBe(getAddress(base));
    expect(await found!.getText("url")).toBe(api.txtRecords.find((t) => t.key === "url")!.value);
    expect(await found!.getText("avatar")).toBe("");
    // ethers writes IPFS hashes in CIDv0; the bytes on chain are the registry's CID.
    const hash = await found!.getContentHash();
    expect(hash).toMatch(/^ipfs:\/\/Qm/);
    expect(encodeContentHash("ipfs", hash!.slice(7))).toBe(encodeContentHash("ipfs", api.contentHash.slice(7)));
  });

  it("viem resolves it through a Universal Resolver to the same records", async () => {
    const api = await resolvedByApi();
    expect(await viemAddress(NAME)).toBe(getAddress(api.wallets.find((w) => w.version === "NATIVE")!.address));
    expect((await viemAddress(NAME, BigInt(BASE_COIN)))?.toLowerCase()).toBe(
      api.wallets.find((w) => w.version === "BASE")!.address.toLowerCase(),
    );
    expect(await viemText(NAME, "url")).toBe("https://alice.example");
    expect(await viemText(NAME, "avatar")).toBe(null);
  });

  it("an owner's edit is seen by both clients at once", async () => {
    expect(await viemText(NAME, "url")).toBe("https://alice.example");
    const moved = getAddress(node.accounts[5]!.address);
    await editRecords(app, owner, NAME, {
      walletAddrs: [{ coinId: 60, addr: moved }],
      txtRecords: [{ key: "url", value: "https://edited.example" }],
    });
    expect(await ethers.resolveName(NAME)).toBe(moved);
    expect(await (await ethers.getResolver(NAME))!.getText("url")).toBe("https://edited.example");
    expect(await viemAddress(NAME)).toBe(moved);
    expect(await viemText(NAME, "url")).toBe("https://edited.example");
  });

  it("a revoked sub-name resolves to nothing in either client", async () => {
    await issueSubname(app, parent, "brand.eth", "bob", owner.address);
    await editRecords(app, owner, "bob.brand.eth", { walletAddrs: [{ coinId: 60, addr: wallet }] });
    expect(await ethers.resolveName("bob.brand.eth")).toBe(wallet);
    expect(await viemAddress("bob.brand.eth")).toBe(wallet);
    await db().$transaction((tx) => suspendName(tx, "bob.brand.eth", "revoked by the partner"));
    expect(await ethers.resolveName("bob.brand.eth")).toBe(null);
    expect(await viemAddress("bob.brand.eth")).toBe(null);
    expect(await viemText("bob.brand.eth", "url")).toBe(null);
  });
});

describe("a sub-name bought in the marketplace", () => {
  const BOUGHT = "carol.brand.eth";
  const buyer = newAccount();

  it("resolves in ethers v6 and viem to GET /v1/resolve's records, and an owner's edit is seen by both", async () => {
    const priced = await app.fetch("/v1/parentdomains/brand.eth", {
      method: "PATCH",
      token: parent.adminToken,
      json: { subdomainsEnabled: true, subdomainPriceUsd: 4 },
    });
    expect(priced.status).toBe(200);
    const started = (await (
      await app.fetch("/v1/market/purchase", {
        method: "POST",
        json: {
          checkoutId: randomUUID(),
          domain: BOUGHT,
          ownerAddress: buyer.address,
          walletAddrs: [{ coinId: 60, addr: wallet }],
          years: 1,
        },
      })
    ).json()) as { orderId: string; processorCheckoutSession: string };
    const paid = await app.fetch("/api/test-processor/pay", {
      method: "POST",
      json: { clientSecret: started.processorCheckoutSession, cardNumber: "4242424242424242" },
    });
    expect(await paid.json()).toMatchObject({ orderStatus: "COMPLETED" });

    const api = (await (await app.fetch(`/v1/resolve/${BOUGHT}`, { token: parent.adminToken })).json()) as {
      nameService: string;
      ownerAddress: string;
      wallets: { address: string; version: string }[];
    };
    expect(api).toMatchObject({ nameService: "ens", ownerAddress: buyer.address });
    expect(api.wallets).toEqual([expect.objectContaining({ address: wallet, version: "NATIVE" })]);
    expect(await ethers.resolveName(BOUGHT)).toBe(wallet);
    expect(await viemAddress(BOUGHT)).toBe(wallet);
    expect(await viemText(BOUGHT, "url")).toBe(null);

    const moved = getAddress(node.accounts[6]!.address);
    await editRecords(app, buyer, BOUGHT, {
      walletAddrs: [{ coinId: 60, addr: moved }],
      txtRecords: [{ key: "url", value: "https://carol.example" }],
    });
    const [byEthers, byEthersText, byViem, byViemText] = await Promise.all([
      ethers.resolveName(BOUGHT),
      ethers.getResolver(BOUGHT).then((found) => found!.getText("url")),
      viemAddress(BOUGHT),
      viemText(BOUGHT, "url"),
    ]);
    expect({ byEthers, byEthersText, byViem, byViemText }).toEqual({
      byEthers: moved,
      byEthersText: "https://carol.example",
      byViem: moved,
      byViemText: "https://carol.example",
    });
  });
});

describe("the resolver refuses proofs it must not accept", () => {
  const callData = resolveCall(NAME, addrCall(NAME));
  const extraData = () => encodeAbiParameters([{ type: "bytes" }, { type: "address" }], [callData, resolver]);
  const result = encodeAbiParameters([{ type: "address" }], [wallet]);

  async function proof(options: { key?: Hex; expires?: bigint; target?: Address; compact?: boolean } = {}) {
    const expires = options.expires ?? BigInt(Math.floor(Date.now() / 1000) + 300);
    const hash = signatureHash(options.target ?? resolver, expires, callData, result);
    const signature = await sign({ hash, privateKey: options.key ?? SIGNER_KEY });
    const bytes = options.compact ? toCompact(signature) : serializeSignature(signature);
    return encodeAbiParameters(ANSWER, [result, expires, bytes]);
  }

  const withProof = (response: Hex) =>
    viem.readContract({
      address: resolver,
      abi: artifact.abi,
      functionName: "resolveWithProof",
      args: [response, extraData()],
    });

  it("accepts the gateway's own answer and a proof signed by our signer", async () => {
    const res = await app.fetch(`/v1/ens/ccip/${resolver.toLowerCase()}/${callData}.json`);
    const { data } = (await res.json()) as { data: Hex };
    const { result: answered } = decodeAnswer(data);
    expect(await withProof(data)).toBe(answered);
    expect(await withProof(await proof())).toBe(result);
  });

  it("refuses an expired proof", async () => {
    const block = await viem.getBlock();
    await expect(withProof(await proof({ expires: block.timestamp - 1n }))).rejects.toThrow(/Signature expired/);
  });

  it("refuses a proof signed by a key it does not trust, or for another resolver", async () => {
    await expect(withProof(await proof({ key: IMPOSTOR_KEY }))).rejects.toThrow(/Invalid signature/);
    const other = getAddress("0x000000000000000000000000000000000000dEaD");
    await expect(withProof(await proof({ target: other }))).rejects.toThrow(/Invalid signature/);
  });

  it("refuses a 64-byte compact signature and a tampered result", async () => {
    await expect(withProof(await proof({ compact: true }))).rejects.toThrow(/Invalid signature length/);
    const { data } = (await (await app.fetch(`/v1/ens/ccip/${resolver.toLowerCase()}/${callData}.json`)).json()) as {
      data: Hex;
    };
    const { expires, sig } = decodeAnswer(data);
    const swapped = encodeAbiParameters(ANSWER, [
      encodeAbiParameters([{ type: "address" }], [baseWallet]),
      expires,
      sig,
    ]);
    await expect(withProof(swapped)).rejects.toThrow(/Invalid signature/);
  });
});

describe("resolve()", () => {
  it("reverts OffchainLookup with the gateway URL and the resolve call, and says it supports ENSIP-10", async () => {
    expect(
      await viem.readContract({
        address: resolver,
        abi: artifact.abi,
        functionName: "supportsInterface",
        args: ["0x9061b923"],
      }),
    ).toBe(true);
    expect(
      await viem.readContract({
        address: resolver,
        abi: artifact.abi,
        functionName: "supportsInterface",
        args: ["0x01ffc9a7"],
      }),
    ).toBe(true);
    expect(
      await viem.readContract({
        address: resolver,
        abi: artifact.abi,
        functionName: "supportsInterface",
        args: ["0x3b3b57de"],
      }),
    ).toBe(false);
    const inner = textCall(NAME, "url");
    const call = encodeFunctionData({ abi: artifact.abi, functionName: "resolve", args: [dnsEncode(NAME), inner] });
    const raw = await fetch(node.rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "eth_call",
        params: [{ to: resolver, data: call }, "latest"],
      }),
    });
    const revert = ((await raw.json()) as { error: { data: Hex } }).error.data;
    const lookup = decodeErrorResult({ abi: artifact.abi, data: revert });
    expect(lookup.errorName).toBe("OffchainLookup");
    const [sender, urls, callData, callback, extra] = lookup.args as [Address, string[], Hex, Hex, Hex];
    expect(getAddress(sender)).toBe(getAddress(resolver));
    expect(urls).toEqual([`${app.baseUrl}/v1/ens/ccip/{sender}/{data}.json`]);
    expect(callData).toBe(resolveCall(NAME, inner));
    expect(callback).toBe("0xf4d4d2f8");
    expect(extra).toBe(encodeAbiParameters([{ type: "bytes" }, { type: "address" }], [callData, getAddress(resolver)]));
  });

  it("only its owner changes its signers and URL", async () => {
    const stranger = chainClients(node, 3);
    await expect(
      send(stranger, resolver, artifact.abi, "setUrl", ["http://evil.example/{sender}/{data}.json"]),
    ).rejects.toThrow();
    await expect(send(stranger, resolver, artifact.abi, "addSigners", [[stranger.account.address]])).rejects.toThrow();
    expect(
      await viem.readContract({ address: resolver, abi: artifact.abi, functionName: "signers", args: [SIGNER] }),
    ).toBe(true);
  });
});

function toCompact(signature: { r: Hex; s: Hex; yParity?: number }): Hex {
  // EIP-2098: r ‖ (yParity << 255 | s)
  const s = BigInt(signature.s) | (BigInt(signature.yParity ?? 0) << 255n);
  return `0x${signature.r.slice(2)}${s.toString(16).padStart(64, "0")}`;
}
