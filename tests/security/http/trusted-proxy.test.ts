import { afterAll, beforeAll, expect, test } from "vitest";
import { db } from "@/lib/db";
import { rawRequest } from "../support/raw-http";
import { startSecurityApp, type SecurityApp } from "../support/routes";
import { inOneWindow, TEST_WINDOW_SECONDS } from "../support/window";

// Behind a load balancer (TRUST_PROXY=1) the client is the last address the balancer appended to
// X-Forwarded-For. A balancer on the same machine makes every connection a loopback one, so the
// loopback-only command route also needs the forwarded client to be loopback.

let s: SecurityApp;

beforeAll(async () => {
  s = await startSecurityApp({
    RATE_LIMIT_READ_PER_ADDRESS: 3,
    RATE_LIMIT_WINDOW_SECONDS: TEST_WINDOW_SECONDS,
    TRUST_PROXY: true,
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

test("a forwarded address counts as one client however the proxy spelled it", () =>
  inOneWindow(async (run) => {
    const search = (forwarded: string) =>
      rawRequest(s.app.baseUrl, {
        target: "/v1/market/search?q=a.web3",
        headers: { "X-Forwarded-For": forwarded },
      }).then((res) => res.status);
    // A port per connection does not make a new client.
    const ported = [];
    for (let i = 0; i < 4; i++) ported.push(await search(`198.51.100.${10 + run}:${40000 + i}`));
    expect(ported).toEqual([200, 200, 200, 429]);
    // IPv4-mapped IPv6, in either case or in hex, is that IPv4 client, not one bucket for all of them.
    const v4 = `198.51.100.${20 + run}`;
    const mapped = [
      await search(`::FFFF:${v4}`),
      await search(`[::ffff:${v4}]:443`),
      await search(`::ffff:c633:64${(20 + run).toString(16)}`),
      await search(v4),
    ];
    expect(mapped).toEqual([200, 200, 200, 429]);
    expect(await search(`::ffff:198.51.100.${30 + run}`)).toBe(200);
    // IPv6 with and without brackets and port, any case: one /64.
    const v6 = [
      await search(`[2001:DB8:${run}:1::1]:8080`),
      await search(`2001:db8:${run}:1::2`),
      await search(`[2001:db8:${run}:1:ffff::3]`),
      await search(`2001:db8:${run}:1::4`),
    ];
    expect(v6).toEqual([200, 200, 200, 429]);
  }));
