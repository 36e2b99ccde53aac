// Issue 33, item 5: the baseline a header scanner checks, over every page and every API answer,
// on either server. No answer names the framework or its version (X-Powered-By, Server, Next.js's
// own headers); every one is nosniff; an answer with personal data (a partner's, an owner's, an
// order's) is never stored by a cache (Cache-Control: no-store). Pages' CSP and framing are in
// tests/security/http/page-headers.test.ts.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "@/lib/db";
import { registerOwned, newAccount, signIn } from "@/tests/support/owner-fixtures";
import { rawRequest, type RawResponse } from "../support/raw-http";
import { ROUTE_CASES, startSecurityApp, type SecurityApp } from "../support/routes";

let s: SecurityApp;
let ownerToken: string;
const ORDER = "00000000-0000-4000-8000-000000000000";
const ADDRESS = "0x8ba1f109551bD432803012645Ac136ddd64DBA72";

beforeAll(async () => {
  s = await startSecurityApp();
  await db().tld.createMany({ data: [{ name: "web3" }], skipDuplicates: true });
  const owner = newAccount();
  await registerOwned(`scan${Date.now()}.web3`, owner.address);
  ownerToken = await signIn(s.app, owner);
});
afterAll(() => s?.app.close());

interface Probe {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** The answer carries a partner's, an owner's or a buyer's data. */
  personal: boolean;
}

const PERSONAL_CLASSES = new Set(["partner", "parent-domain", "internal", "test-processor"]);

function probes(): Probe[] {
  const list: Probe[] = ROUTE_CASES.filter((route) => route.shape !== "page").map((route) => ({
    method: route.method,
    path: route.path,
    headers: { ...s.credentials(route), ...(route.takesBody ? { "Content-Type": "application/json" } : {}) },
    body: route.takesBody ? "{}" : undefined,
    personal: PERSONAL_CLASSES.has(route.routeClass) && !route.path.endsWith("/reverse-resolve"),
  }));
  const owner = { Authorization: `Bearer ${ownerToken}` };
  list.push(
    { method: "GET", path: `/v1/market/order/${ORDER}`, personal: true },
    { method: "GET", path: "/v1/owner/names", headers: owner, personal: true },
    { method: "GET", path: "/v1/owner/names", personal: true },
    { method: "GET", path: "/v1/owner/nonce", personal: true },
    { method: "GET", path: "/v1/partner/purchases", personal: true },
    {
      method: "GET",
      path: "/v1/partner/access-token",
      headers: s.credentials({ token: true } as never),
      personal: true,
    },
    { method: "GET", path: "/api/lookup/resolve/alice.web3", personal: false },
    { method: "GET", path: `/api/lookup/reverse/${ADDRESS}`, personal: false },
    { method: "GET", path: "/v1/no-such-route", personal: false },
  );
  for (const page of [
    "/",
    "/names",
    "/partner",
    "/resolve",
    "/resolve/alice.web3",
    "/docs",
    "/checkout/x.web3",
    `/orders/${ORDER}`,
    `/reverse/${ADDRESS}`,
    "/no-such-page",
  ])
    list.push({ method: "GET", path: page, personal: false });
  return list;
}

const FRAMEWORK = /next|express|node|vercel|react/i;

function expectBaseline(probe: Probe, res: RawResponse): void {
  const where = `${probe.method} ${probe.path} (${res.status})`;
  expect(res.headers["x-powered-by"], where).toBeUndefined();
  expect(res.headers["server"] ?? "", where).not.toMatch(FRAMEWORK);
  const frameworkHeaders = Object.keys(res.headers).filter(
    (name) => name.startsWith("x-nextjs-") || name === "x-next-cache",
  );
  expect(frameworkHeaders, where).toEqual([]);
  expect(res.headers["x-content-type-options"], where).toBe("nosniff");
  if (probe.personal) expect(res.headers["cache-control"] ?? "", where).toMatch(/\bno-store\b/);
}

describe("every answer", () => {
  test("names no framework, is nosniff, and is never cached when it is personal", async () => {
    for (const probe of probes()) {
      const res = await rawRequest(s.app.baseUrl, {
        method: probe.method,
        target: probe.path,
        headers: probe.headers,
        body: probe.body,
      });

      expectBaseline(probe, res);
    }
  });
});
