import { afterAll, beforeAll, expect, test } from "vitest";
import { db } from "@/lib/db";
import { rawRequest } from "./support/raw-http";
import { startSecurityApp, type SecurityApp } from "./support/routes";
import { inOneWindow, TEST_WINDOW_SECONDS } from "./support/window";

// Behind a load balancer (TRUST_PROXY=1) the client is the last address the balancer appended to
// X-Forwarded-For. A balancer on the same machine makes every connection a loopback one, so the
// loopback-only command route also needs the forwarded client to be loopback.

let s: SecurityApp;

beforeAll(async () => {
  s = await startSecurityApp({
    RATE_LIMIT_READ_PER_ADDRESS: 3,
    RATE_LIMIT_WINDOW_SECONDS: TEST_WINDOW_SECONDS,
    TRUST_PROXY: "1",
  });
});
afterAll(() => s?.app.close());

const command = (headers: Record<string, string>) =>
  rawRequest(s.app.baseUrl, {
    method: "POST",
    target: "/api/internal/partners",
    headers: { "Content-Type": "application/json", "X-Local-Admin-Secret": s.app.localAdminSecret(), ...headers },
    body: JSON.stringify({ name: "Through the proxy" }),
  });

test("a client forwarded by the proxy is not local, even with the secret", async () => {
  const before = await db().partner.count();
  expect((await command({ "X-Forwarded-For": "203.0.113.50" })).status).toBe(403);
  expect((await command({ "X-Forwarded-For": "127.0.0.1, 203.0.113.50" })).status).toBe(403);
  expect(await db().partner.count()).toBe(before);
  expect((await command({ "X-Forwarded-For": "203.0.113.50, 127.0.0.1" })).status).toBe(201);
  expect((await command({})).status).toBe(201);
  expect(await db().partner.count()).toBe(before + 2);
});

test("the last forwarded address is the client the limits count", () =>
  inOneWindow(async (run) => {
    const search = (forwarded: string) =>
      rawRequest(s.app.baseUrl, { target: "/v1/market/search?q=a.web3", headers: { "X-Forwarded-For": forwarded } });
    const statuses = [];
    // What the client put before the proxy's entry changes nothing.
    for (let i = 0; i < 4; i++) statuses.push((await search(`10.9.9.${i}, 192.0.2.${70 + run}`)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await search(`192.0.2.${80 + run}`)).status).toBe(200);
  }));
