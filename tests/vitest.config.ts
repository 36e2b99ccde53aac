// Vitest runs the unit, API and integration suites; each test file gets its own process and
// its own in-memory database.
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const root = fileURLToPath(new URL("..", import.meta.url));

export default defineConfig({
  root,
  resolve: {
    alias: [
      { find: /^server-only$/, replacement: `${root}tests/support/empty-module.ts` },
      { find: /^@\//, replacement: root },
    ],
  },
  test: {
    include: [
      "tests/unit/**/*.test.ts",
      "tests/api/**/*.test.ts",
      "tests/integration/**/*.test.ts",
      "tests/security/**/*.test.ts",
      "tests/runner/**/*.test.ts",
    ],
    pool: "forks",
    setupFiles: ["tests/support/decimal-equality.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ["default", "json"],
    outputFile: { json: "test-results/vitest.json" },
  },
});
