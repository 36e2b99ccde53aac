// One request of every route class the edge must protect, with the error shape its endpoint
// answers in, for tests that send the same attack to all of them.
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect } from "vitest";
import type { Config } from "@/lib/config";
import { db } from "@/lib/db";
import { seedDemoData } from "@/lib/registry/seed";
import { startTestApp, type TestApp, type TestAppOptions } from "@/tests/support/app";

export type RouteClass =
  | "resolve"
  | "partner"
  | "parent-domain"
  | "market"
  | "ens-gateway"
  | "test-processor"
  | "webhook"
  | "internal"
  | "openapi"
  | "pages";

export interface RouteCase {
  routeClass: RouteClass;
  method: string;
  path: string;
  /** Sends the demo partner's ADMIN token. */
  token?: boolean;
  /** Sends the local command secret. */
  localAdmin?: boolean;
  /** ErrorResponse, ErrorsResponse, or a page. */
  shape: "single" | "list" | "page";
  /** A body this endpoint accepts as JSON (for body attacks). */
  takesBody?: boolean;
}

const ORDER = "00000000-0000-4000-8000-000000000000";
const ADDRESS = "0x8ba1f109551bD432803012645Ac136ddd64DBA72";

export const ROUTE_CASES: RouteCase[] = [
  { routeClass: "resolve", method: "GET", path: "/v1/resolve/alice.web3", token: true, shape: "single" },
  { routeClass: "resolve", method: "POST", path: "/v1/resolve", token: true, shape: "single", takesBody: true },
  { routeClass: "resolve", method: "GET", path: `/v1/reverse/${ADDRESS}`, token: true, shape: "single" },
  { routeClass: "partner", method: "GET", path: "/v1/partner/purchases", token: true, shape: "list" },
  {
    routeClass: "partner",
    method: "POST",
    path: "/v1/partner/access-token",
    token: true,
    shape: "list",
    takesBody: true,
  },
  {
    routeClass: "partner",
    method: "DELETE",
    path: "/v1/partner/access-token",
    token: true,
    shape: "list",
    takesBody: true,
  },
  { routeClass: "parent-domain", method: "GET", path: "/v1/parentdomains/brand.web3/list", token: true, shape: "list" },
  {
    routeClass: "parent-domain",
    method: "PATCH",
    path: "/v1/parentdomains/brand.web3",
    token: true,
    shape: "list",
    takesBody: true,
  },
  {
    routeClass: "parent-domain",
    method: "POST",
    path: "/v1/parentdomains/brand.web3/subdomains",
    token: true,
    shape: "list",
    takesBody: true,
  },
  {
    routeClass: "parent-domain",
    method: "GET",
    path: `/v1/parentdomains/brand.web3/addresses/${ADDRESS}/reverse-resolve`,
    shape: "single",
  },
  { routeClass: "market", method: "GET", path: "/v1/market/search?q=alice.web3", shape: "single" },
  { routeClass: "market", method: "GET", path: `/v1/market/order/${ORDER}`, shape: "single" },
  { routeClass: "market", method: "POST", path: "/v1/market/purchase", shape: "single", takesBody: true },
  { routeClass: "market", method: "POST", path: "/v1/market/crypto/purchase", shape: "single", takesBody: true },
  { routeClass: "ens-gateway", method: "POST", path: "/v1/ens/ccip", shape: "single", takesBody: true },
  { routeClass: "ens-gateway", method: "GET", path: `/v1/ens/ccip/${ADDRESS}/0x9061b923.json`, shape: "single" },
  { routeClass: "test-processor", method: "POST", path: "/api/test-processor/pay", shape: "single", takesBody: true },
  { routeClass: "test-processor", method: "GET", path: "/api/test-processor/intent?clientSecret=x", shape: "single" },
  { routeClass: "webhook", method: "POST", path: "/api/webhooks/stripe", shape: "single", takesBody: true },
  {
    routeClass: "internal",
    method: "POST",
    path: "/api/internal/partners",
    localAdmin: true,
    shape: "single",
    takesBody: true,
  },
  { routeClass: "internal", method: "GET", path: "/api/internal/sync?key=x", localAdmin: true, shape: "single" },
  { routeClass: "openapi", method: "GET", path: "/v1/openapi.json", shape: "single" },
  { routeClass: "pages", method: "GET", path: "/", shape: "page" },
  { routeClass: "pages", method: "GET", path: "/docs", shape: "page" },
];

export interface SecurityApp {
  app: TestApp;
  adminToken: string;
  /** The demo partner's id. */
  partnerId: string;
  /** The headers a case sends besides the attack: its token or local command secret. */
  credentials(route: RouteCase): Record<string, string>;
}

/** The app with the demo data seeded, and the demo partner's ADMIN token. */
export async function startSecurityApp(
  overrides: Partial<Config> = {},
  options: TestAppOptions = {},
): Promise<SecurityApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "security-"));
  const app = await startTestApp({ DATA_DIR: dataDir, ...overrides }, options);
  await seedDemoData();
  const adminToken = readFileSync(path.join(dataDir, "demo-admin-token"), "utf8").trim();
  const { id: partnerId } = await db().partner.findFirstOrThrow({ where: { name: "Demo Partner" } });
  const close = app.close;
  app.close = async () => {
    await close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return {
    app,
    adminToken,
    partnerId,
    credentials(route) {
      const headers: Record<string, string> = {};
      if (route.token) headers.Authorization = `Bearer ${adminToken}`;
      if (route.localAdmin) headers["X-Local-Admin-Secret"] = app.localAdminSecret();
      return headers;
    },
  };
}

/** The body of an error in its endpoint's shape, naming `field`. */
export function errorNaming(shape: RouteCase["shape"], field: string) {
  const item = { field, info: expect.any(String) };
  return shape === "list" ? { errors: [item] } : item;
}

/** A card purchase the market accepts: a fresh second-level name, attributed to `partnerId`. */
export function cardPurchase(partnerId: string, overrides: Record<string, unknown> = {}) {
  return {
    checkoutId: randomUUID(),
    domain: `edge${randomUUID().slice(0, 8)}.web3`,
    ownerAddress: "0x8ba1f109551bD432803012645Ac136ddd64DBA72",
    partnerId,
    walletAddrs: [{ coinId: 60, addr: "0x71C7656EC7ab88b098defB751B7401B5f6d8976F" }],
    years: 1,
    ...overrides,
  };
}
