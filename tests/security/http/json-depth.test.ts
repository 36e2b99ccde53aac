import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { MAX_JSON_DEPTH } from "@/lib/http/body";
import { jsonOf, rawRequest } from "../support/raw-http";
import { errorNaming, ROUTE_CASES, startSecurityApp, type SecurityApp } from "../support/routes";

// JSON nested past a small depth is 400, checked without recursion on the client's data (issue 11,
// section 4): 30,000 levels once overflowed the stack of a recursive check and answered 500.

let s: SecurityApp;

beforeAll(async () => {
  s = await startSecurityApp({ RATE_LIMIT_ENABLED: false });
});
afterAll(() => s?.app.close());

const arrays = (depth: number) => "[".repeat(depth) + "]".repeat(depth);
const objects = (depth: number) => '{"a":'.repeat(depth) + "1" + "}".repeat(depth);

// The webhook reads its raw body for the signature and parses nothing unsigned.
const JSON_ROUTES = ROUTE_CASES.filter((route) => route.takesBody && route.path !== "/api/webhooks/stripe");

const send = (route: (typeof JSON_ROUTES)[number], body: string) =>
  rawRequest(s.app.baseUrl, {
    method: route.method,
    target: route.path,
    headers: { ...s.credentials(route), "Content-Type": "application/json" },
    body,
  });

describe.each(JSON_ROUTES.map((route) => [`${route.method} ${route.path}`, route] as const))("%s", (_, route) => {
  test.each([
    ["30,000 nested arrays", arrays(30_000)],
    ["10,000 nested objects (about as deep as 64 KB holds)", objects(10_000)],
    [`${MAX_JSON_DEPTH + 1} nested arrays`, arrays(MAX_JSON_DEPTH + 1)],
  ])("%s: 400 naming the body", async (_, body) => {
    const response = await send(route, body);
    expect(response.status).toBe(400);
    expect(jsonOf(response)).toEqual(errorNaming(route.shape, "body"));
    expect(response.body).toContain(`nests deeper than ${MAX_JSON_DEPTH} levels`);
  });
});

test(`${MAX_JSON_DEPTH} levels are within the bound: the schema decides instead`, async () => {
  const route = JSON_ROUTES.find((r) => r.path === "/v1/resolve")!;
  const response = await send(route, `{"names":["alice.web3"],"extra":${arrays(MAX_JSON_DEPTH - 1)}}`);
  expect(response.status).toBe(400);
  expect(response.body).not.toContain("nests deeper");
  expect(response.body).toContain("extra");
});

test("U+0000 anywhere in the body is refused, naming the field", async () => {
  const route = JSON_ROUTES.find((r) => r.path === "/v1/resolve")!;
  const response = await send(route, JSON.stringify({ names: ["alice.web3", "bob\u0000.web3"] }));
  expect(response.status).toBe(400);
  expect(jsonOf(response)).toEqual({ field: "names.1", info: "names.1 must not contain NUL characters." });
});

// A lone surrogate (`\ud800` escaped alone) is no Unicode text; Prisma's engine failed on it with a
// 500 (found by the fuzz suite on POST /v1/operator/partner-payouts's `reference`). Every JSON route
// refuses it before the schema, naming the field.
describe.each(JSON_ROUTES.map((route) => [`${route.method} ${route.path}`, route] as const))("%s", (_, route) => {
  test("a lone surrogate in a value or a field name: 400 naming it", async () => {
    const inValue = await send(route, '{"x":"a\\ud800b"}');
    expect(inValue.status).toBe(400);
    expect(jsonOf(inValue)).toEqual(errorNaming(route.shape, "x"));
    const inName = await send(route, '{"\\udc00":1}');
    expect(inName.status).toBe(400);
    expect(jsonOf(inName)).toEqual(errorNaming(route.shape, "body"));
  });
});
