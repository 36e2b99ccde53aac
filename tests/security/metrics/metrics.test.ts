// Issue 31 item 7, over real HTTP on every server: GET /metrics answers Prometheus' text format to
// this machine or to an operator token, and to nobody else: not a partner's token, not an owner's
// session, not a client behind a proxy. What it reports follows what the service did.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "@/lib/db";
import { signOperatorToken } from "@/lib/operator/operator-token";
import { registerName } from "@/lib/registry/register-name";
import { startTestApp, type TestApp } from "@/tests/support/app";
import { ETH_WALLET, OWNER, seedCatalogue } from "@/tests/support/market-fixtures";
import { newAccount, signIn } from "@/tests/support/owner-fixtures";

let app: TestApp;
let adminToken: string;
let partnerId: string;

beforeAll(async () => {
  app = await startTestApp({ TRUST_PROXY: true, UNPAID_HOLDS_PER_CLIENT: 0, UNPAID_HOLDS_PER_OWNER: 0 });
  ({ adminToken, partnerId } = await seedCatalogue());
});
afterAll(() => app?.close());

const metrics = (headers: Record<string, string> = {}) => app.fetch("/metrics", { headers });

/** The value of one sample line, `name{labels} value` (`name value` without labels), or undefined. */
function sample(text: string, name: string, labels = ""): number | undefined {
  const head = labels === "" ? `${name} ` : `${name}{${labels}} `;
  const line = text.split("\n").find((l) => l.startsWith(head));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(" ") + 1));
}

describe("who may read /metrics", () => {
  test("this machine: 200 in Prometheus' text format, never cached", async () => {
    const res = await metrics();
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.text()).toMatch(/^# HELP namesvc_http_requests_total /m);
  });

  test("a client behind the proxy, from another address: 401", async () => {
    const res = await metrics({ "x-forwarded-for": "203.0.113.9" });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ field: "Authorization", info: expect.stringContaining("operator token") });
  });

  test("the same client with an operator token: 200", async () => {
    const { token } = signOperatorToken(1);
    const res = await metrics({ "x-forwarded-for": "203.0.113.9", authorization: `Bearer ${token}` });
    expect(res.status).toBe(200);
  });

  test("partner and owner tokens, expired or forged operator tokens: 401, even from loopback", async () => {
    const owner = await signIn(app, newAccount());
    const { token: expired } = signOperatorToken(1, Date.now() - 2 * 86_400_000);
    const [head, payload] = signOperatorToken(1).token.split(".");
    const forged = `${head}.${payload}.${"A".repeat(43)}`;
    for (const credential of [adminToken, owner, expired, forged, "garbage"]) {
      const res = await metrics({ authorization: `Bearer ${credential}` });
      expect(res.status, credential.slice(0, 20)).toBe(401);
    }
  });
});

describe("what /metrics reports", () => {
  test("requests by route and status, orders by state, cache reads", async () => {
    const before = await (await metrics()).text();
    const resolveOk = 'method="GET",route="/v1/resolve/{domain}",status="404"';
    const countBefore = sample(before, "namesvc_http_requests_total", resolveOk) ?? 0;
    for (let i = 0; i < 3; i++)
      await app.fetch(`/v1/resolve/nobody${randomUUID().slice(0, 6)}.web3`, { token: adminToken });
    const bought = await app.fetch("/v1/market/purchase", {
      method: "POST",
      json: {
        checkoutId: randomUUID(),
        domain: `metric${randomUUID().slice(0, 8)}.web3`,
        ownerAddress: OWNER,
        walletAddrs: [{ coinId: 60, addr: ETH_WALLET }],
        years: 1,
      },
    });
    expect(bought.status).toBe(200);

    const after = await (await metrics()).text();
    expect(sample(after, "namesvc_http_requests_total", resolveOk)).toBe(countBefore + 3);
    expect(
      sample(after, "namesvc_http_requests_total", 'method="POST",route="/v1/market/purchase",status="200"'),
    ).toBeGreaterThanOrEqual(1);
    expect(sample(after, "namesvc_orders", 'kind="PURCHASE",status="PENDING"')).toBeGreaterThanOrEqual(1);
    expect(after).toMatch(/^namesvc_response_cache_reads_total\{result="miss"\} \d+/m);
    expect(after).toMatch(/^namesvc_stripe_call_failures_total \d+/m);
  });

  test("record queries and the names they carried: each name never asked before is read once", async () => {
    const names = Array.from({ length: 3 }, () => `counted${randomUUID().slice(0, 8)}.web3`);
    for (const name of names)
      await db().$transaction((tx) => registerName(tx, { name, ownerAddress: OWNER, partnerId }));
    const before = await (await metrics()).text();
    for (const name of names) expect((await app.fetch(`/v1/resolve/${name}`, { token: adminToken })).status).toBe(200);
    const after = await (await metrics()).text();
    const grew = (metric: string) => (sample(after, metric) ?? NaN) - (sample(before, metric) ?? NaN);
    // One after another, so each name is a query of its own; a name answered from a kept answer
    // or refused without a query would not be counted.
    expect(grew("namesvc_record_query_names_total")).toBe(3);
    expect(grew("namesvc_record_queries_total")).toBe(3);
  });
});
