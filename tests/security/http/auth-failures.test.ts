import { afterAll, beforeAll, expect, test } from "vitest";
import { database } from "@/lib/db";
import { servedByNext } from "@/tests/support/app";
import { jsonOf, rawRequest } from "../support/raw-http";
import { startSecurityApp, type SecurityApp } from "../support/routes";
import { inOneWindow, TEST_WINDOW_SECONDS } from "../support/window";

// Failed authentication is limited per client address (429 past it), and a deleted token costs no
// query each time it is replayed (issue 11, section 4). Each test is its own client through
// X-Forwarded-For (TRUST_PROXY=1), so budgets do not mix.

const LIMIT = 5;
let s: SecurityApp;

beforeAll(async () => {
  s = await startSecurityApp({
    RATE_LIMIT_AUTH_FAILURES_PER_ADDRESS: LIMIT,
    RATE_LIMIT_WINDOW_SECONDS: TEST_WINDOW_SECONDS,
    TRUST_PROXY: true,
  });
});
afterAll(() => s?.app.close());

const call = (client: string, authorization: string | undefined, target = "/v1/partner/purchases") =>
  rawRequest(s.app.baseUrl, {
    target,
    headers: { "X-Forwarded-For": client, ...(authorization ? { Authorization: authorization } : {}) },
  });

test(
  `after ${LIMIT} failed authentications an address gets 429 until the window ends; ` + "a valid token still passes",
  () =>
    inOneWindow(async (run) => {
      const client = `203.0.113.${10 + run}`;
      const forged = `Bearer ${s.adminToken.slice(0, -4)}AAAA`;
      const statuses = [];
      for (let i = 0; i < LIMIT; i++) statuses.push((await call(client, i % 2 ? forged : "Bearer nonsense")).status);
      expect(statuses).toEqual(Array(LIMIT).fill(401));

      const refused = await call(client, forged);
      expect(refused.status).toBe(429);
      expect(jsonOf(refused)).toEqual({
        errors: [
          {
            field: "rate",
            info: expect.stringMatching(
              /^Too many failed authentications: at most 5 per 3600 seconds per client address/,
            ),
          },
        ],
      });
      const retryAfter = Number(refused.headers["retry-after"]);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(TEST_WINDOW_SECONDS);
      // No token at all is a failed authentication too; the single-error endpoints answer alike.
      expect((await call(client, undefined)).status).toBe(429);
      expect((await call(client, "Bearer x", "/v1/resolve/alice.web3")).status).toBe(429);

      // The partner's own token from the same address keeps working.
      expect((await call(client, `Bearer ${s.adminToken}`)).status).toBe(200);
      // Another address has its own budget.
      expect((await call(`203.0.113.${20 + run}`, forged)).status).toBe(401);
    }),
);

test("a replayed deleted token is refused without a query each time", async () => {
  const client = "203.0.113.30";
  const created = await s.app.fetch("/v1/partner/access-token", {
    method: "POST",
    token: s.adminToken,
    json: { label: "soon gone", validFrom: new Date().toISOString(), validTill: "2027-12-31T00:00:00Z", type: "ADMIN" },
  });
  expect(created.status).toBe(201);
  const { id, value } = (await created.json()) as { id: string; value: string };
  expect((await call(client, `Bearer ${value}`)).status).toBe(200);
  const deleted = await s.app.fetch("/v1/partner/access-token", {
    method: "DELETE",
    token: s.adminToken,
    json: { id },
  });
  expect(deleted.status).toBe(204);
  await s.app.sync();

  const lookups = servedByNext ? undefined : countTokenLookups();
  const answers = [];
  for (let i = 0; i < 4; i++) answers.push(await call(client, `Bearer ${value}`));
  expect(answers.map((a) => a.status)).toEqual([401, 401, 401, 401]);
  expect(jsonOf(answers[3])).toEqual({
    errors: [{ field: "Authorization", info: "The access token has been deleted." }],
  });
  // The server runs in this process unless `next start` serves: then its queries cannot be counted here.
  if (lookups) {
    expect(lookups.count()).toBeLessThanOrEqual(1);
    lookups.stop();
  }
});

/** Counts the access-token lookups of lib/partners/authenticate.ts from now on. */
function countTokenLookups() {
  const db = database();
  const query = db.query;
  let count = 0;
  db.query = ((text: string, params?: unknown[]) => {
    if (text.includes(`from "access_token"`)) count++;
    return query.call(db, text, params);
  }) as typeof db.query;
  return { count: () => count, stop: () => void (db.query = query) };
}

test("failed owner-token checks spend the same budget, and a spent budget refuses them with 429", () =>
  inOneWindow(async (run) => {
    const client = `203.0.113.${40 + run}`;
    const statuses = [];
    for (let i = 0; i < LIMIT; i++)
      statuses.push((await call(client, i % 2 ? "Bearer a.b.c" : "Bearer nonsense", "/v1/owner/names")).status);
    expect(statuses).toEqual(Array(LIMIT).fill(401));
    const refused = await call(client, "Bearer a.b.c", "/v1/owner/names");
    expect(refused.status).toBe(429);
    expect(jsonOf(refused)).toEqual({
      field: "rate",
      info: expect.stringMatching(/^Too many failed authentications/),
    });
    // One budget: the partner endpoints refuse this address too, and another address is untouched.
    expect((await call(client, "Bearer nonsense")).status).toBe(429);
    expect((await call(`203.0.113.${50 + run}`, "Bearer a.b.c", "/v1/owner/names")).status).toBe(401);
  }));

test("a forged token ending as a valid one does not take its verdict, nor lose it its own", async () => {
  const client = "203.0.113.60";
  // The admin token's signature under another payload: lib/partners/authenticate.ts finds verdicts
  // by a header's last characters, and these two headers share them.
  const [head, payload, signature] = s.adminToken.split(".");
  const forged = `${head}.${payload[0] === "e" ? "f" : "e"}${payload.slice(1)}.${signature}`;
  for (let round = 0; round < 2; round++) {
    expect((await call(client, `Bearer ${s.adminToken}`)).status).toBe(200);
    const refused = await call(client, `Bearer ${forged}`);
    expect(refused.status).toBe(401);
    expect(jsonOf(refused)).toEqual({
      errors: [{ field: "Authorization", info: "The access token's signature is not valid." }],
    });
  }
});
