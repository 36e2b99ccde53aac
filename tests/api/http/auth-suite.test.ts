// One suite over every protected endpoint: each way a credential can be wrong gives the exact
// status and the endpoint's own error shape, naming the Authorization header.
//
// Another partner's data: names are public (anyone may resolve them, endpoints 1 and 2), but a
// parent domain's sub-domain data is its partner's: endpoint 3 reports a foreign parent as not
// configured ("does not belong to this partner") without revealing its settings, and 4, 5 and
// our parent extensions answer 403. Tokens (7 to 9) and purchases (10) are scoped to the caller:
// another partner's token id is 404 on delete, and listings never show it.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "@/lib/db";
import { createAccessToken } from "@/lib/partners/access-tokens";
import type { TokenType } from "@/lib/partners/authenticate";
import { createPartner } from "@/lib/partners/create-partner";
import { signToken } from "@/lib/partners/jwt";
import { ALICE_OWNER } from "@/lib/registry/demo-data";
import { seedDemoData } from "@/lib/registry/seed";
import { listApiRoutes } from "@/lib/server/router";
import { startTestApp, TEST_JWT_SECRET, type TestApp } from "@/tests/support/app";

/** A request that a valid ADMIN token of the owning partner gets through, per protected route. */
interface Sample {
  path: string;
  json?: () => unknown;
  /** Status with a valid ADMIN token of the owning partner. */
  ok: number;
}

interface ProtectedEndpoint extends Sample {
  /** The route, as the router lists it: `GET /v1/resolve/{domain}`. */
  key: string;
  method: string;
  allow: readonly TokenType[];
  errors: "single" | "list";
}

let labelCounter = 0;
const hour = 3600_000;
const windowNow = () => ({
  validFrom: new Date(Date.now() - hour).toISOString(),
  validTill: new Date(Date.now() + hour).toISOString(),
});

// Keyed by route: a protected route without a sample fails below, so a new route cannot be missed.
const AUTH_SAMPLES: Record<string, Sample> = {
  "GET /v1/resolve/{domain}": { path: "/v1/resolve/alice.web3", ok: 200 },
  "POST /v1/resolve": { path: "/v1/resolve", json: () => ({ names: ["alice.web3"] }), ok: 200 },
  "GET /v1/reverse/{address}": { path: `/v1/reverse/${ALICE_OWNER}`, ok: 200 },
  "GET /v1/parentdomains/{parentDomain}": { path: "/v1/parentdomains/brand.web3", ok: 200 },
  "GET /v1/parentdomains/{parentDomain}/list": { path: "/v1/parentdomains/brand.web3/list?pageSize=2", ok: 200 },
  "GET /v1/parentdomains/{parentDomain}/per-day": {
    path: "/v1/parentdomains/brand.web3/per-day?pageSize=2",
    ok: 200,
  },
  "POST /v1/partner/access-token": {
    path: "/v1/partner/access-token",
    json: () => ({ label: `t${++labelCounter}`, ...windowNow() }),
    ok: 201,
  },
  "GET /v1/partner/access-token": { path: "/v1/partner/access-token", ok: 200 },
  "DELETE /v1/partner/access-token": {
    path: "/v1/partner/access-token",
    json: () => ({ id: crypto.randomUUID() }),
    ok: 404,
  },
  "GET /v1/partner/purchases": { path: "/v1/partner/purchases", ok: 200 },
  "GET /v1/partner/statement": { path: "/v1/partner/statement", ok: 200 },
  "GET /v1/partner/refunds": { path: "/v1/partner/refunds?status=DUE", ok: 200 },
  "GET /v1/partner/payout-account": { path: "/v1/partner/payout-account", ok: 200 },
  "PUT /v1/partner/payout-account": {
    path: "/v1/partner/payout-account",
    json: () => ({ processorConnectedAccountId: null }),
    ok: 200,
  },
  "PATCH /v1/parentdomains/{parentDomain}": {
    path: "/v1/parentdomains/brand.web3",
    json: () => ({ subdomainsEnabled: true }),
    ok: 200,
  },
  // The partner's own native parent: a valid ADMIN gets as far as "not an ENS name" (400).
  "POST /v1/parentdomains/{parentDomain}/claim": {
    path: "/v1/parentdomains/brand.web3/claim",
    json: () => ({ message: "x", signature: "0x00" }),
    ok: 400,
  },
  "POST /v1/parentdomains/{parentDomain}/subdomains": {
    path: "/v1/parentdomains/brand.web3/subdomains",
    json: () => ({ label: `auth${++labelCounter}`, ownerAddress: ALICE_OWNER }),
    ok: 201,
  },
  "DELETE /v1/parentdomains/{parentDomain}/subdomains/{label}": {
    path: "/v1/parentdomains/brand.web3/subdomains/never-issued",
    ok: 404,
  },
  "POST /v1/partner/webhooks": {
    path: "/v1/partner/webhooks",
    json: () => ({ url: "https://93.184.215.14/hooks", events: ["subname.created"] }),
    ok: 201,
  },
  "GET /v1/partner/webhooks": { path: "/v1/partner/webhooks", ok: 200 },
  "POST /v1/partner/owner-addresses": {
    path: "/v1/partner/owner-addresses",
    json: () => ({ address: `0x${(++labelCounter).toString(16).padStart(40, "0")}` }),
    ok: 201,
  },
  "GET /v1/partner/owner-addresses": { path: "/v1/partner/owner-addresses", ok: 200 },
  "DELETE /v1/partner/owner-addresses": {
    path: "/v1/partner/owner-addresses",
    json: () => ({ address: `0x${"e".repeat(40)}` }),
    ok: 404,
  },
  "DELETE /v1/partner/webhooks": { path: "/v1/partner/webhooks", json: () => ({ id: crypto.randomUUID() }), ok: 404 },
  "GET /v1/partner/webhooks/{id}/deliveries": {
    path: `/v1/partner/webhooks/${crypto.randomUUID()}/deliveries`,
    ok: 404,
  },
  "POST /v1/partner/webhooks/{id}/deliveries/{deliveryId}/redeliver": {
    path: `/v1/partner/webhooks/${crypto.randomUUID()}/deliveries/${crypto.randomUUID()}/redeliver`,
    ok: 404,
  },
  "POST /v1/partner/webhooks/{id}/test": { path: `/v1/partner/webhooks/${crypto.randomUUID()}/test`, ok: 404 },
};

/** Every route that admits a partner's token, as the router finds the route files. */
const PROTECTED = (await listApiRoutes()).filter((route) =>
  route.declaration?.allow?.some((type) => type === "ADMIN" || type === "CUSTOMER"),
);

const ENDPOINTS: ProtectedEndpoint[] = PROTECTED.filter((route) => AUTH_SAMPLES[route.key]).map((route) => ({
  ...AUTH_SAMPLES[route.key],
  key: route.key,
  method: route.method,
  allow: route.declaration!.allow!,
  errors: route.declaration!.errors,
}));
const endpointOf = (key: string) => ENDPOINTS.find((e) => e.key === key)!;

test("every route that takes a partner's token has a sample request here, and every sample a route", () => {
  expect(PROTECTED.filter((route) => !AUTH_SAMPLES[route.key]).map((route) => route.key)).toEqual([]);
  const routeKeys = new Set(PROTECTED.map((route) => route.key));
  expect(Object.keys(AUTH_SAMPLES).filter((key) => !routeKeys.has(key))).toEqual([]);
});

let app: TestApp;
let partnerId: string;
let admin: string;
let customer: string;
let otherAdmin: string;
let otherAdminTokenId: string;
let tokens: Record<string, string>;

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

async function tokenOf(type: TokenType, from: number, till: number, partner = partnerId) {
  return createAccessToken(partner, {
    label: `${type} ${from}..${till}`,
    type,
    validFrom: new Date(Date.now() + from),
    validTill: new Date(Date.now() + till),
  });
}

beforeAll(async () => {
  // Hundreds of deliberate 401s from one address: the failed-authentication limit is tested in tests/security.
  app = await startTestApp({
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "auth-suite-")),
    RATE_LIMIT_AUTH_FAILURES_PER_ADDRESS: 100_000,
  });
  await seedDemoData();
  partnerId = (await db().partner.findFirstOrThrow({ where: { name: "Demo Partner" } })).id;
  admin = (await tokenOf("ADMIN", -hour, hour)).value;
  customer = (await tokenOf("CUSTOMER", -hour, hour)).value;
  const other = await createPartner("Other Partner");
  otherAdmin = other.token.value;
  otherAdminTokenId = other.token.id;

  const valid = (await tokenOf("ADMIN", -hour, hour)).value;
  const [header, payload] = valid.split(".");
  const claims = JSON.parse(Buffer.from(payload, "base64url").toString());
  const deleted = await tokenOf("ADMIN", -hour, hour);
  await db().accessToken.delete({ where: { id: deleted.id } });
  tokens = {
    malformed: "not.a-jwt",
    "bad signature (another key)": signToken(claims, `${TEST_JWT_SECRET}-not-ours`),
    "alg none": `${b64({ alg: "none", typ: "JWT" })}.${payload}.`,
    "edited claims": `${header}.${b64({ ...claims, exp: claims.exp + 365 * 86400 })}.${valid.split(".")[2]}`,
    "claims of another partner": `${header}.${b64({ ...claims, sub: other.partner.id })}.${valid.split(".")[2]}`,
    expired: (await tokenOf("ADMIN", -2 * hour, -1000)).value,
    "not yet valid": (await tokenOf("ADMIN", hour, 2 * hour)).value,
    deleted: deleted.value,
  };
});
afterAll(() => app.close());

async function send(endpoint: ProtectedEndpoint, authorization?: string) {
  const headers: Record<string, string> = {};
  if (authorization !== undefined) headers.authorization = authorization;
  const json = endpoint.json?.();
  if (json !== undefined) headers["content-type"] = "application/json";
  const res = await app.fetch(endpoint.path, {
    method: endpoint.method,
    headers,
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

function expectAuthorizationError(endpoint: ProtectedEndpoint, body: unknown, info: RegExp) {
  const item = { field: "Authorization", info: expect.stringMatching(info) };
  expect(body).toEqual(endpoint.errors === "single" ? item : { errors: [item] });
}

describe.each(ENDPOINTS)("$key", (endpoint) => {
  test("a valid ADMIN token of the owning partner is let through", async () => {
    expect((await send(endpoint, `Bearer ${admin}`)).status).toBe(endpoint.ok);
  });

  test("no Authorization header → 401", async () => {
    const { status, body } = await send(endpoint);
    expect(status).toBe(401);
    expectAuthorizationError(endpoint, body, /Missing Authorization/);
  });

  test.each([["Bearer"], ["Bearer not.a-jwt"], ["Basic dXNlcjpwYXNz"], ["bearer-token"]])(
    "malformed header %j → 401",
    async (header) => {
      const { status, body } = await send(endpoint, header);
      expect(status).toBe(401);
      expectAuthorizationError(endpoint, body, /Malformed Authorization/);
    },
  );

  test.each([
    ["bad signature (another key)", /signature/],
    ["alg none", /[Mm]alformed/],
    ["edited claims", /signature/],
    ["claims of another partner", /signature/],
    ["expired", /expired/],
    ["not yet valid", /not valid before/],
    ["deleted", /deleted/],
  ])("%s → 401", async (kind, info) => {
    const { status, body } = await send(endpoint, `Bearer ${tokens[kind]}`);
    expect(status).toBe(401);
    expectAuthorizationError(endpoint, body, info);
  });

  test(endpoint.allow.includes("CUSTOMER") ? "a CUSTOMER token is let through" : "a CUSTOMER token → 403", async () => {
    const { status, body } = await send(endpoint, `Bearer ${customer}`);
    if (endpoint.allow.includes("CUSTOMER")) expect(status).toBe(endpoint.ok);
    else {
      expect(status).toBe(403);
      expectAuthorizationError(endpoint, body, /needs a token of type ADMIN/);
    }
  });
});

describe("another partner's data", () => {
  const other = () => `Bearer ${otherAdmin}`;

  test("3: a foreign parent is reported as not this partner's, nothing more", async () => {
    const { status, body } = await send(endpointOf("GET /v1/parentdomains/{parentDomain}"), other());
    expect(status).toBe(200);
    expect(body).toEqual({
      parentDomain: "brand.web3",
      status: false,
      reason: "brand.web3 does not belong to this partner.",
    });
  });

  test.each(
    ENDPOINTS.filter(
      (e) => e.key.includes("/v1/parentdomains/{parentDomain}") && e.key !== "GET /v1/parentdomains/{parentDomain}",
    ).map((e) => [e.key, e]),
  )("%s: a foreign parent → 403", async (_, endpoint) => {
    const { status, body } = await send(endpoint, other());
    expect(status).toBe(403);
    expectAuthorizationError(endpoint, body, /belongs to another partner/);
  });

  test("1 and 2: registry names are public to every partner", async () => {
    expect((await send(endpointOf("GET /v1/resolve/{domain}"), other())).status).toBe(200);
    expect((await send(endpointOf("GET /v1/reverse/{address}"), other())).body.domain).toBe("alice.web3");
  });

  test("7, 8, 9: tokens are scoped to the caller's partner", async () => {
    const listed = await app.fetch("/v1/partner/access-token", { token: admin }).then((r) => r.json());
    expect(listed.some((t: { id: string }) => t.id === otherAdminTokenId)).toBe(false);
    expect(listed.every((t: { partnerId: string }) => t.partnerId === partnerId)).toBe(true);

    const res = await app.fetch("/v1/partner/access-token", {
      method: "DELETE",
      token: admin,
      json: { id: otherAdminTokenId },
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ errors: [{ field: "id", info: expect.any(String) }] });
    expect((await app.fetch("/v1/partner/access-token", { token: otherAdmin })).status).toBe(200);

    const created = await app
      .fetch("/v1/partner/access-token", { method: "POST", token: otherAdmin, json: { label: "mine", ...windowNow() } })
      .then((r) => r.json());
    expect(created.partnerId).not.toBe(partnerId);
  });

  test("10: purchases are the caller's only", async () => {
    const res = await app.fetch("/v1/partner/purchases", { token: otherAdmin });
    expect(res.status).toBe(200);
    const { purchases } = await res.json();
    expect(purchases.every((p: { partnerId: string }) => p.partnerId !== partnerId)).toBe(true);
  });
});
