import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { rateLimiter, setRateLimitClock } from "@/lib/http/rate-limit";
import { database } from "@/lib/db";
import { createPartner } from "@/lib/partners/create-partner";
import { startTestApp, type TestApp } from "@/tests/support/app";

// Tiny limits, and the client address taken from X-Forwarded-For so each test is its own client.
// The limiter's clock stands still one second into a window, so no count is split across two
// windows however long the file takes (windows are aligned to whole minutes).
// Exact counts hold within one instance; across instances the budget is shared only at each
// flush (see lib/http/rate-limit.ts and the two-limiter test in tests/unit/api), so this file
// does not run in the two-instance suite.
// Under `next start` (TEST_SERVER=next) the limiter runs in the server's process, where this file
// cannot hold its clock: tests/security counts within one hour-long window there instead.
const exactCountsOutOfReach = process.env.TEST_INSTANCES === "2" || process.env.TEST_SERVER === "next";
let app: TestApp;
let addressCount = 0;
let windowStart = 0;
const freshAddress = () => `198.51.100.${++addressCount}`;

beforeAll(async () => {
  if (exactCountsOutOfReach) return;
  app = await startTestApp({
    RATE_LIMIT_READ_PER_ADDRESS: 3,
    RATE_LIMIT_PURCHASE_PER_ADDRESS: 2,
    RATE_LIMIT_PARTNER_PER_TOKEN: 2,
    RATE_LIMIT_RESOLVE_PER_TOKEN: 4,
    RATE_LIMIT_WINDOW_SECONDS: 60,
    TRUST_PROXY: true,
  });
  windowStart = Math.floor(Date.now() / 60_000) * 60_000;
  setRateLimitClock(() => windowStart + 1000);
});
afterAll(async () => {
  setRateLimitClock();
  await app?.close();
});

const search = (address: string) =>
  app.fetch("/v1/market/search?q=alice.web3", { headers: { "x-forwarded-for": address } });

describe.skipIf(exactCountsOutOfReach)("per client address", () => {
  test("market search: RateLimit headers count down, then 429 in ErrorResponse with Retry-After", async () => {
    const address = freshAddress();
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await search(address));
    expect(answers.slice(0, 3).map((r) => r.status)).toEqual([200, 200, 200]);
    expect(answers.slice(0, 3).map((r) => r.headers.get("ratelimit-remaining"))).toEqual(["2", "1", "0"]);
    expect(answers[0].headers.get("ratelimit-limit")).toBe("3");
    expect(answers[0].headers.get("ratelimit-reset")).toBe("59");

    const refused = answers[3];
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("59");
    expect(refused.headers.get("ratelimit-limit")).toBe("3");
    expect(refused.headers.get("ratelimit-remaining")).toBe("0");
    expect(refused.headers.get("ratelimit-reset")).toBe("59");
    expect(await refused.json()).toEqual({
      field: "rate",
      info: "Too many requests: at most 3 per 60 seconds per client address; retry in 59 seconds.",
    });

    // Another client is not affected.
    expect((await search(freshAddress())).status).toBe(200);
  });

  test("order reads share the read budget; purchases have their own", async () => {
    const address = freshAddress();
    const headers = { "x-forwarded-for": address };
    const orderPath = "/v1/market/order/00000000-0000-4000-8000-000000000000";
    const reads = [];
    for (let i = 0; i < 3; i++) reads.push((await app.fetch(orderPath, { headers })).status);
    expect(reads).toEqual([404, 404, 404]);
    expect((await search(address)).status).toBe(429);

    const purchases = [];
    for (let i = 0; i < 3; i++)
      purchases.push((await app.fetch("/v1/market/purchase", { method: "POST", headers, json: {} })).status);
    expect(purchases).toEqual([400, 400, 429]);
  });

  test("the unauthenticated parent reverse-resolve (6) is limited per address", async () => {
    const address = freshAddress();
    const path = "/v1/parentdomains/nobody.web3/addresses/0x8ba1f109551bD432803012645Ac136ddd64DBA72/reverse-resolve";
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await app.fetch(path, { headers: { "x-forwarded-for": address } })).status);
    expect(statuses.slice(0, 3).every((s) => s !== 429)).toBe(true);
    expect(statuses[3]).toBe(429);
  });
});

describe.skipIf(exactCountsOutOfReach)("per partner", () => {
  test("partner endpoints: 429 in ErrorsResponse after the partner's budget, whatever the address", async () => {
    const { token } = await createPartner("Limited");
    const statuses = [];
    for (let i = 0; i < 2; i++)
      statuses.push(
        (
          await app.fetch("/v1/partner/access-token", {
            token: token.value,
            headers: { "x-forwarded-for": freshAddress() },
          })
        ).status,
      );
    expect(statuses).toEqual([200, 200]);
    const refused = await app.fetch("/v1/partner/access-token", {
      token: token.value,
      headers: { "x-forwarded-for": freshAddress() },
    });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await refused.json()).toEqual({
      errors: [{ field: "rate", info: expect.stringContaining("per partner (all its access tokens together)") }],
    });

    // Another partner's token has its own budget.
    const other = await createPartner("Other");
    expect((await app.fetch("/v1/partner/access-token", { token: other.token.value })).status).toBe(200);
  });

  test("resolution counts apart from partner endpoints, under its own limit", async () => {
    const { token } = await createPartner("Resolver");
    expect((await app.fetch("/v1/partner/access-token", { token: token.value })).headers.get("ratelimit-limit")).toBe(
      "2",
    );
    const limits = [];
    for (let i = 0; i < 5; i++) {
      const res = await app.fetch("/v1/resolve/nobody.web3", { token: token.value });
      limits.push([res.status === 429, res.headers.get("ratelimit-limit")]);
    }
    expect(limits).toEqual([
      [false, "4"],
      [false, "4"],
      [false, "4"],
      [false, "4"],
      [true, "4"],
    ]);
  });

  test("a request without a valid token is refused with 401 and spends no budget", async () => {
    const res = await app.fetch("/v1/partner/access-token", { token: "a.b.c" });
    expect(res.status).toBe(401);
    expect(res.headers.get("ratelimit-limit")).toBeNull();
  });
});

test.skipIf(exactCountsOutOfReach)("the counts reach the shared table within a flush", async () => {
  const address = freshAddress();
  await search(address);
  await search(address);
  await rateLimiter()!.flush();
  const rows = await database().query<{ count: number; reset_at: Date }>(
    `SELECT count, reset_at FROM rate_limit_window WHERE key = $1`,
    [`a:read:${address}`],
  );
  expect(rows).toHaveLength(1);
  expect(rows[0].count).toBe(2);
  expect(new Date(rows[0].reset_at).getTime()).toBe(windowStart + 60_000);
});
