import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, test } from "vitest";
import { setConfig } from "@/lib/config";
import { declarationOf, endpoint, json, type RouteHandler } from "@/lib/http/handler";
import { otherMethods } from "@/lib/http/methods";
import { DEFAULT_POLICY } from "@/lib/http/route-policy";
import { listApiRoutes } from "@/lib/server/router";

// Every endpoint states its browser access and rate limit in its route file (endpoint() options),
// or inherits the default, which fails closed; a route's other methods (OPTIONS, 405) take theirs
// from the route's endpoints.

const PARTNER_SITE = "https://dashboard.partner.example";
const ELSEWHERE = "https://elsewhere.example";
const noParams = { params: Promise.resolve({}) };

const preflight = (handler: RouteHandler, origin: string) =>
  handler(
    new Request("http://localhost/v1/x", {
      method: "OPTIONS",
      headers: { origin, "access-control-request-method": "GET" },
    }),
    noParams,
  );

afterEach(() => setConfig());

describe("every route", async () => {
  const routes = await listApiRoutes();
  const files = [...new Set(routes.map((route) => route.file))];

  test("there are routes to check", () => {
    expect(files.length).toBeGreaterThan(50);
  });

  test.each(routes.map((route) => [route.key, route] as const))("%s is an endpoint() with a policy", (_, route) => {
    const declaration = route.declaration;
    expect(declaration).toBeDefined();
    expect(["public", "partner", "none"]).toContain(declaration!.policy.cors);
    expect([null, "resolve", "partner", "read", "purchase", "lookup", "owner"]).toContain(
      declaration!.policy.rateLimit,
    );
    // Only a POST moves money (its database work is placed ahead of reads).
    if (declaration!.movesMoney) expect(route.method).toBe("POST");
  });

  test.each(files.map((file) => [path.relative(process.cwd(), file), file]))(
    "%s: its preflight follows its endpoints' CORS policy",
    async (_, file) => {
      setConfig({ CORS_ORIGINS: PARTNER_SITE });
      const served = routes.filter((route) => route.file === file);
      const policies = new Set(served.map((route) => route.declaration!.policy.cors));
      expect(policies.size).toBe(1);
      const [cors] = policies;
      const module = (await import(pathToFileURL(file).href)) as Record<string, RouteHandler>;
      const fromPartner = await preflight(module.OPTIONS, PARTNER_SITE);
      const fromElsewhere = await preflight(module.OPTIONS, ELSEWHERE);
      expect(fromPartner.status).toBe(204);
      const expected = {
        public: ["*", "*"],
        partner: [PARTNER_SITE, null],
        none: [null, null],
      }[cors!];
      expect([
        fromPartner.headers.get("access-control-allow-origin"),
        fromElsewhere.headers.get("access-control-allow-origin"),
      ]).toEqual(expected);
    },
  );
});

describe("an endpoint that states no policy", () => {
  const GET = endpoint({ errors: "single" }, () => json({ ok: true }));
  const others = otherMethods({ GET });

  test("gets same origin only and the per-address read limit", async () => {
    expect(DEFAULT_POLICY).toEqual({ cors: "none", rateLimit: "read" });
    expect(declarationOf(GET)).toMatchObject({ policy: { cors: "none", rateLimit: "read" }, movesMoney: false });

    setConfig({ RATE_LIMIT_READ_PER_ADDRESS: 7, CORS_ORIGINS: ELSEWHERE });
    const res = await GET(new Request("http://localhost/v1/x", { headers: { origin: ELSEWHERE } }), noParams);
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBeNull();
    expect(res.headers.get("ratelimit-limit")).toBe("7");
    expect(res.headers.get("ratelimit-remaining")).toBe("6");
  });

  test("its route answers preflights without CORS, even from a configured origin", async () => {
    setConfig({ CORS_ORIGINS: ELSEWHERE });
    const res = await preflight(others.OPTIONS, ELSEWHERE);
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBeNull();
    expect(res.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
  });
});

describe("stated policies", () => {
  test("are what the endpoint gets, and what its route's preflight answers with", async () => {
    const POST = endpoint({ errors: "single", cors: "public", rateLimit: null, movesMoney: true }, () => json({}));
    expect(declarationOf(POST)).toMatchObject({ policy: { cors: "public", rateLimit: null }, movesMoney: true });
    const res = await POST(
      new Request("http://localhost/v1/x", { method: "POST", headers: { origin: ELSEWHERE } }),
      noParams,
    );
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("ratelimit-limit")).toBeNull();
    const { OPTIONS } = otherMethods({ POST });
    expect((await preflight(OPTIONS, ELSEWHERE)).headers.get("access-control-allow-origin")).toBe("*");
  });

  test("a route whose endpoints state different CORS policies is refused as it loads", () => {
    const GET = endpoint({ errors: "single", cors: "public" }, () => json({}));
    const POST = endpoint({ errors: "single", cors: "partner" }, () => json({}));
    expect(() => otherMethods({ GET, POST })).toThrow(
      "A route's endpoints state different CORS policies: public, partner.",
    );
  });
});
