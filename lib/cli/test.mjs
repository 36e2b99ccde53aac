// `npm test`: every suite, then one summary line `N passed, N failed` (CI reads that line).
//   1. type check (tsc)                              — counts as one test
//   2. unit, API and integration suites on PGlite    — vitest
//   3. the API suite on a real PostgreSQL server     — TEST_DATABASE_URL, or a throw-away server
//      started from the machine's PostgreSQL binaries (Debian's `postgresql` package); then
//      once more with requests spread over two server instances sharing that server
//   4. the browser suite                             — Playwright in Chromium
// Pass suite names to run only some: `npm test -- types unit postgres instances e2e`.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { ensurePrismaClient } from "./start.mjs";
import { startTempPostgres } from "./postgres-temp.mjs";

const root = path.resolve(import.meta.dirname, "..", "..");
const results = path.join(root, "test-results");
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const wanted = new Set(process.argv.slice(2));
const runs = (name) => wanted.size === 0 || wanted.has(name);
const totals = { passed: 0, failed: 0, skipped: 0 };
const lines = [];

function run(cmd, args, env = {}) {
  return spawnSync(cmd, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } }).status ?? 1;
}

function record(suite, passed, failed, skipped = 0, note = "") {
  totals.passed += passed;
  totals.failed += failed;
  totals.skipped += skipped;
  lines.push(`${suite.padEnd(12)} ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}${note ? ` (${note})` : ""}`);
}

function readVitest(file, suite, exitCode) {
  if (!existsSync(file)) return record(suite, 0, 1, 0, `no report; exit code ${exitCode}`);
  const report = JSON.parse(readFileSync(file, "utf8"));
  // A file that fails to load has no tests; count it as a failure.
  const brokenFiles = report.testResults.filter((f) => f.status === "failed" && f.assertionResults.length === 0).length;
  record(suite, report.numPassedTests, report.numFailedTests + brokenFiles, report.numPendingTests + report.numTodoTests);
}

function vitest(suite, reportName, patterns, env = {}) {
  const file = path.join(results, reportName);
  rmSync(file, { force: true });
  const code = run(bin("vitest"), ["run", "--config", "tests/vitest.config.ts", "--outputFile.json", file, ...patterns], env);
  readVitest(file, suite, code);
}

mkdirSync(results, { recursive: true });
ensurePrismaClient();

if (runs("types")) {
  console.log("\n== type check ==");
  const code = run(bin("tsc"), ["--noEmit", "-p", "tsconfig.json"]);
  record("types", code === 0 ? 1 : 0, code === 0 ? 0 : 1);
}

if (runs("unit")) {
  console.log("\n== unit, API and integration suites (PGlite) ==");
  vitest("pglite", "vitest.json", []);
}

if (runs("postgres") || runs("instances")) {
  console.log("\n== API suite on PostgreSQL ==");
  let server;
  let url = process.env.TEST_DATABASE_URL;
  if (!url) {
    server = await startTempPostgres({ log: (m) => console.log(m) }).catch((error) => {
      console.error(error.message);
      return null;
    });
    url = server?.url;
  }
  if (url) {
    try {
      if (runs("postgres")) vitest("postgres", "vitest-postgres.json", ["tests/api"], { TEST_DATABASE_URL: url });
      if (runs("instances")) {
        console.log("\n== API suite over two instances on PostgreSQL ==");
        vitest("2 instances", "vitest-instances.json", ["tests/api"], { TEST_DATABASE_URL: url, TEST_INSTANCES: "2" });
      }
    } finally {
      await server?.stop();
    }
  } else if (server === null) record("postgres", 0, 1, 0, "PostgreSQL did not start");
  else record("postgres", 0, 0, 1, "no PostgreSQL installed: apt-get install postgresql");
}

if (runs("e2e")) {
  console.log("\n== browser suite (Playwright) ==");
  const config = path.join(root, "tests", "e2e", "playwright.config.ts");
  if (!existsSync(config)) record("e2e", 0, 0, 0, "no browser suite");
  else {
    const file = path.join(results, "playwright.json");
    rmSync(file, { force: true });
    const code = run(bin("playwright"), ["test", "-c", config], { PLAYWRIGHT_JSON_OUTPUT_NAME: file });
    if (!existsSync(file)) record("e2e", 0, 1, 0, `no report; exit code ${code}`);
    else {
      const { stats } = JSON.parse(readFileSync(file, "utf8"));
      record("e2e", stats.expected + stats.flaky, stats.unexpected, stats.skipped, stats.flaky ? `${stats.flaky} flaky` : "");
    }
  }
}

console.log("\n== summary ==");
for (const line of lines) console.log(line);
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ""}`);
process.exit(totals.failed > 0 ? 1 : 0);
