// `npm run openapi:operations`: writes app/v1/openapi.json/operations.ts, the list of every /v1 route
// folder's OpenAPI operations (its openapi.ts beside route.ts), from the route files. Route modules
// are bundled (Next.js, scripts/server-bundle.mjs), so the document's sources are static imports,
// generated here rather than written twice; a test fails when the list is stale.
import { existsSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import * as prettier from "prettier";

const APP = path.join(import.meta.dirname, "..", "app");
export const OPERATIONS_INDEX_FILE = path.join(APP, "v1", "openapi.json", "operations.ts");

/** Every folder under app/v1 with a route file, catch-alls left out, sorted (relative to app/). */
export function routeFolders(dir = path.join(APP, "v1")): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith("[[...")) continue;
    const sub = path.join(dir, entry.name);
    if (readdirSync(sub).some((name) => /^route\.(ts|js|mjs)$/.test(name))) found.push(path.relative(APP, sub));
    found.push(...routeFolders(sub));
  }
  return found.map((folder) => folder.split(path.sep).join("/")).sort();
}

/** `v1/market/order/[orderID]/refunds` → `v1MarketOrderOrderIDRefunds`. */
const identifierOf = (folder: string) =>
  folder.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? "").toUpperCase());

export async function operationsIndexSource(): Promise<string> {
  const folders = routeFolders();
  const missing = folders.filter((folder) => !existsSync(path.join(APP, folder, "openapi.ts")));
  if (missing.length > 0) throw new Error(`Route folders without an openapi.ts: ${missing.join(", ")}.`);
  const source = [
    "// Generated from the route list by `npm run openapi:operations` (scripts/openapi-operations.ts); do not edit.",
    "// Every /v1 route's operations, from the openapi.ts beside its route.ts, in path order.",
    'import type { Operation } from "@/lib/contract/openapi/operation";',
    ...folders.map((folder) => `import { operations as ${identifierOf(folder)} } from "@/app/${folder}/openapi";`),
    "",
    `export const operations: readonly Operation[] = [${folders.map((f) => `...${identifierOf(f)}`).join(", ")}];`,
    "",
  ].join("\n");
  const options = (await prettier.resolveConfig(OPERATIONS_INDEX_FILE)) ?? {};
  return prettier.format(source, { ...options, filepath: OPERATIONS_INDEX_FILE });
}

if (import.meta.main) {
  writeFileSync(OPERATIONS_INDEX_FILE, await operationsIndexSource());
  console.log(`wrote ${OPERATIONS_INDEX_FILE}`);
}
