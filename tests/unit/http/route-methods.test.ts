import { readdirSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { expect, test } from "vitest";

// Next.js answers a method a route file does not export by itself: a preflight without CORS, a
// 405 without a body. Every route file therefore exports every method (lib/http/methods.ts), so
// `next start` and lib/server give the same answers. A new route file without them fails here.

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
const root = path.resolve(import.meta.dirname, "..", "..", "..", "app");

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return /^route\.(ts|js|mjs)$/.test(entry.name) ? [full] : [];
  });
}

const files = [...routeFiles(path.join(root, "v1")), ...routeFiles(path.join(root, "api"))];

test("there are route files to check", () => {
  expect(files.length).toBeGreaterThan(20);
});

test.each(files.map((file) => [path.relative(root, file), file]))("%s exports every method", async (_, file) => {
  const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  expect(METHODS.filter((method) => typeof module[method] !== "function")).toEqual([]);
});
