import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "@/lib/db";
import { servedByNext } from "@/tests/support/app";
import { pagesStandIn } from "../support/pages-stand-in";
import { jsonOf, rawRequest } from "../support/raw-http";
import { cardPurchase, errorNaming, ROUTE_CASES, startSecurityApp, type SecurityApp } from "../support/routes";

// The request path (issue 11, section 1): the URL comes from the request target on a fixed origin,
// a Host that is not host[:port] is a 400 in the endpoint's error shape before any handler runs,
// and an API path never reaches the pages' server (Next.js under `npm start`), however spelled.

const pages = pagesStandIn();
let s: SecurityApp;

beforeAll(async () => {
  s = await startSecurityApp({}, { pages: pages.handler });
});
afterAll(() => s?.app.close());

const BAD_HOSTS = ["x?", "x#", "x y", "x:99999", "x:0", "a/b", "[::1", "[zz::1]:80", ""];

describe.each(BAD_HOSTS)("Host %j", (host) => {
  test.each(ROUTE_CASES.map((route) => [`${route.method} ${route.path}`, route] as const))(
    "%s: 400 naming Host, never a 500",
    async (_, route) => {
      const response = await rawRequest(s.app.baseUrl, {
        method: route.method,
        target: route.path,
        host,
        headers: s.credentials(route),
      });
      if (route.shape === "page" && servedByNext) {
        // `next start` builds page URLs from its own address and ignores Host; the pages hold no API.
        expect(response.status).toBeLessThan(500);
        return;
      }
      expect(response.status).toBe(400);
      expect(jsonOf(response)).toEqual(errorNaming(route.shape === "page" ? "single" : route.shape, "Host"));
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
    },
  );
});

test("a refused Host runs no handler: no order, no partner, no token is created", async () => {
  const before = await counts();
  const purchase = await rawRequest(s.app.baseUrl, {
    method: "POST",
    target: "/v1/market/purchase",
    host: "x?",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(cardPurchase(s.partnerId)),
  });
  const partner = await rawRequest(s.app.baseUrl, {
    method: "POST",
    target: "/api/internal/partners",
    host: "x#",
    headers: { "Content-Type": "application/json", "X-Local-Admin-Secret": s.app.localAdminSecret() },
    body: JSON.stringify({ name: "Through a bad host" }),
  });
  const token = await rawRequest(s.app.baseUrl, {
    method: "POST",
    target: "/v1/partner/access-token",
    host: "x y",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${s.adminToken}` },
    body: JSON.stringify({ label: "x", validFrom: new Date().toISOString(), validTill: "2030-01-01T00:00:00Z" }),
  });
  expect([purchase.status, partner.status, token.status]).toEqual([400, 400, 400]);
  expect(await counts()).toEqual(before);
  // The same purchase with a valid Host goes through: the refusal was the Host's.
  const accepted = await rawRequest(s.app.baseUrl, {
    method: "POST",
    target: "/v1/market/purchase",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(cardPurchase(s.partnerId)),
  });
  expect(accepted.status).toBe(200);
  expect((await counts()).orders).toBe(before.orders + 1);
});

test.each(["localhost", "127.0.0.1:1", "[::1]:8080", "api.example.com.", "EXAMPLE.com:65535", "under_score.example"])(
  "Host %j is valid",
  async (host) => {
    const response = await rawRequest(s.app.baseUrl, { target: "/v1/openapi.json", host });
    expect(response.status).toBe(200);
    expect((jsonOf(response) as { openapi: string }).openapi).toBe("3.1.0");
  },
);

describe.skipIf(servedByNext)("lib/server's edge", () => {
  test("an absolute-form target is served by its path; its authority decides nothing", async () => {
    const response = await rawRequest(s.app.baseUrl, { target: "http://evil.example/v1/openapi.json" });
    expect(response.status).toBe(200);
    const starred = await rawRequest(s.app.baseUrl, { method: "OPTIONS", target: "*" });
    expect(starred.status).toBe(400);
  });

  test.each([
    "/V1/resolve/alice.web3",
    "/%76%31/openapi.json",
    "/%2576%2531/openapi.json",
    "/v1%2Fopenapi.json",
    "/API/test-processor/pay",
    "/./v1/nothing-here",
    "/docs/../v1/nothing-here",
    "/v1/nothing-here",
    "/api/nothing-here",
    "/%ZZ",
  ])("%s never reaches the pages: a JSON 404 or 400", async (target) => {
    const before = pages.seen.length;
    const response = await rawRequest(s.app.baseUrl, { target });
    if (target === "/%2576%2531/openapi.json") {
      // Encoded twice, it is no API path once decoded: a page path like any other.
      expect(pages.seen.length).toBe(before + 1);
      return;
    }
    expect([400, 404]).toContain(response.status);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    expect(pages.seen.length).toBe(before);
  });

  // lib/server reads a plain target without the URL parser (lib/http/request-target.ts): a target
  // with a dot segment, spelled or percent-encoded, must still be routed where the parser puts it.
  test.each([
    "/v1/market/../openapi.json",
    "/v1/x/%2e%2E/openapi.json",
    "/v1/./openapi.json",
    "/v1/openapi.json?n=/../x",
  ])("%s is routed as the URL parser resolves it", async (target) => {
    const response = await rawRequest(s.app.baseUrl, { target });
    expect(response.status).toBe(200);
    expect((jsonOf(response) as { openapi: string }).openapi).toBe("3.1.0");
  });

  test("with a bad Host, no API request reaches the pages (they would run the handlers unprotected)", async () => {
    const before = pages.seen.length;
    for (const host of ["x?", "x#"]) {
      for (const target of ["/v1/market/search?q=a.web3", "/api/internal/sync?key=x", "/v1/resolve/alice.web3"]) {
        const response = await rawRequest(s.app.baseUrl, { target, host });
        expect(response.status).toBe(400);
      }
    }
    expect(pages.seen.length).toBe(before);
    expect(pages.seen.every(({ url }) => !/^\/(v1|api)(\/|$)/i.test(url))).toBe(true);
  });

  test("pages get their security headers and valid requests", async () => {
    const response = await rawRequest(s.app.baseUrl, { target: "/docs" });
    expect(response.status).toBe(200);
    expect(response.headers["x-frame-options"]).toBe("DENY");
    expect(pages.seen.at(-1)?.url).toBe("/docs");
  });
});

async function counts() {
  const [orders, partners, tokens] = await Promise.all([
    db().order.count(),
    db().partner.count(),
    db().accessToken.count(),
  ]);
  return { orders, partners, tokens };
}
