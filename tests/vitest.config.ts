// Vitest runs the unit, API and integration suites; each test file gets its own process and
// its own in-memory database. As many files run at once as the machine has cores (vitest's own
// default leaves one core out: a single file at a time on CI's 2 cores). One file alone leaves the
// cores about 40% idle while it waits on the servers it starts; two at once took the PostgreSQL
// suite from 464 to 312 s on 2 cores, all passing. VITEST_MAX_WORKERS=1 runs one file at a time.
import { availableParallelism } from "node:os";
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
    maxWorkers: Math.max(availableParallelism(), 2),
    setupFiles: ["tests/support/decimal-equality.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ["default", "json"],
    outputFile: { json: "test-results/vitest.json" },
  },
});
