// ENS parents' CCIP-Read gateway over real HTTP: signed answers from the registry's records, the
// refusals EIP-3668 clients rely on (404 foreign resolver, 400 bad or unnormalised name or node),
// empty values for unset records, and an owner's edit served changed at once.
import { encode as encodeContentHash } from "@ensdomains/content-hash";
import {
  decodeAbiParameters,
  decodeFunctionResult,
  encodeFunctionData,
  hexToBytes,
  namehash,
  recoverAddress,
  zeroAddress,
  type Address,
  type Hex,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signatureHash } from "@/lib/ens/gateway-signer";
import { startTestApp, type TestApp } from "@/tests/support/app";
import {
  addrCall,
  coinCall,
  contenthashCall,
  decodeAnswer,
  dnsEncode,
  editRecords,
  ensParentOfNewPartner,
  issueSubname,
  recordAbi,
  resolveCall,
  textCall,
  type EnsParent,
} from "@/tests/support/ens-parent-fixtures";
import { newAccount } from "@/tests/support/owner-fixtures";

// A fixed signer key for this file (not one of anvil's funded keys) and a resolver address of ours.
const SIGNER_KEY: Hex = "0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318";
const SIGNER = privateKeyToAccount(SIGNER_KEY).address;
const RESOLVER: Address = "0x8464135c8f25da09e49bc8782676a84730c318bc";
const BASE_RESOLVER: Address = "0x2222222222222222222222222222222222222222";
const FOREIGN: Address = "0x1111111111111111111111111111111111111111";
const NAME = "alice.brand.eth";
const CID = "bafybeibj6lixxzqtsb45ysdjnupvqkufgdvzqbnvmhw2kf7cfkesy7r7d4";
const BTC = "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4";
const BASE = 0x80002105n;

let app: TestApp;
let parent: EnsParent;
const owner = newAccount();
const wallet = privateKeyToAccount("0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d").address;

async function ask(callData: Hex, sender: string = RESOLVER): Promise<Response> {
  return app.fetch(`/v1/ens/ccip/${sender}/${callData}.json`);
}

async function signed(callData: Hex, sender: Address = RESOLVER): Promise<Hex> {
  const res = await ask(callData, sender);
  expect(res.status, await res.clone().text()).toBe(200);
  const { data } = (await res.json()) as { data: Hex };
  const { result, expires, sig } = decodeAnswer(data);
  // Every answer is signed for the resolver that asked, over the request and the result.
  expect(await recoverAddress({ hash: signatureHash(sender, expires, callData, result), signature: sig })).toBe(SIGNER);
  expect(hexToBytes(sig).length).toBe(65);
  const now = Math.floor(Date.now() / 1000);
  expect(Number(expires)).toBeGreaterThanOrEqual(now + 290);
  expect(Number(expires)).toBeLessThanOrEqual(now + 301);
  return result;
}

beforeAll(async () => {
  app = await startTestApp({
    ENS_GATEWAY_SIGNER_KEY: SIGNER_KEY,
    ENS_RESOLVERS: `1:${RESOLVER},8453:${BASE_RESOLVER}`,
  });
  parent = await ensParentOfNewPartner("brand.eth", owner.address);
  await issueSubname(app, parent, "brand.eth", "alice", owner.address);
  await editRecords(app, owner, NAME, {
    walletAddrs: [
      { coinId: 60, addr: wallet },
      { coinId: 0, addr: BTC },
      { coinId: Number(BASE), addr: wallet },
    ],
    txtRecords: [{ key: "url", value: "https://alice.example" }],
    contentHash: `ipfs://${CID}`,
  });
}, 60_000);

afterAll(async () => {
  await app?.close();
});

describe("signed answers from the registry's records", () => {
  it("answers addr, addr(coinType), text and contenthash as GET /v1/resolve has them", async () => {
    const resolved = (await (
      await app.fetch(`/v1/resolve/${NAME}?nameservice=native`, { token: parent.adminToken })
    ).json()) as {
      wallets: { address: string; coin: string }[];
    };
    expect(resolved.wallets.map((w) => w.coin).sort()).toEqual(["BTC", "ETH", "ETH"]);

    const addr = await signed(resolveCall(NAME, addrCall(NAME)));
    expect(decodeFunctionResult({ abi: recordAbi, functionName: "addr", args: [namehash(NAME)], data: addr })).toBe(
      wallet,
    );
    const base = await signed(resolveCall(NAME, coinCall(NAME, BASE)));
    expect(decodeAbiParameters([{ type: "bytes" }], base)[0]).toBe(wallet.toLowerCase());
    const btc = await signed(resolveCall(NAME, coinCall(NAME, 0n)));
    // ENSIP-9: BTC as its output script (P2WPKH: OP_0, push 20, the key hash).
    expect(decodeAbiParameters([{ type: "bytes" }], btc)[0]).toBe("0x0014751e76e8199196d454941c45d1b3a323f1433bd6");
    const url = await signed(resolveCall(NAME, textCall(NAME, "url")));
    expect(decodeAbiParameters([{ type: "string" }], url)[0]).toBe("https://alice.example");
    const hash = await signed(resolveCall(NAME, contenthashCall(NAME)));
    expect(decodeAbiParameters([{ type: "bytes" }], hash)[0]).toBe(`0x${encodeContentHash("ipfs", CID)}`);
  });

  it("answers an unset record with its empty value, never bare 0x", async () => {
    const text = await signed(resolveCall(NAME, textCall(NAME, "avatar")));
    expect(text).not.toBe("0x");
    expect(decodeAbiParameters([{ type: "string" }], text)[0]).toBe("");
    const coin = await signed(resolveCall(NAME, coinCall(NAME, 501n)));
    expect(decodeAbiParameters([{ type: "bytes" }], coin)[0]).toBe("0x");
    // A name under the parent that the registry does not hold (never issued, revoked): every record unset.
    const nobody = "nobody.brand.eth";
    const addr = await signed(resolveCall(nobody, addrCall(nobody)));
    expect(decodeAbiParameters([{ type: "address" }], addr)[0]).toBe(zeroAddress);
  });

  it("answers a multicall of queries in one signed answer", async () => {
    const inner = encodeFunctionData({
      abi: recordAbi,
      functionName: "multicall",
      args: [[addrCall(NAME), textCall(NAME, "url"), textCall(NAME, "avatar")]],
    });
    const result = await signed(resolveCall(NAME, inner));
    const [answers] = decodeAbiParameters([{ type: "bytes[]" }], result);
    expect(decodeAbiParameters([{ type: "address" }], answers[0]!)[0]).toBe(wallet);
    expect(decodeAbiParameters([{ type: "string" }], answers[1]!)[0]).toBe("https://alice.example");
    expect(decodeAbiParameters([{ type: "string" }], answers[2]!)[0]).toBe("");
  });

  it("answers the POST form as the GET form", async () => {
    const callData = resolveCall(NAME, textCall(NAME, "url"));
    const res = await app.fetch("/v1/ens/ccip", { method: "POST", json: { sender: RESOLVER, data: callData } });
    expect(res.status).toBe(200);
    const { result } = decodeAnswer(((await res.json()) as { data: Hex }).data);
    expect(result).toBe(await signed(callData));
  });

  it("serves an owner's edit at once, though the answer was cached", async () => {
    const callData = resolveCall(NAME, textCall(NAME, "url"));
    await signed(callData);
    await signed(callData);
    await editRecords(app, owner, NAME, { txtRecords: [{ key: "url", value: "https://changed.example" }] });
    expect(decodeAbiParameters([{ type: "string" }], await signed(callData))[0]).toBe("https://changed.example");
  });
});

describe("refusals", () => {
  it("a sender that is not one of our resolvers is 404, a malformed one 400", async () => {
    const callData = resolveCall(NAME, addrCall(NAME));
    const foreign = await ask(callData, FOREIGN);
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toMatchObject({ field: "sender" });
    expect((await ask(callData, "0x1234")).status).toBe(400);
  });

  it("a node that is not the name's namehash is 400", async () => {
    const res = await ask(resolveCall(NAME, addrCall(NAME, namehash("bob.brand.eth"))));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ field: "data" });
  });

  it("a name that is not normalised is 400, and so is one that is not DNS-encoded", async () => {
    const upper = "ALICE.brand.eth";
    expect((await ask(resolveCall(upper, addrCall(upper)))).status).toBe(400);
    expect((await ask(resolveCall(NAME, addrCall(NAME), "0x05616c696365"))).status).toBe(400);
    expect((await ask(resolveCall(NAME, addrCall(NAME), dnsEncode("alice..brand.eth")))).status).toBe(400);
  });

  it("callData that is not resolve(bytes,bytes), or an unsupported query, is 400", async () => {
    expect((await ask(addrCall(NAME))).status).toBe(400);
    expect((await ask("0x9061b923zz" as Hex)).status).toBe(400);
    const unsupported = resolveCall(NAME, `0x691f3431${namehash(NAME).slice(2)}`); // name(bytes32)
    expect((await ask(unsupported)).status).toBe(400);
  });

  it("a name under no parent of ours, or under a native TLD, is 404", async () => {
    expect((await ask(resolveCall("bob.other.eth", addrCall("bob.other.eth")))).status).toBe(404);
    expect((await ask(resolveCall("alice.web3", addrCall("alice.web3")))).status).toBe(404);
  });
});

describe("GET /v1/resolve of a sub-name of our ENS parent", () => {
  // No ETH_RPC_URL here: ENS on chain is not configured (503), so an answer can only come from the registry.
  it("answers from the registry, the records the gateway signs, without asking a chain", async () => {
    const res = await app.fetch(`/v1/resolve/${NAME}`, { token: parent.adminToken });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { nameService: string; domain: string; wallets: { address: string }[] };
    expect(body.nameService).toBe("ens");
    expect(body.domain).toBe(NAME);
    const native = await (
      await app.fetch(`/v1/resolve/${NAME}?nameservice=native`, { token: parent.adminToken })
    ).json();
    expect({ ...body, nameService: "native" }).toEqual(native);
    const addr = await signed(resolveCall(NAME, addrCall(NAME)));
    expect(body.wallets.map((w) => w.address)).toContain(decodeAbiParameters([{ type: "address" }], addr)[0]);
  });

  it("is 404 for a name under the parent that nobody was issued, and 503 (the chain) for other ENS names", async () => {
    expect((await app.fetch("/v1/resolve/nobody.brand.eth", { token: parent.adminToken })).status).toBe(404);
    expect((await app.fetch("/v1/resolve/vitalik.eth", { token: parent.adminToken })).status).toBe(503);
  });
});

it("GET /v1/ens/gateway tells the signer, the URL template and our resolvers", async () => {
  const res = await app.fetch("/v1/ens/gateway");
  expect(res.status).toBe(200);
  const body = (await res.json()) as { signers: string[]; url: string; resolvers: unknown[] };
  expect(body.signers).toEqual([SIGNER]);
  expect(body.url).toMatch(/^http:\/\/[^/]+\/v1\/ens\/ccip\/\{sender\}\/\{data\}\.json$/);
  expect(body.resolvers).toEqual([
    { chainId: 1, address: RESOLVER },
    { chainId: 8453, address: BASE_RESOLVER },
  ]);
});
