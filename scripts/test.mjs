// `npm test`: every suite, each suite's numbers, the skipped count if any, then one summary line
// `N passed, N failed` (CI reads that last line). Suites, in order:
//   types      the type check (tsc)                                   counts as one test
//   lint       ESLint and Prettier (`npm run lint`)                    counts as one test
//   unit       unit, API, integration, security and runner suites on PGlite (vitest)
//   postgres   the API and security suites on a real PostgreSQL server: TEST_DATABASE_URL, or a
//              throw-away server started from the machine's PostgreSQL binaries (Debian's `postgresql`)
//   instances  the API suite again, requests spread over two server instances sharing that server
//   next       the API and security suites again, served by `next start` (after `next build`) on that server
//   e2e        the browser suite (Playwright in Chromium)
// Pass suite names to run only some: `npm test -- types unit postgres`. A crashed suite is a failed
// suite (scripts/test-results.mjs). `--vitest-config F` and `--playwright-config F` point the
// vitest and browser suites at other configurations, `--results D` puts the reports in another
// folder (the runner's own tests use them).
import "./node-version.mjs";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { ensureNextBuild, ensurePrismaClient } from "./start.mjs";
import { startTempPostgres } from "./postgres-temp.mjs";
import { countCommand, countPlaywright, countVitest, summaryLine } from "./test-results.mjs";

const root = path.resolve(import.meta.dirname, "..");
const bin = (name) => path.join(root, "node_modules", ".bin", name);

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  if (at === -1) return fallback;
  const [, value] = args.splice(at, 2);
  return path.resolve(value);
};
const vitestConfig = option("--vitest-config", path.join(root, "tests", "vitest.config.ts"));
const playwrightConfig = option("--playwright-config", path.join(root, "tests", "e2e", "playwright.config.ts"));
const results = option("--results", path.join(root, "test-results"));
const wanted = new Set(args);
const runs = (name) => wanted.size === 0 || wanted.has(name);

const totals = { passed: 0, failed: 0, skipped: 0 };
const lines = [];

function run(cmd, cmdArgs, env = {}) {
  const child = spawnSync(cmd, cmdArgs, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  if (child.error) console.error(`[test] could not run ${cmd}: ${child.error.message}`);
  return child.status ?? 1;
}

function record(suite, count) {
  totals.passed += count.passed;
  totals.failed += count.failed;
  totals.skipped += count.skipped;
  const problems =
    count.problems.length > 0 ? `\n${count.problems.map((p) => `${" ".repeat(13)}- ${p}`).join("\n")}` : "";
  lines.push(`${suite.padEnd(12)} ${summaryLine(count)}${problems}`);
}

function readJson(file) {
  try {
    return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : null;
  } catch {
    return null;
  }
}

function vitest(suite, patterns, env = {}) {
  const file = path.join(results, `vitest-${suite.replace(/\W+/g, "-")}.json`);
  rmSync(file, { force: true });
  const reporter = path.join(root, "scripts", "vitest-reporter.mjs");
  const code = run(
    bin("vitest"),
    ["run", "--config", vitestConfig, "--reporter=default", `--reporter=${reporter}`, ...patterns],
    {
      ...env,
      NAMESVC_VITEST_REPORT: file,
    },
  );
  record(suite, countVitest(readJson(file), code));
}

mkdirSync(results, { recursive: true });
ensurePrismaClient();
const [major] = process.versions.node.split(".").map(Number);
if (major < 22)
  console.warn(
    `[test] Node ${process.versions.node} is past its end of life; the project is tested on Node 24 (README: "Node").`,
  );

if (runs("types")) {
  console.log("\n== type check ==");
  record("types", countCommand(run(bin("tsc"), ["--noEmit", "-p", "tsconfig.json"])));
}

if (runs("lint")) {
  console.log("\n== lint and format ==");
  record("lint", countCommand(run("npm", ["run", "--silent", "lint"])));
}

if (runs("unit")) {
  console.log("\n== unit, API, integration, security and runner suites (PGlite) ==");
  vitest("pglite", []);
}

if (runs("postgres") || runs("instances") || runs("next")) {
  console.log("\n== API and security suites on PostgreSQL ==");
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
      if (runs("postgres")) vitest("postgres", ["tests/api", "tests/security"], { TEST_DATABASE_URL: url });
      if (runs("instances")) {
        console.log("\n== API suite over two instances on PostgreSQL ==");
        vitest("2 instances", ["tests/api"], { TEST_DATABASE_URL: url, TEST_INSTANCES: "2" });
      }
      if (runs("next")) {
        console.log("\n== API and security suites served by next start ==");
        let built = true;
        try {
          ensureNextBuild();
        } catch (error) {
          built = false;
          record("next", { passed: 0, failed: 1, skipped: 0, problems: [`next build failed: ${error.message}`] });
        }
        if (built) vitest("next", ["tests/api", "tests/security"], { TEST_DATABASE_URL: url, TEST_SERVER: "next" });
      }
    } finally {
      await server?.stop();
    }
  } else {
    const reason = server === null ? "PostgreSQL did not start" : "no PostgreSQL installed: apt-get install postgresql";
    record("postgres", { passed: 0, failed: 1, skipped: 0, problems: [reason] });
  }
}

if (runs("e2e")) {
  console.log("\n== browser suite (Playwright) ==");
  const file = path.join(results, "playwright.json");
  rmSync(file, { force: true });
  const code = run(bin("playwright"), ["test", "-c", playwrightConfig, "--reporter=list,json"], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: file,
  });
  record("e2e", countPlaywright(readJson(file), code));
}

console.log("\n== summary ==");
for (const line of lines) console.log(line);
// CI reads the last line, which is exactly `N passed, N failed`.
if (totals.skipped > 0) console.log(`${totals.skipped} skipped`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed > 0 ? 1 : 0);
