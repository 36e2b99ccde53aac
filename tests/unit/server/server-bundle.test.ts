// `npm start` and the tests' server processes run lib/server/main.ts compiled into one file with
// the API's route files (scripts/server-bundle.mjs): every route the router serves must be in it.
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { ensureServerBundle } from "@/scripts/server-bundle.mjs";
import { listApiRoutes } from "@/lib/server/router";

test("the server's bundle carries every API route file and needs no TypeScript loader", async () => {
  const bundle = ensureServerBundle();
  const text = readFileSync(bundle, "utf8");
  const handedOver = /provideRouteModules\(\{([^}]*)\}\)/.exec(text);
  expect(handedOver).not.toBeNull();
  const keys = new Set([...handedOver![1].matchAll(/"([^"]+)": \w+/g)].map((match) => match[1]));
  const appDir = path.join(process.cwd(), "app");
  const files = new Set((await listApiRoutes()).map((route) => path.relative(appDir, route.file)));
  expect(files.size).toBeGreaterThan(20);
  for (const file of files) expect(keys, file).toContain(file);
  // Packages stay in node_modules; the project's own modules, its `@/` paths and Next.js's
  // `server-only` marker are compiled in.
  expect(text).not.toMatch(/from "(@\/|server-only|\.\.?\/)/);
  expect(text).not.toMatch(/import\("(@\/|\.\.?\/)/);
});

test("an unchanged source tree reuses the bundle", () => {
  const bundle = ensureServerBundle();
  const built = statSync(bundle).mtimeMs;
  expect(ensureServerBundle()).toBe(bundle);
  expect(statSync(bundle).mtimeMs).toBe(built);
});
