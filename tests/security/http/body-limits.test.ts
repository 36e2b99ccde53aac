import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { MAX_BODY_BYTES } from "@/lib/http/body";
import { db } from "@/lib/db";
import { servedByNext } from "@/tests/support/app";
import { pagesStandIn } from "../support/pages-stand-in";
import { jsonOf, rawRequest, streamChunked } from "../support/raw-http";
import { cardPurchase, errorNaming, ROUTE_CASES, startSecurityApp, type SecurityApp } from "../support/routes";

// Any body over 64 KB, chunked or not, is 413 with nothing parsed or created (issue 11, section 4).
// The body was once cut at the limit and parsed: 65,536 bytes of JSON then garbage made an order.

const pages = pagesStandIn();
let s: SecurityApp;

beforeAll(async () => {
  s = await startSecurityApp({ RATE_LIMIT_ENABLED: false }, { pages: pages.handler });
});
afterAll(() => s?.app.close());

const OWNER = "0x8ba1f109551bD432803012645Ac136ddd64DBA72";
const now = () => new Date().toISOString();

/** A body each endpoint would accept (or act on) if it arrived whole and alone. */
function acceptedBody(path: string): unknown {
  switch (path) {
    case "/v1/resolve":
      return { names: ["alice.web3"] };
    case "/v1/partner/access-token":
      return { label: "padded", validFrom: now(), validTill: new Date(Date.now() + 86_400_000).toISOString() };
    case "/v1/parentdomains/brand.web3":
      return { subdomainsEnabled: false };
    case "/v1/parentdomains/brand.web3/subdomains":
      return { label: `pad${randomUUID().slice(0, 8)}`, ownerAddress: OWNER };
    case "/v1/market/purchase":
      return cardPurchase(s.partnerId);
    case "/v1/market/crypto/purchase":
      return { ...cardPurchase(s.partnerId), currency: "ETH", ownerEmail: "a@example.com", ownerName: "A" };
    case "/api/test-processor/pay":
      return { clientSecret: "x", cardNumber: "4242424242424242" };
    case "/api/internal/partners":
      return { name: "Made from a cut body" };
    default:
      return { id: randomUUID() };
  }
}

const BODY_ROUTES = ROUTE_CASES.filter((route) => route.takesBody);

async function counts() {
  const [orders, partners, tokens, domains] = await Promise.all([
    db().order.count(),
    db().partner.count(),
    db().accessToken.count(),
    db().domain.count(),
  ]);
  return { orders, partners, tokens, domains };
}

describe.each(BODY_ROUTES.map((route) => [`${route.method} ${route.path}`, route] as const))("%s", (_, route) => {
  test("exactly 64 KB of valid JSON, then more, chunked: 413 and nothing created", async () => {
    const json = JSON.stringify(acceptedBody(route.path));
    const padded = json + " ".repeat(MAX_BODY_BYTES - Buffer.byteLength(json));
    expect(Buffer.byteLength(padded)).toBe(MAX_BODY_BYTES);
    const before = await counts();
    const response = await rawRequest(s.app.baseUrl, {
      method: route.method,
      target: route.path,
      headers: { ...s.credentials(route), "Content-Type": "application/json" },
      chunked: [padded, "}}"],
    });
    expect(response.status).toBe(413);
    expect(jsonOf(response)).toEqual(errorNaming(route.shape, "body"));
    expect(await counts()).toEqual(before);
  });

  test("a 64 MB chunked stream is refused once it passes the bound, long before it ends", async () => {
    const total = 64 * 1024 * 1024;
    const response = await streamChunked(
      s.app.baseUrl,
      {
        method: route.method,
        target: route.path,
        headers: { ...s.credentials(route), "Content-Type": "application/json" },
      },
      total,
    );
    expect(response.status).toBe(413);
    expect(jsonOf(response)).toEqual(errorNaming(route.shape, "body"));
    // What was written before the answer is socket buffers' worth, not the body.
    expect(response.bytesSent).toBeLessThan(total / 4);
  });

  test("a declared 300 MB body is refused before a byte of it is sent", async () => {
    const response = await rawRequest(s.app.baseUrl, {
      method: route.method,
      target: route.path,
      headers: { ...s.credentials(route), "Content-Type": "application/json", "Content-Length": "300000000" },
    });
    expect(response.status).toBe(413);
    expect(jsonOf(response)).toEqual(errorNaming(route.shape, "body"));
  });
});

test("a body of exactly 64 KB is still accepted", async () => {
  const json = JSON.stringify(cardPurchase(s.partnerId));
  const before = await counts();
  const response = await rawRequest(s.app.baseUrl, {
    method: "POST",
    target: "/v1/market/purchase",
    headers: { "Content-Type": "application/json" },
    chunked: [json, " ".repeat(MAX_BODY_BYTES - Buffer.byteLength(json))],
  });
  expect(response.status).toBe(200);
  expect((await counts()).orders).toBe(before.orders + 1);
});

describe.skipIf(servedByNext)("pages under lib/server", () => {
  test("a streamed or large body to a page is refused before the pages' server sees it", async () => {
    const before = pages.seen.length;
    const chunked = await rawRequest(s.app.baseUrl, { method: "POST", target: "/docs", chunked: ["x".repeat(1000)] });
    const declared = await rawRequest(s.app.baseUrl, {
      method: "POST",
      target: "/",
      headers: { "Content-Length": "300000000" },
    });
    expect([chunked.status, declared.status]).toEqual([413, 413]);
    expect(pages.seen.length).toBe(before);
  });
});
