import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createPartner } from "@/lib/partners/create-partner";
import { startHttpServer, type RunningServer } from "@/lib/server/http-server";
import { startTestApp, type TestApp } from "@/tests/support/app";

const PARTNER_SITE = "https://dashboard.partner.example";
let app: TestApp;
let admin: string;
// The same server with a stand-in for Next.js, to see the headers pages are served with.
let withPages: RunningServer;

beforeAll(async () => {
  app = await startTestApp({ CORS_ORIGINS: `${PARTNER_SITE}, https://other.example/` });
  admin = (await createPartner("Cors")).token.value;
  withPages = await startHttpServer({
    host: "127.0.0.1",
    port: 0,
    next: async (_req, res) => {
      res.setHeader("content-type", "text/html");
      res.end("<!doctype html><p>page</p>");
    },
  });
});
afterAll(async () => {
  await withPages.close();
  await app.close();
});

const preflight = (path: string, origin: string, method = "GET") =>
  app.fetch(path, {
    method: "OPTIONS",
    headers: {
      origin,
      "access-control-request-method": method,
      "access-control-request-headers": "authorization, content-type",
    },
  });

describe("CORS", () => {
  test("resolution and market answer any origin's preflight, allowing Authorization", async () => {
    for (const [path, method] of [
      ["/v1/resolve/alice.web3", "GET"],
      ["/v1/resolve", "POST"],
      ["/v1/market/purchase", "POST"],
      ["/v1/openapi.json", "GET"],
    ]) {
      const res = await preflight(path, "https://anywhere.example", method);
      expect(res.status, path).toBe(204);
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
      expect(res.headers.get("access-control-allow-methods")).toContain(method);
      expect(res.headers.get("access-control-allow-headers")).toBe("Authorization, Content-Type, X-Request-Id");
      expect(Number(res.headers.get("access-control-max-age"))).toBeGreaterThan(0);
      expect(await res.text()).toBe("");
    }
  });

  test("partner endpoints answer only configured origins", async () => {
    const allowed = await preflight("/v1/partner/access-token", PARTNER_SITE, "DELETE");
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get("access-control-allow-origin")).toBe(PARTNER_SITE);
    expect(allowed.headers.get("access-control-allow-methods")).toBe("GET, POST, DELETE, HEAD, OPTIONS");
    expect(allowed.headers.get("vary")).toBe("Origin");
    expect(
      (await preflight("/v1/parentdomains/x.web3/list", "https://other.example")).headers.get(
        "access-control-allow-origin",
      ),
    ).toBe("https://other.example");

    const refused = await preflight("/v1/partner/access-token", "https://evil.example", "GET");
    expect(refused.status).toBe(204);
    expect(refused.headers.get("access-control-allow-origin")).toBeNull();
    expect(refused.headers.get("access-control-allow-methods")).toBeNull();
  });

  test("actual responses carry the origin and expose the RateLimit headers", async () => {
    const publicRes = await app.fetch("/v1/market/search?q=alice.web3", {
      headers: { origin: "https://anywhere.example" },
    });
    expect(publicRes.headers.get("access-control-allow-origin")).toBe("*");
    expect(publicRes.headers.get("access-control-expose-headers")).toContain("RateLimit-Remaining");
    expect(publicRes.headers.get("access-control-expose-headers")).toContain("Retry-After");

    const partnerRes = await app.fetch("/v1/partner/access-token", { token: admin, headers: { origin: PARTNER_SITE } });
    expect(partnerRes.status).toBe(200);
    expect(partnerRes.headers.get("access-control-allow-origin")).toBe(PARTNER_SITE);
    const stranger = await app.fetch("/v1/partner/access-token", {
      token: admin,
      headers: { origin: "https://evil.example" },
    });
    expect(stranger.headers.get("access-control-allow-origin")).toBeNull();
    // Errors carry them too, so a browser can read why it failed.
    const unauthorized = await app.fetch("/v1/partner/access-token", { headers: { origin: PARTNER_SITE } });
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.headers.get("access-control-allow-origin")).toBe(PARTNER_SITE);
  });

  test("internal routes send no CORS headers", async () => {
    const res = await preflight("/api/webhooks/stripe", "https://anywhere.example", "POST");
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBeNull();
  });
});

describe("security headers", () => {
  test("API responses: nosniff, and no-store where the handler set no caching", async () => {
    const tokens = await app.fetch("/v1/partner/access-token", { token: admin });
    expect(tokens.headers.get("x-content-type-options")).toBe("nosniff");
    expect(tokens.headers.get("cache-control")).toBe("no-store");
    const search = await app.fetch("/v1/market/search?q=alice.web3");
    expect(search.headers.get("cache-control")).toBe("public, max-age=5");
    expect(search.headers.get("x-content-type-options")).toBe("nosniff");
    const missing = await app.fetch("/v1/no-such-thing");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("x-content-type-options")).toBe("nosniff");
  });

  test("pages: no framing, nosniff, referrer and permissions policies, and a CSP without Stripe", async () => {
    const res = await fetch(`${withPages.origin}/resolve/alice.web3?x=1`);
    expect(await res.text()).toContain("page");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("permissions-policy")).toContain("camera=()");
    const csp = directives(res.headers.get("content-security-policy"));
    expect(csp["frame-ancestors"]).toEqual(["'none'"]);
    expect(csp["object-src"]).toEqual(["'none'"]);
    expect(csp["frame-src"]).toEqual(["'none'"]);
    expect(csp["script-src"]).toEqual(["'self'", "'unsafe-eval'"]);
    expect(JSON.stringify(csp)).not.toContain("stripe");
  });

  test("checkout pages admit Stripe's scripts, frames and API, and nothing else foreign", async () => {
    const res = await fetch(`${withPages.origin}/checkout/alice.web3`);
    const csp = directives(res.headers.get("content-security-policy"));
    expect(csp["script-src"]).toEqual(expect.arrayContaining(["https://js.stripe.com", "https://*.js.stripe.com"]));
    expect(csp["frame-src"]).toEqual([
      "https://js.stripe.com",
      "https://*.js.stripe.com",
      "https://hooks.stripe.com",
      "https://m.stripe.network",
    ]);
    expect(csp["connect-src"]).toEqual(expect.arrayContaining(["'self'", "https://api.stripe.com"]));
    expect(csp["frame-ancestors"]).toEqual(["'none'"]);
    const foreign = Object.values(csp)
      .flat()
      .filter((source) => source.startsWith("https://") && !/stripe\.(com|network)$/.test(source));
    expect(foreign).toEqual([]);
    expect(res.headers.get("x-frame-options")).toBe("DENY");
  });
});

function directives(header: string | null): Record<string, string[]> {
  expect(header).toBeTruthy();
  return Object.fromEntries(
    header!
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...sources]) => [name, sources]),
  );
}
