// The pages' anonymous lookups (/api/lookup/...): no token, the same answers and cache as
// endpoints 1 and 2, limited per client address, readable by our own pages only.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createPartner } from "@/lib/partners/create-partner";
import { ALICE_OWNER } from "@/lib/registry/demo-data";
import { seedDemoData } from "@/lib/registry/seed";
import { startTestApp, type TestApp } from "@/tests/support/app";
import { newAccount, registerOwned, signIn } from "@/tests/support/owner-fixtures";

const LIMIT = 6;
const severalInstances = process.env.TEST_INSTANCES === "2";
let app: TestApp;
let partnerToken: string;
let addressCount = 0;
// Each test is its own client (TRUST_PROXY=1 takes the last X-Forwarded-For entry).
const freshClient = () => ({ "x-forwarded-for": `203.0.113.${++addressCount}` });

beforeAll(async () => {
  app = await startTestApp({
    TRUST_PROXY: true,
    RATE_LIMIT_LOOKUP_PER_ADDRESS: LIMIT,
    // A window this long has no boundary anywhere near the run, so counts are not raced by the clock.
    RATE_LIMIT_WINDOW_SECONDS: 10 * 365 * 86_400,
  });
  await seedDemoData();
  partnerToken = (await createPartner("Lookup tests")).token.value;
});
afterAll(() => app.close());

describe("anonymous lookups", () => {
  test("forward and reverse answers without a token equal the partner API's", async () => {
    const headers = freshClient();
    for (const [anonymous, partner] of [
      ["/api/lookup/resolve/alice.web3", "/v1/resolve/alice.web3"],
      ["/api/lookup/resolve/ALICE.web3?coins=ETH,BTC", "/v1/resolve/ALICE.web3?coins=ETH,BTC"],
      [`/api/lookup/reverse/${ALICE_OWNER}`, `/v1/reverse/${ALICE_OWNER}`],
    ]) {
      const res = await app.fetch(anonymous, { headers });
      expect(res.status, anonymous).toBe(200);
      const body = await res.json();
      expect(body).toEqual(await (await app.fetch(partner, { token: partnerToken })).json());
      expect(JSON.stringify(body)).not.toMatch(/eyJ/);
    }
    const alice = await (await app.fetch("/api/lookup/resolve/alice.web3", { headers: freshClient() })).json();
    expect(alice.wallets.length).toBeGreaterThan(0);
    expect(alice.ownerAddress).toBe(ALICE_OWNER);
  });

  test("errors in the endpoints' ErrorResponse form: unknown 404, bad query 400", async () => {
    const headers = freshClient();
    const unknown = await app.fetch("/api/lookup/resolve/nobody-here.web3", { headers });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ field: "domain" });
    const badCoins = await app.fetch("/api/lookup/resolve/alice.web3?coins=NOPE", { headers });
    expect(badCoins.status).toBe(400);
    expect(await badCoins.json()).toMatchObject({ field: "coins" });
    const badAddress = await app.fetch("/api/lookup/reverse/0x123", { headers });
    expect(badAddress.status).toBe(400);
    expect(await badAddress.json()).toMatchObject({ field: "address" });
  });

  test("an owner's edit is seen by the anonymous lookup at once", async () => {
    const owner = newAccount();
    const name = `lookupedit${Date.now()}.web3`;
    await registerOwned(name, owner.address);
    const headers = freshClient();
    expect((await (await app.fetch(`/api/lookup/resolve/${name}`, { headers })).json()).txtRecords).toEqual([]);
    const token = await signIn(app, owner);
    const edit = await app.fetch(`/v1/owner/names/${name}/records`, {
      method: "PUT",
      token,
      json: { txtRecords: [{ key: "url", value: "https://example.org" }] },
    });
    expect(edit.status).toBe(200);
    expect((await (await app.fetch(`/api/lookup/resolve/${name}`, { headers })).json()).txtRecords).toEqual([
      { key: "url", value: "https://example.org" },
    ]);
  });

  test("no other origin may read them (tests/security/resolution/lookup-origin.test.ts: nor call them)", async () => {
    const res = await app.fetch("/api/lookup/resolve/alice.web3", {
      headers: { ...freshClient(), origin: "https://elsewhere.example" },
    });
    expect(res.status).toBe(403);
    expect(res.headers.get("access-control-allow-origin")).toBeNull();
  });

  test.skipIf(severalInstances)("limited per client address; a partner token's quota is its own", async () => {
    const headers = freshClient();
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 2; i++)
      statuses.push((await app.fetch("/api/lookup/resolve/alice.web3", { headers })).status);
    expect(statuses).toEqual([...Array<number>(LIMIT).fill(200), 429, 429]);
    const refused = await app.fetch(`/api/lookup/reverse/${ALICE_OWNER}`, { headers });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ field: "rate", info: expect.stringMatching(/per client address/) });
    // A header the client adds in front of the proxy's does not make it another client.
    const spoofed = await app.fetch("/api/lookup/resolve/alice.web3", {
      headers: { "x-forwarded-for": `198.18.0.1, ${headers["x-forwarded-for"]}` },
    });
    expect(spoofed.status).toBe(429);
    // Another visitor, and the same visitor with a partner token on /v1, are not affected.
    expect((await app.fetch("/api/lookup/resolve/alice.web3", { headers: freshClient() })).status).toBe(200);
    expect((await app.fetch("/v1/resolve/alice.web3", { headers, token: partnerToken })).status).toBe(200);
  });
});
