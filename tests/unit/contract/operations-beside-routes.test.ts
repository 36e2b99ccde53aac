import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { describe, expect, test } from "vitest";
import { operations } from "@/app/v1/openapi.json/document";
import { listApiRoutes } from "@/lib/server/router";
import { OPERATIONS_INDEX_FILE, operationsIndexSource } from "@/scripts/openapi-operations";

// Each /v1 route folder holds its OpenAPI operations (openapi.ts beside route.ts); the document
// collects them from the route list (app/v1/openapi.json/operations.ts, generated). What the route's
// endpoint() states and what its operation tells clients must agree.

test("the collected list is the route list's (else: npm run openapi:operations)", async () => {
  expect(readFileSync(OPERATIONS_INDEX_FILE, "utf8")).toBe(await operationsIndexSource());
});

describe("every /v1 endpoint and its operation", async () => {
  const routes = (await listApiRoutes()).filter((route) => route.path.startsWith("/v1/"));
  // The CCIP-Read GET's path ends in `{data}.json` (EIP-3668 clients append it); its folder is [data].
  const routeKey = (method: string, path: string) => `${method.toUpperCase()} ${path.replace("{data}.json", "{data}")}`;
  const byKey = new Map(operations.map((op) => [routeKey(op.method, op.path), op]));

  test("one operation per endpoint, and none for a route that does not exist", () => {
    expect(routes.length).toBeGreaterThan(50);
    expect(operations.length).toBe(byKey.size);
    expect([...byKey.keys()].sort()).toEqual(routes.map((route) => route.key).sort());
  });

  test.each(routes.map((route) => [route.key, route] as const))(
    "%s: its operation is exported beside its route file",
    async (key, route) => {
      const beside = (await import(pathToFileURL(route.file.replace(/route\.ts$/, "openapi.ts")).href)) as {
        operations: unknown[];
      };
      expect(beside.operations).toContain(byKey.get(key));
    },
  );

  test.each(routes.map((route) => [route.key, route] as const))(
    "%s: error shape, tokens and rate limit agree",
    (key, route) => {
      const op = byKey.get(key)!;
      const declaration = route.declaration!;
      expect(op.errors).toBe(declaration.errors);
      // Partner tokens checked by the wrapper; owner and operator credentials are checked by the handler.
      if (declaration.allow) expect(op.auth).toEqual(declaration.allow);
      else expect(op.auth ?? ["OWNER"]).not.toContain("ADMIN");
      // No 429 in the document exactly where the route states no rate limit.
      expect(op.rateLimited !== false).toBe(declaration.policy.rateLimit !== null);
    },
  );
});
