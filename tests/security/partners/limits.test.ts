import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "@/lib/db";
import { createAccessToken } from "@/lib/partners/access-tokens";
import { createPartner } from "@/lib/partners/create-partner";
import { startTestApp, type TestApp } from "@/tests/support/app";
import { startDnsServer, type DnsTestServer } from "@/tests/support/dns-server";
import { inOneWindow, TEST_WINDOW_SECONDS } from "../support/window";

// Issue 32, item 3: limits are per partner (a new token is no new budget), a partner holds at most
// ACCESS_TOKENS_PER_PARTNER live tokens, and outbound lookups are charged by what they cost.

const RESOLVE_LIMIT = 120;
// Two instances each count in memory between flushes (lib/http/rate-limit.ts), so exact counts
// hold on one server only; the token bound is the database's and holds everywhere.
const countsApart = process.env.TEST_INSTANCES === "2";
let app: TestApp;
let dns: DnsTestServer;

beforeAll(async () => {
  dns = await startDnsServer({ "known.test": [{ type: "A", ttl: 300, address: "192.0.2.1" }] });
  app = await startTestApp({
    RATE_LIMIT_RESOLVE_PER_TOKEN: RESOLVE_LIMIT,
    RATE_LIMIT_WINDOW_SECONDS: TEST_WINDOW_SECONDS,
    DNS_SERVERS: dns.address,
  });
});
afterAll(async () => {
  await app?.close();
  await dns?.stop();
});

const hour = 3_600_000;
const token = async (partnerId: string, type: "ADMIN" | "CUSTOMER" = "CUSTOMER") =>
  (
    await createAccessToken(partnerId, {
      label: "t",
      type,
      validFrom: new Date(Date.now() - 60_000),
      validTill: new Date(Date.now() + hour),
    })
  ).value;

describe.skipIf(countsApart)("one budget per partner", () => {
  test("50 tokens of one partner draw on one resolution budget; another partner's is untouched", () =>
    inOneWindow(async () => {
      const { partner, token: first } = await createPartner(`Shared ${Date.now()}`);
      const tokens = [first.value];
      while (tokens.length < 50) tokens.push(await token(partner.id));
      const remaining: number[] = [];
      for (const value of tokens) {
        const res = await app.fetch("/v1/resolve/alice.web3?nameservice=native", { token: value });
        expect(res.status).toBe(404);
        remaining.push(Number(res.headers.get("ratelimit-remaining")));
      }
      expect(remaining).toEqual(Array.from({ length: 50 }, (_, i) => RESOLVE_LIMIT - 1 - i));

      const batch = await app.fetch("/v1/resolve", {
        method: "POST",
        token: tokens[7],
        json: { names: Array.from({ length: RESOLVE_LIMIT - 50 }, () => "alice.web3"), nameservice: "native" },
      });
      expect(batch.status).toBe(200);
      expect(batch.headers.get("ratelimit-remaining")).toBe("0");
      // Spent for every token of the partner.
      for (const value of [tokens[0], tokens[49]]) {
        const refused = await app.fetch("/v1/resolve/alice.web3", { token: value });
        expect(refused.status).toBe(429);
        expect(await refused.json()).toEqual({
          field: "rate",
          info: expect.stringContaining("per partner (all its access tokens together)"),
        });
      }
      const other = await createPartner(`Other ${Date.now()}`);
      const fresh = await app.fetch("/v1/resolve/alice.web3?nameservice=native", { token: other.token.value });
      expect(fresh.status).toBe(404);
      expect(fresh.headers.get("ratelimit-remaining")).toBe(String(RESOLVE_LIMIT - 1));
    }));
});

describe("ACCESS_TOKENS_PER_PARTNER", () => {
  test("the 51st live token is 409 and nothing is written; an expired token does not count", async () => {
    const { partner, token: admin } = await createPartner(`Many ${Date.now()}`);
    // An expired token of the partner: not live, so not counted.
    await db().accessToken.create({
      data: {
        id: crypto.randomUUID(),
        partnerId: partner.id,
        label: "old",
        type: "CUSTOMER",
        validFrom: new Date(Date.now() - 2 * hour),
        validTill: new Date(Date.now() - hour),
        hint: "xxxxxx",
      },
    });
    const create = (label: string) =>
      app.fetch("/v1/partner/access-token", {
        method: "POST",
        token: admin.value,
        json: { label, validFrom: new Date().toISOString(), validTill: new Date(Date.now() + hour).toISOString() },
      });
    for (let i = 1; i < 50; i++) expect((await create(`t${i}`)).status).toBe(201);
    expect(await db().accessToken.count({ where: { partnerId: partner.id } })).toBe(51);

    const refused = await create("t50");
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      errors: [{ field: "body", info: expect.stringContaining("already has 50 live access tokens") }],
    });
    expect(await db().accessToken.count({ where: { partnerId: partner.id } })).toBe(51);

    const listed = (await (await app.fetch("/v1/partner/access-token", { token: admin.value })).json()) as {
      id: string;
      label: string;
    }[];
    const deleted = await app.fetch("/v1/partner/access-token", {
      method: "DELETE",
      token: admin.value,
      json: { id: listed.find((t) => t.label === "t1")!.id },
    });
    expect(deleted.status).toBe(204);
    expect((await create("t50")).status).toBe(201);
  });

  test("concurrent creations never pass the bound", async () => {
    const { partner, token: admin } = await createPartner(`Race ${Date.now()}`);
    for (let i = 1; i < 45; i++) await token(partner.id);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        app.fetch("/v1/partner/access-token", {
          method: "POST",
          token: admin.value,
          json: {
            label: `r${i}`,
            validFrom: new Date().toISOString(),
            validTill: new Date(Date.now() + hour).toISOString(),
          },
        }),
      ),
    );
    expect(answers.filter((res) => res.status === 201)).toHaveLength(5);
    expect(answers.filter((res) => res.status === 409)).toHaveLength(7);
    expect(await db().accessToken.count({ where: { partnerId: partner.id } })).toBe(50);
  });
});

describe.skipIf(countsApart)("outbound lookups are charged by what they cost", () => {
  test("a batch of unknown ICANN names costs one per name plus one per DNS query it made", () =>
    inOneWindow(async () => {
      const { token: admin } = await createPartner(`Dns ${Date.now()}`);
      const asked = () => [...dns.queries.values()].reduce((sum, n) => sum + n, 0);
      const before = asked();
      const names = Array.from({ length: 5 }, (_, i) => `unknown${i}-${Date.now()}.test`);
      const res = await app.fetch("/v1/resolve", {
        method: "POST",
        token: admin.value,
        json: { names, nameservice: "icann" },
      });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { results: { status: number }[] };
      expect(body.results.map((r) => r.status)).toEqual([404, 404, 404, 404, 404]);
      const queries = asked() - before;
      expect(queries).toBe(5 * 7);
      expect(Number(res.headers.get("ratelimit-remaining"))).toBe(RESOLVE_LIMIT - names.length - queries);

      // The rest of the budget: names whose queries it cannot pay are 429 each, and are not asked.
      const left = RESOLVE_LIMIT - names.length - queries;
      const more = Array.from({ length: 12 }, (_, i) => `more${i}-${Date.now()}.test`);
      const beforeMore = asked();
      const spent = await app.fetch("/v1/resolve", {
        method: "POST",
        token: admin.value,
        json: { names: more, nameservice: "icann" },
      });
      expect(spent.status).toBe(200);
      const statuses = ((await spent.json()) as { results: { status: number }[] }).results.map((r) => r.status);
      expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
      expect(asked() - beforeMore).toBe(left - more.length);
      expect(spent.headers.get("ratelimit-remaining")).toBe("0");
    }));
});
