import { afterAll, beforeAll, describe, expect, test } from "vitest";
import nextConfig from "@/next.config.mjs";
import { nextHeaderRules, pageSecurityHeaders } from "@/lib/http/page-headers.mjs";
import { servedByNext, startTestApp, type TestApp } from "@/tests/support/app";
import { pagesStandIn } from "../support/pages-stand-in";
import { rawRequest } from "../support/raw-http";

// Issue 33, items 1 and 2: the pages carry the same security headers under `npm start` (lib/server
// sets them before it hands a page to Next.js) and under `next start` (next.config.mjs's headers()
// and proxy.ts's per-answer nonce), from one definition (lib/http/page-headers.mjs); the image
// optimizer reaches no API path on either; `next start`'s server keeps lib/server's limits.

const pages = pagesStandIn();
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({}, { pages: pages.handler });
});
afterAll(() => app?.close());

const PAGES = ["/", "/names", "/partner", "/resolve/alice.web3", "/docs", "/no-such-page"];
const CHECKOUT = ["/checkout/x.web3", "/checkout/renew/x.web3"];

function directives(header: string | null): Record<string, string[]> {
  expect(header).toBeTruthy();
  return Object.fromEntries(
    header!
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...sources]) => [name, sources]),
  );
}

function expectPageHeaders(res: Response, checkout: boolean): Record<string, string[]> {
  expect(res.headers.get("x-frame-options")).toBe("DENY");
  expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  expect(res.headers.get("permissions-policy")).toContain("camera=()");
  expect(res.headers.get("cross-origin-opener-policy")).toBe("same-origin-allow-popups");
  expect(res.headers.get("x-powered-by")).toBeNull();
  const csp = directives(res.headers.get("content-security-policy"));
  expect(csp["frame-ancestors"]).toEqual(["'none'"]);
  expect(csp["object-src"]).toEqual(["'none'"]);
  expect(csp["base-uri"]).toEqual(["'self'"]);
  expect(csp["form-action"]).toEqual(["'self'"]);
  expect(csp["script-src"]).not.toContain("'unsafe-inline'");
  expect(csp["script-src"]).toContain("'self'");
  if (checkout) {
    expect(csp["script-src"]).toEqual(expect.arrayContaining(["https://js.stripe.com"]));
    expect(csp["frame-src"]).toContain("https://js.stripe.com");
    expect(csp["connect-src"]).toContain("https://api.stripe.com");
  } else {
    expect(JSON.stringify(csp)).not.toContain("stripe");
    expect(csp["frame-src"]).toEqual(["'none'"]);
  }
  return csp;
}

describe("every page, on both servers", () => {
  test.each([...PAGES.map((p) => [p, false] as const), ...CHECKOUT.map((p) => [p, true] as const)])(
    "%s: CSP (Stripe only on checkout), no framing, nosniff, referrer and permissions policies",
    async (path, checkout) => {
      const res = await app.fetch(path);
      expect(res.status).toBeLessThan(500);
      expectPageHeaders(res, checkout);
    },
  );

  test("an API answer carries the API's headers, not the pages'", async () => {
    for (const path of ["/v1/resolve/alice.web3", "/api/lookup/resolve/alice.web3", "/v1/no-such-thing"]) {
      const res = await app.fetch(path);
      expect(res.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(res.headers.get("content-security-policy"), path).toBeNull();
      expect(res.headers.get("x-frame-options"), path).toBeNull();
    }
  });
});

describe.runIf(servedByNext)("page scripts under next start", () => {
  test("every inline script carries the nonce of its answer's policy; each answer has its own", async () => {
    const nonces = new Set<string>();
    for (const path of ["/", "/names", "/checkout/x.web3", "/names"]) {
      const res = await app.fetch(path);
      const csp = directives(res.headers.get("content-security-policy"));
      const nonce = csp["script-src"]!.find((source) => source.startsWith("'nonce-"))?.slice(7, -1);
      expect(nonce, path).toBeTruthy();
      nonces.add(nonce!);
      const html = await res.text();
      const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]!);
      expect(scripts.length, path).toBeGreaterThan(0);
      for (const attributes of scripts) expect(attributes, path).toContain(`nonce="${nonce}"`);
    }
    expect(nonces.size).toBe(4);
  });
});

describe.skipIf(servedByNext)("one definition for both servers", () => {
  test("next.config.mjs hands Next.js the headers lib/server sets, Stripe's only on checkout paths", async () => {
    const config = nextConfig("phase-production-server");
    const rules = await config.headers!();
    expect(rules).toEqual(nextHeaderRules(false));
    const asList = (rule: (typeof rules)[number]) => rule.headers.map(({ key, value }) => [key, value]);
    expect(asList(rules[0]!)).toEqual(pageSecurityHeaders("/names"));
    expect(rules.slice(1).map((rule) => rule.source)).toEqual(["/checkout", "/checkout/:path*"]);
    for (const rule of rules.slice(1)) expect(asList(rule)).toEqual(pageSecurityHeaders("/checkout/x.web3"));
    expect(config.poweredByHeader).toBe(false);
    expect(config.images?.unoptimized).toBe(true);
  });
});

describe("the image optimizer", () => {
  test.each([
    "/_next/image?url=%2Fapi%2Flookup%2Fresolve%2Falice.web3&w=64&q=75",
    "/_next/image?url=%2Fv1%2Fresolve%2Falice.web3&w=64&q=75",
    "/_next/image?url=%2Ffavicon.svg&w=64&q=75",
  ])("%s is a 404 that runs no handler", async (target) => {
    const seen = pages.seen.length;
    const res = await rawRequest(app.baseUrl, {
      target,
      headers: { "Sec-Fetch-Site": "same-origin", Accept: "image/*" },
    });
    expect(res.status).toBe(404);
    // lib/server's JSON 404 or Next.js's 404 page, never a lookup's answer or an image made of one.
    expect(res.body).not.toMatch(/"(meta|records)"\s*:/);
    expect(res.headers["content-type"] ?? "").not.toMatch(/^image\//);
    expect(pages.seen.length).toBe(seen);
  });
});

describe("the connection limits of lib/server, on both servers", () => {
  test("keep-alive connections are kept 65 s", async () => {
    // Under `next start` the limits are set at the server's first request.
    await app.fetch("/v1/openapi.json");
    const res = await rawRequest(app.baseUrl, {
      target: "/v1/resolve/alice.web3",
      headers: { Connection: "keep-alive" },
    });
    expect(res.headers["keep-alive"]).toBe("timeout=65");
  });

  test("a request with more than 100 headers is refused with 431", async () => {
    await app.fetch("/v1/openapi.json");
    const filler = (count: number) =>
      Object.fromEntries(Array.from({ length: count }, (_, i) => [`X-Filler-${i}`, "x"]));
    // Host and Connection are two more.
    const within = await rawRequest(app.baseUrl, { target: "/v1/resolve/alice.web3", headers: filler(98) });
    expect(within.status).not.toBe(431);
    const over = await rawRequest(app.baseUrl, { target: "/v1/resolve/alice.web3", headers: filler(99) });
    expect(over.status).toBe(431);
  });
});
