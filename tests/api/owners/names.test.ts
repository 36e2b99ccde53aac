// The owner API on names: listing, record edits, transfer and primary name, each seen through
// forward and reverse resolution at once (on every instance with TEST_INSTANCES=2).
import { randomUUID } from "node:crypto";
import type { PrivateKeyAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "@/lib/db";
import { createPartner } from "@/lib/partners/create-partner";
import { startTestApp, type TestApp } from "@/tests/support/app";
import { BTC_WALLET } from "@/tests/support/market-fixtures";
import { ethWallet, newAccount, registerOwned, signIn } from "@/tests/support/owner-fixtures";

let app: TestApp;
let partnerToken: string;

beforeAll(async () => {
  app = await startTestApp();
  await db().tld.createMany({ data: [{ name: "web3" }, { name: "meta" }], skipDuplicates: true });
  partnerToken = (await createPartner("Owner names tests")).token.value;
});
afterAll(() => app.close());

const DAY = 86_400_000;
const CID = "bafybeibj6lixxzqtsb45ysdjnupvqkufgdvzqbnvmhw2kf7cfkesy7r7d4";
const IPNS = "k51qzi5uqu5dlvj2baxnqndepeb86cbk3ng7n3i46uzyxzyqj2xjonzllnv0v8";

const fresh = (prefix: string) => `${prefix}${randomUUID().slice(0, 8)}.web3`;

async function owned(prefix: string, options: Parameters<typeof registerOwned>[2] = {}) {
  const account = newAccount();
  const name = fresh(prefix);
  await registerOwned(name, account.address, options);
  return { account, name, token: await signIn(app, account) };
}

const putRecords = (name: string, token: string, json: unknown) =>
  app.fetch(`/v1/owner/names/${encodeURIComponent(name)}/records`, { method: "PUT", token, json });
const resolve = (name: string) => app.fetch(`/v1/resolve/${encodeURIComponent(name)}`, { token: partnerToken });
const reverse = (address: string) => app.fetch(`/v1/reverse/${address}`, { token: partnerToken });
const list = async (token: string, query = "") =>
  (await (await app.fetch(`/v1/owner/names${query}`, { token })).json()) as {
    names: { name: string; state: string; inGrace: boolean; expiresAt: string | null; primary: boolean }[];
    nextPaginationToken: string;
  };

describe("GET /v1/owner/names", () => {
  test("names by name with expiry and grace state; names past grace are no longer listed; keyset pages", async () => {
    const account = newAccount();
    const soon = new Date(Date.now() + 30 * DAY);
    await registerOwned("listc.web3", account.address, { expiresAt: soon });
    await registerOwned("lista.web3", account.address, { expiresAt: new Date(Date.now() - 5 * DAY) });
    await registerOwned("listb.web3", account.address, { expiresAt: null });
    await registerOwned("listd.web3", account.address, { expiresAt: new Date(Date.now() - 31 * DAY) });
    const token = await signIn(app, account);

    const all = await list(token);
    expect(all.names.map((n) => [n.name, n.state, n.inGrace])).toEqual([
      ["lista.web3", "grace", true],
      ["listb.web3", "active", false],
      ["listc.web3", "active", false],
    ]);
    expect(all.names[2].expiresAt).toBe(soon.toISOString());
    expect(all.names[1].expiresAt).toBeNull();
    expect(all.nextPaginationToken).toBe("");

    const first = await list(token, "?pageSize=2");
    expect(first.names.map((n) => n.name)).toEqual(["lista.web3", "listb.web3"]);
    const second = await list(token, `?pageSize=2&pageToken=${first.nextPaginationToken}`);
    expect(second.names.map((n) => n.name)).toEqual(["listc.web3"]);
    expect(second.nextPaginationToken).toBe("");

    // A page token is this owner's: forged or carried to another owner's list, 400.
    const other = await signIn(app, newAccount());
    for (const [pageToken, who] of [
      [first.nextPaginationToken, other],
      [`${first.nextPaginationToken.slice(0, -2)}xx`, token],
      ["garbage", token],
    ]) {
      const res = await app.fetch(`/v1/owner/names?pageToken=${pageToken}`, { token: who });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ field: "pageToken" });
    }
    const bad = await app.fetch("/v1/owner/names?pageSize=201", { token });
    expect(bad.status).toBe(400);
  });
});

describe("PUT /v1/owner/names/{name}/records", () => {
  test("each set present replaces that set, and resolution answers the new records at once", async () => {
    const { account, name, token } = await owned("records", { wallets: [ethWallet(newAccount().address)] });
    // A cached answer exists before the edit (answers are kept from a name's second ask).
    for (let i = 0; i < 2; i++) expect((await resolve(name)).status).toBe(200);

    const res = await putRecords(name, token, {
      walletAddrs: [
        { coinId: 60, addr: account.address },
        { coinId: 0, addr: BTC_WALLET },
      ],
      txtRecords: [
        { key: "url", value: "https://example.com" },
        { key: "description", value: "Two\nlines" },
      ],
      dnsRecords: [
        { type: "A", name: "@", value: "192.0.2.7", ttl: 300 },
        { type: "CNAME", name: `www.${name}`, value: name, ttl: 3600 },
        { type: "MX", name, value: "10 mail.example.com", ttl: 3600 },
      ],
      contentHash: `ipfs://${CID}`,
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    const resolved = await (await resolve(name)).json();
    expect(resolved).toEqual(body);
    expect(resolved).toMatchObject({
      domain: name,
      ownerAddress: account.address,
      contentHash: `ipfs://${CID}`,
      txtRecords: [
        { key: "description", value: "Two\nlines" },
        { key: "url", value: "https://example.com" },
      ],
      wallets: [
        { coin: "BTC", version: "NATIVE", address: BTC_WALLET },
        { coin: "ETH", version: "NATIVE", address: account.address },
      ],
    });
    expect(resolved.dnsRecords).toEqual([
      { name, ttl: 300, type: "A", value: "192.0.2.7" },
      { name: `www.${name}`, ttl: 3600, type: "CNAME", value: name },
      { name, ttl: 3600, type: "MX", value: "10 mail.example.com" },
    ]);

    // Only the text records change; the rest stays.
    const texts = await putRecords(name, token, { txtRecords: [{ key: "email", value: "me@example.com" }] });
    expect(texts.status).toBe(200);
    const after = await (await resolve(name)).json();
    expect(after.txtRecords).toEqual([{ key: "email", value: "me@example.com" }]);
    expect(after.wallets).toEqual(resolved.wallets);
    expect(after.contentHash).toBe(`ipfs://${CID}`);

    // Empty sets and an empty content hash remove them.
    expect((await putRecords(name, token, { dnsRecords: [], contentHash: "", walletAddrs: [] })).status).toBe(200);
    expect(await (await resolve(name)).json()).toMatchObject({ dnsRecords: [], contentHash: "", wallets: [] });
    expect((await putRecords(name, token, { contentHash: `ipns://${IPNS}` })).status).toBe(200);
    expect((await (await resolve(name)).json()).contentHash).toBe(`ipns://${IPNS}`);
  });

  test("an edit of the ETH record changes reverse resolution at once", async () => {
    const { account, name, token } = await owned("revedit", { wallets: [ethWallet(newAccount().address)] });
    expect((await putRecords(name, token, { walletAddrs: [{ coinId: 60, addr: account.address }] })).status).toBe(200);
    expect((await app.fetch("/v1/owner/reverse", { method: "PUT", token, json: { name } })).status).toBe(200);
    expect(((await (await reverse(account.address)).json()) as { domain: string }).domain).toBe(name);
    const elsewhere = newAccount().address;
    expect((await putRecords(name, token, { walletAddrs: [{ coinId: 60, addr: elsewhere }] })).status).toBe(200);
    expect((await reverse(account.address)).status).toBe(404);
    expect((await putRecords(name, token, { walletAddrs: [{ coinId: 60, addr: account.address }] })).status).toBe(200);
    expect(((await (await reverse(account.address)).json()) as { domain: string }).domain).toBe(name);
  });

  test("addresses are checked by each coin's codec", async () => {
    const { name, token } = await owned("codec");
    const cases: [number, string][] = [
      [60, BTC_WALLET],
      [60, "0x123"],
      [0, "0x8ba1f109551bD432803012645Ac136ddd64DBA72"],
      [0, "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdX"],
      [501, "0x8ba1f109551bD432803012645Ac136ddd64DBA72"],
      [2, "not-litecoin"],
    ];
    for (const [coinId, addr] of cases) {
      const res = await putRecords(name, token, { walletAddrs: [{ coinId, addr }] });
      expect(res.status, `${coinId} ${addr}`).toBe(400);
      expect(await res.json()).toMatchObject({ field: "walletAddrs.0.addr" });
    }
    const unknownCoin = await putRecords(name, token, { walletAddrs: [{ coinId: 999999, addr: "x" }] });
    expect(unknownCoin.status).toBe(400);
    const twice = await putRecords(name, token, {
      walletAddrs: [
        { coinId: 0, addr: BTC_WALLET },
        { coinId: 0, addr: BTC_WALLET },
      ],
    });
    expect(twice.status).toBe(400);
    expect(await twice.json()).toMatchObject({ field: "walletAddrs.1.coinId" });
    expect((await (await resolve(name)).json()).wallets).toEqual([]);
  });

  test("too many records and over-long values are 400 and change nothing", async () => {
    const { name, token } = await owned("limits");
    const before = await (await resolve(name)).json();
    const cases: [unknown, string][] = [
      [{ txtRecords: Array.from({ length: 51 }, (_, i) => ({ key: `k${i}`, value: "v" })) }, "txtRecords"],
      [
        {
          dnsRecords: Array.from({ length: 51 }, (_, i) => ({ type: "A", name: "@", value: `192.0.2.${i}`, ttl: 60 })),
        },
        "dnsRecords",
      ],
      [
        {
          walletAddrs: Array.from({ length: 33 }, (_, i) => ({
            coinId: 0x80000000 + i + 1,
            addr: newAccount().address,
          })),
        },
        "walletAddrs",
      ],
      [{ txtRecords: [{ key: "k", value: "v".repeat(1025) }] }, "txtRecords.0.value"],
      [{ txtRecords: [{ key: "k".repeat(101), value: "v" }] }, "txtRecords.0.key"],
      [{ txtRecords: [{ key: "has space", value: "v" }] }, "txtRecords.0.key"],
      [{ txtRecords: [{ key: "k", value: "bell\u0007" }] }, "txtRecords.0.value"],
      [
        {
          txtRecords: [
            { key: "k", value: "a" },
            { key: "k", value: "b" },
          ],
        },
        "txtRecords.1.key",
      ],
      [{ dnsRecords: [{ type: "TXT", name: "@", value: "x".repeat(1025), ttl: 60 }] }, "dnsRecords.0.value"],
      [{ contentHash: `ipfs://${"Q".repeat(300)}` }, "contentHash"],
    ];
    for (const [body, field] of cases) {
      const res = await putRecords(name, token, body);
      expect(res.status, field).toBe(400);
      expect(((await res.json()) as { field: string }).field, JSON.stringify(body).slice(0, 80)).toBe(field);
    }
    expect(await (await resolve(name)).json()).toEqual(before);
  });

  test("DNS records are checked by type, and only for the name and names under it", async () => {
    const { name, token } = await owned("dns");
    const cases: [unknown, string][] = [
      [{ type: "A", name: "@", value: "192.0.2.300", ttl: 60 }, "dnsRecords.0.value"],
      [{ type: "A", name: "@", value: "2001:db8::1", ttl: 60 }, "dnsRecords.0.value"],
      [{ type: "AAAA", name: "@", value: "192.0.2.1", ttl: 60 }, "dnsRecords.0.value"],
      [{ type: "MX", name: "@", value: "mail.example.com", ttl: 60 }, "dnsRecords.0.value"],
      [{ type: "CNAME", name: "@", value: "not a host", ttl: 60 }, "dnsRecords.0.value"],
      [{ type: "PTR", name: "@", value: "x.example.com", ttl: 60 }, "dnsRecords.0.type"],
      [{ type: "A", name: "@", value: "192.0.2.1", ttl: 59 }, "dnsRecords.0.ttl"],
      [{ type: "A", name: "@", value: "192.0.2.1", ttl: 1.5 }, "dnsRecords.0.ttl"],
      [{ type: "A", name: "alice.web3", value: "192.0.2.1", ttl: 60 }, "dnsRecords.0.name"],
      [{ type: "A", name: `x${name}`, value: "192.0.2.1", ttl: 60 }, "dnsRecords.0.name"],
    ];
    for (const [record, field] of cases) {
      const res = await putRecords(name, token, { dnsRecords: [record] });
      expect(res.status, JSON.stringify(record)).toBe(400);
      expect(((await res.json()) as { field: string }).field).toBe(field);
    }
    const cname = await putRecords(name, token, {
      dnsRecords: [
        { type: "CNAME", name: "@", value: "host.example.com", ttl: 60 },
        { type: "A", name: "@", value: "192.0.2.1", ttl: 60 },
      ],
    });
    expect(cname.status).toBe(400);
    expect(await cname.json()).toMatchObject({ field: "dnsRecords.0.type" });
  });

  test("content hashes are checked: only valid ipfs and ipns URIs", async () => {
    const { name, token } = await owned("hash");
    for (const contentHash of ["ipfs://notacid", "https://example.com", "ipns://app.uniswap.org", `bzz://${CID}`]) {
      const res = await putRecords(name, token, { contentHash });
      expect(res.status, contentHash).toBe(400);
      expect(await res.json()).toMatchObject({ field: "contentHash" });
    }
  });

  test("bad bodies: empty, unknown field, not JSON", async () => {
    const { name, token } = await owned("bodies");
    expect((await putRecords(name, token, {})).status).toBe(400);
    const unknown = await putRecords(name, token, { owner: "me" });
    expect(unknown.status).toBe(400);
    const text = await app.fetch(`/v1/owner/names/${name}/records`, {
      method: "PUT",
      token,
      body: "{",
      headers: { "content-type": "application/json" },
    });
    expect(text.status).toBe(400);
  });

  test("another address's name is 403 and unchanged; an unknown name 404; an invalid one 400", async () => {
    const victim = await owned("victim", { wallets: [ethWallet("0x8ba1f109551bD432803012645Ac136ddd64DBA72")] });
    const before = await (await resolve(victim.name)).json();
    const attacker = await signIn(app, newAccount());
    const res = await putRecords(victim.name, attacker, { walletAddrs: [] });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ field: "Authorization" });
    expect(await (await resolve(victim.name)).json()).toEqual(before);
    expect((await putRecords(fresh("nobody"), attacker, { walletAddrs: [] })).status).toBe(404);
    const invalid = await putRecords("bad\u200dname.web3", attacker, { walletAddrs: [] });
    expect(invalid.status).toBe(400);
  });

  test("a name in its grace period is 409 until it is renewed", async () => {
    const { name, token } = await owned("grace", { expiresAt: new Date(Date.now() - DAY) });
    const res = await putRecords(name, token, { txtRecords: [] });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { info: string }).info).toMatch(/renew it/);
    expect((await resolve(name)).status).toBe(404);
  });
});

describe("PUT /v1/owner/names/{name}/owner", () => {
  test("the new owner lists and edits it; the old owner can no longer; resolution shows the new owner", async () => {
    const { account, name, token } = await owned("transfer");
    const buyer: PrivateKeyAccount = newAccount();
    const buyerToken = await signIn(app, buyer);
    expect((await resolve(name)).status).toBe(200);

    const res = await app.fetch(`/v1/owner/names/${name}/owner`, {
      method: "PUT",
      token,
      json: { ownerAddress: buyer.address.toLowerCase() },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ domain: name, ownerAddress: buyer.address });
    expect(((await (await resolve(name)).json()) as { ownerAddress: string }).ownerAddress).toBe(buyer.address);

    expect((await list(buyerToken)).names.map((n) => n.name)).toContain(name);
    expect((await list(token)).names.map((n) => n.name)).not.toContain(name);
    expect((await putRecords(name, token, { txtRecords: [] })).status).toBe(403);
    expect((await putRecords(name, buyerToken, { txtRecords: [{ key: "k", value: "v" }] })).status).toBe(200);
    // The old owner never chose it as primary name: no reverse answer before or after.
    expect((await reverse(account.address)).status).toBe(404);
  });

  test("an invalid new owner is 400; another address's name 403", async () => {
    const { name, token } = await owned("badtransfer");
    for (const ownerAddress of ["0x123", "0x8BA1f109551bD432803012645Ac136ddd64DBA72", "", 42]) {
      const res = await app.fetch(`/v1/owner/names/${name}/owner`, { method: "PUT", token, json: { ownerAddress } });
      expect(res.status, String(ownerAddress)).toBe(400);
      expect(await res.json()).toMatchObject({ field: "ownerAddress" });
    }
    const stranger = await signIn(app, newAccount());
    const res = await app.fetch(`/v1/owner/names/${name}/owner`, {
      method: "PUT",
      token: stranger,
      json: { ownerAddress: newAccount().address },
    });
    expect(res.status).toBe(403);
  });
});

describe("PUT /v1/owner/reverse", () => {
  test("a name whose ETH record is the address becomes its primary name; null clears it", async () => {
    const account = newAccount();
    const older = fresh("primarya");
    const newer = fresh("primaryb");
    await registerOwned(older, account.address, { wallets: [ethWallet(account.address)] });
    await registerOwned(newer, account.address, { wallets: [ethWallet(account.address)] });
    const token = await signIn(app, account);
    // Without a primary name nothing answers: owning a name that points back is not choosing it.
    expect((await reverse(account.address)).status).toBe(404);

    const set = await app.fetch("/v1/owner/reverse", { method: "PUT", token, json: { name: older } });
    expect(set.status).toBe(200);
    expect(await set.json()).toEqual({ address: account.address, name: older });
    expect(((await (await reverse(account.address)).json()) as { domain: string }).domain).toBe(older);
    expect((await list(token)).names.find((n) => n.name === older)?.primary).toBe(true);

    const cleared = await app.fetch("/v1/owner/reverse", { method: "PUT", token, json: { name: null } });
    expect(await cleared.json()).toEqual({ address: account.address, name: null });
    expect((await reverse(account.address)).status).toBe(404);
  });

  test("refused unless the name's ETH record is the address, and while it is expired", async () => {
    const account = newAccount();
    const token = await signIn(app, account);
    const noEth = fresh("noeth");
    await registerOwned(noEth, account.address);
    const otherEth = fresh("othereth");
    await registerOwned(otherEth, account.address, { wallets: [ethWallet(newAccount().address)] });
    const expired = fresh("expiredprimary");
    await registerOwned(expired, account.address, {
      wallets: [ethWallet(account.address)],
      expiresAt: new Date(Date.now() - DAY),
    });
    for (const name of [noEth, otherEth, expired]) {
      const res = await app.fetch("/v1/owner/reverse", { method: "PUT", token, json: { name } });
      expect(res.status, name).toBe(409);
      expect(await res.json()).toMatchObject({ field: "name" });
    }
    expect(
      (await app.fetch("/v1/owner/reverse", { method: "PUT", token, json: { name: fresh("missing") } })).status,
    ).toBe(404);
    expect((await app.fetch("/v1/owner/reverse", { method: "PUT", token, json: {} })).status).toBe(400);
    // A name is judged as sent: surrounding spaces are not trimmed away.
    const spaced = fresh("spacedprimary");
    await registerOwned(spaced, account.address, { wallets: [ethWallet(account.address)] });
    const padded = await app.fetch("/v1/owner/reverse", { method: "PUT", token, json: { name: ` ${spaced}` } });
    expect(padded.status).toBe(400);
    expect(await padded.json()).toMatchObject({ field: "name" });
    expect((await reverse(account.address)).status).toBe(404);
  });
});
