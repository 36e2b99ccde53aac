import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "@/lib/db";
import { servedByNext } from "@/tests/support/app";
import { pagesStandIn } from "../support/pages-stand-in";
import { jsonOf, rawRequest } from "../support/raw-http";
import { startSecurityApp, type SecurityApp } from "../support/routes";
import { inOneWindow, TEST_WINDOW_SECONDS } from "../support/window";

// No header a client can send decides who the client is (issue 11, section 1): the internal
// headers are deleted at the edge on every path, and the client address comes from the socket
// (TRUST_PROXY is off here; tests/security/http/trusted-proxy.test.ts has it on).

const pages = pagesStandIn();
let s: SecurityApp;

beforeAll(async () => {
  s = await startSecurityApp(
    { RATE_LIMIT_READ_PER_ADDRESS: 3, RATE_LIMIT_WINDOW_SECONDS: TEST_WINDOW_SECONDS, TRUST_PROXY: false },
    { pages: pages.handler },
  );
});
afterAll(() => s?.app.close());

const spoofed = (i: number) => ({
  "X-Namesvc-Remote-Address": `203.0.113.${i}`,
  "X-Namesvc-Peer": `forged-seal 203.0.113.${i}`,
  "X-Forwarded-For": `198.51.100.${i}`,
  "X-Real-IP": `192.0.2.${i}`,
});

test("rotating spoofed client addresses, through any Host, never escapes the per-address limit", () =>
  // Every request comes from 127.0.0.1: a second run, in a fresh window, searches in another market route.
  inOneWindow(async (run) => {
    const answers = [];
    for (let i = 1; i <= 10; i++) {
      // Every other request tries the Host trick that once sent API requests past the edge.
      const host = i % 2 === 0 ? "x?" : undefined;
      const response = await rawRequest(s.app.baseUrl, {
        target:
          run === 0
            ? `/v1/market/search?q=spoof${i}.web3`
            : `/v1/market/order/${"0".repeat(8)}-0000-4000-8000-00000000000${i % 10}`,
        host,
        headers: spoofed(i),
      });
      answers.push({ status: response.status, type: response.headers["content-type"] ?? "" });
    }
    // Three reads fit the budget of 127.0.0.1; every later one is 429, every bad Host 400.
    const ok = run === 0 ? 200 : 404;
    expect(answers.map((a) => a.status)).toEqual([ok, 400, ok, 400, ok, 400, 429, 400, 429, 400]);
    expect(answers.every((a) => a.type.startsWith("application/json"))).toBe(true);
  }));

test("the loopback-only command route takes the connection's address, not a header's", async () => {
  const before = await db().partner.count();
  // From loopback with the secret: the route answers (the attack below differs only in headers).
  const allowed = await rawRequest(s.app.baseUrl, {
    method: "POST",
    target: "/api/internal/partners",
    headers: { "Content-Type": "application/json", "X-Local-Admin-Secret": s.app.localAdminSecret(), ...spoofed(9) },
    body: JSON.stringify({ name: "Made on loopback" }),
  });
  expect(allowed.status).toBe(201);
  // Without the secret, a header claiming loopback changes nothing.
  const refused = await rawRequest(s.app.baseUrl, {
    method: "POST",
    target: "/api/internal/partners",
    headers: { "Content-Type": "application/json", "X-Namesvc-Remote-Address": "127.0.0.1" },
    body: JSON.stringify({ name: "Not made" }),
  });
  expect(refused.status).toBe(403);
  expect(jsonOf(refused)).toEqual({ field: "Authorization", info: "This route answers only local commands." });
  expect(await db().partner.count()).toBe(before + 1);
});

describe.skipIf(servedByNext)("lib/server's edge before the pages", () => {
  test("internal headers never reach the pages; ordinary ones do", async () => {
    const response = await rawRequest(s.app.baseUrl, {
      target: "/docs",
      headers: {
        ...spoofed(1),
        "X-Middleware-Subrequest": "middleware:middleware:middleware:middleware:middleware",
        "X-Middleware-Override-Headers": "x",
        "X-Invoke-Path": "/v1/partner/purchases",
        "X-Matched-Path": "/v1/partner/purchases",
        "X-Now-Route-Matches": "x",
        "X-Prerender-Revalidate": "x",
        "X-Custom": "kept",
      },
    });
    expect(response.status).toBe(200);
    const { headers } = pages.seen.at(-1)!;
    const internal = Object.keys(headers).filter((name) =>
      /^x-(namesvc-|middleware-|invoke-|matched-path|now-route-matches|prerender-revalidate)/.test(name),
    );
    expect(internal).toEqual([]);
    expect(headers["x-custom"]).toBe("kept");
    expect(headers["x-forwarded-for"]).toBe("198.51.100.1");
  });
});
