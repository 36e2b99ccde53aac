// The warm read's path (issue 34): an answer that needs no waiting comes back from the endpoint
// wrapper in the turn its request arrived (lib/server writes it there), a cache hit asks nothing
// of the request that only a lookup needs, and what had to wait still answers as before.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { CAPPED_BODY } from "@/lib/http/body";
import { PEER } from "@/lib/http/client-address";
import { ApiError, notFound } from "@/lib/contract/errors";
import { endpoint, json, KNOWN_PARAMS, type Answer, type RouteContext } from "@/lib/http/handler";
import { rateLimiter } from "@/lib/http/rate-limit";
import { setConfig } from "@/lib/config";
import { closeDatabase, db, openDatabase } from "@/lib/db";
import { registerName } from "@/lib/registry/register-name";
import { cachedResolve } from "@/lib/http/cached-lookups";
import { readRegisteredNames } from "@/lib/resolution/registered-names";

const OWNER = "0x8ba1f109551bD432803012645Ac136ddd64DBA72";

/** A request as lib/server's view is to the wrapper: it bounds its own body and knows its peer. */
function ownRequest(path: string): Request {
  return Object.assign(new Request(`http://localhost${path}`, { headers: { host: "localhost" } }), {
    [CAPPED_BODY]: true,
    [PEER]: "127.0.0.1",
  });
}

/** lib/server's route context: the params at hand; asking for the promise fails the test. */
function knownContext(params: Record<string, string>): RouteContext {
  return {
    [KNOWN_PARAMS]: params,
    get params(): Promise<Record<string, string>> {
      throw new Error("the wrapper waited for the params it was handed");
    },
  } as RouteContext;
}

beforeAll(async () => {
  setConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", RATE_LIMIT_ENABLED: true });
  await openDatabase();
  await db().tld.create({ data: { name: "web3" } });
  await db().$transaction((tx) => registerName(tx, { name: "warm.web3", ownerAddress: OWNER }));
}, 120_000);
afterAll(async () => {
  rateLimiter()?.stop();
  await closeDatabase();
});

describe("endpoint wrapper", () => {
  // The policy the resolution routes state (app/v1/resolve/[domain]/route.ts).
  const RESOLVE = { cors: "public", rateLimit: "resolve" } as const;

  test("an answer that needs no waiting comes back at once, with the security and rate-limit headers", () => {
    const route = endpoint({ errors: "single", ...RESOLVE }, ({ params }) => json({ name: params.domain }));
    const answer = route(ownRequest("/v1/resolve/alice.web3"), knownContext({ domain: "alice.web3" }));
    expect(answer).not.toBeInstanceOf(Promise);
    const response = answer as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("ratelimit-limit")).toBe("60000");
    expect(Number(response.headers.get("ratelimit-remaining"))).toBeLessThan(60000);
  });

  test("a refusal thrown at once is answered at once in the endpoint's error shape", async () => {
    const route = endpoint({ errors: "list" }, () => {
      throw notFound("domain", "nobody.web3 is not registered.");
    });
    const answer = route(ownRequest("/v1/resolve/nobody.web3"), knownContext({ domain: "nobody.web3" }));
    expect(answer).not.toBeInstanceOf(Promise);
    const response = answer as Response;
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ errors: [{ field: "domain", info: "nobody.web3 is not registered." }] });
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  test("a refusal returned, at once or after waiting, is answered as a thrown one is", async () => {
    const refusal = () => notFound("domain", "nobody.web3 is not registered.");
    const atOnce = endpoint({ errors: "single", headers: { "cache-control": "no-store" } }, () => refusal());
    const waited = endpoint({ errors: "list" }, async () => refusal());
    const answer = atOnce(ownRequest("/v1/resolve/nobody.web3"), knownContext({ domain: "nobody.web3" }));
    expect(answer).not.toBeInstanceOf(Promise);
    const response = answer as Response;
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ field: "domain", info: "nobody.web3 is not registered." });
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const later = await waited(ownRequest("/v1/resolve/nobody.web3"), knownContext({ domain: "nobody.web3" }));
    expect(later.status).toBe(404);
    expect(await later.json()).toEqual({ errors: [{ field: "domain", info: "nobody.web3 is not registered." }] });
  });

  test("a handler that waits, and Next.js's params promise, still answer with the same headers", async () => {
    const route = endpoint({ errors: "single", ...RESOLVE }, async ({ params }) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return json({ name: params.domain });
    });
    const request = new Request("http://localhost/v1/resolve/bob.web3", { headers: { host: "localhost" } });
    const answer = route(request, { params: Promise.resolve({ domain: "bob.web3" }) });
    expect(answer).toBeInstanceOf(Promise);
    const response = await answer;
    expect(await response.json()).toEqual({ name: "bob.web3" });
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("ratelimit-limit")).toBe("60000");
  });
});

test("a route without dynamic segments, as Next.js calls it (no params), answers", async () => {
  const route = endpoint({ errors: "single" }, ({ params }) => json({ params }));
  const request = new Request("http://localhost/api/internal/sync", { headers: { host: "localhost" } });
  const response = await route(request, {} as Parameters<typeof route>[1]);
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ params: {} });
});

/** What `ask` threw or rejected with, at once or later; null when it answered. */
/** The refusal an ask answers, returned or thrown; null for a response. */
function refusalOf(ask: () => Answer | Promise<Answer>): Promise<unknown> {
  return new Promise<Answer>((resolve) => resolve(ask())).then(
    (answer) => (answer instanceof ApiError ? answer : null),
    (error: unknown) => error,
  );
}

/** What a route hands cachedResolve for a lookup's signal and client address, counting the asks. */
function countingAsking() {
  const asking = Object.assign(
    () => {
      asking.asked++;
      return { client: "127.0.0.1" };
    },
    { asked: 0 },
  );
  return asking;
}

describe("cached resolution", () => {
  test("a native name asks nothing of the request, miss or hit: only a lookup elsewhere needs its signal", async () => {
    const asking = countingAsking();
    // Kept from the second ask (lib/resolution/doorkeeper.ts): two misses, then hits.
    for (let i = 0; i < 2; i++) await cachedResolve("warm.web3", {}, asking);
    const hit = cachedResolve("warm.web3", {}, asking);
    expect(hit).not.toBeInstanceOf(Promise);
    expect(((await (hit as Response).json()) as { domain: string }).domain).toBe("warm.web3");
    // A name nobody registered is read from our registry too.
    const refused = await refusalOf(() => cachedResolve("nobody-here.web3", {}, asking));
    expect((refused as { status?: number })?.status).toBe(404);
    expect(asking.asked).toBe(0);
  });

  test("a miss answered without waiting (kept records, a name never registered) is answered at once", async () => {
    await readRegisteredNames();
    const asking = countingAsking();
    // Never registered, so the registry's filter says so: a 404 returned (not thrown) in the turn
    // it was asked, the first time and from the response cache.
    for (let i = 0; i < 3; i++) {
      const answer = cachedResolve("never-held.web3", {}, asking);
      expect(answer).toBeInstanceOf(ApiError);
      expect((answer as ApiError).status).toBe(404);
    }
    // A registered name waits for its records once; asked again under another query (another
    // key of the response cache, so a miss there), its kept records answer at once.
    for (let i = 0; i < 2; i++) await cachedResolve("warm.web3", {}, asking);
    const again = cachedResolve("warm.web3", { coins: ["ETH"] }, asking);
    expect(again).not.toBeInstanceOf(Promise);
    expect(((await (again as Response).json()) as { domain: string }).domain).toBe("warm.web3");
    expect(asking.asked).toBe(0);
  });

  test("a name of another service asks for them for its lookup", async () => {
    const asking = countingAsking();
    // An ICANN name, asked of a DNS server on this machine that is not there: the lookup fails
    // (5xx), after asking once for the signal that would end it if the client went away.
    setConfig({
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      RATE_LIMIT_ENABLED: true,
      DNS_SERVERS: "127.0.0.1:9",
      RESOLUTION_TIMEOUT_MS: 500,
    });
    const refused = await refusalOf(() => cachedResolve("example.com", {}, asking));
    expect((refused as { status?: number })?.status).toBeGreaterThanOrEqual(500);
    expect(asking.asked).toBe(1);
  });
});
