// The runner of `npm test` (scripts/test.mjs) on throw-away suites: every way a suite can crash
// must end in a failure count and a non-zero exit, and a healthy suite must still pass.
import { spawn } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";

const root = path.resolve(import.meta.dirname, "..", "..");
const fixtures = path.join(root, "test-results", "runner-fixtures");
afterAll(() => rmSync(fixtures, { recursive: true, force: true }));

interface RunnerResult {
  code: number;
  lastLine: string;
  /** The line before the last: `N skipped` when tests were skipped. */
  skippedLine: string;
  output: string;
}

function runRunner(args: string[]): Promise<RunnerResult> {
  const results = path.join(path.dirname(args[2]), "results");
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, "scripts", "test.mjs"), ...args, "--results", results], {
      cwd: root,
      env: { ...process.env, NAMESVC_VITEST_REPORT: "", FORCE_COLOR: "0" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", reject);
    child.on("close", (code) => {
      const lines = output.trim().split("\n");
      resolve({ code: code ?? 1, lastLine: lines.at(-1) ?? "", skippedLine: lines.at(-2) ?? "", output });
    });
  });
}

// CI reads the last line, which must be exactly `N passed, N failed`; skipped tests, if any, are
// counted on the line before it.
function counts(result: { lastLine: string; skippedLine: string }) {
  const match = /^(\d+) passed, (\d+) failed$/.exec(result.lastLine);
  if (!match) throw new Error(`not a summary line: ${JSON.stringify(result.lastLine)}`);
  const skipped = /^(\d+) skipped$/.exec(result.skippedLine);
  return { passed: Number(match[1]), failed: Number(match[2]), skipped: Number(skipped?.[1] ?? 0) };
}

/** A throw-away vitest suite: one folder with a config and the given test files. */
function vitestSuite(name: string, files: Record<string, string>): string {
  const dir = path.join(fixtures, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, "vitest.config.mjs"),
    `export default { test: { root: ${JSON.stringify(dir)}, include: ["*.test.ts"], pool: "forks" } };\n`,
  );
  for (const [file, text] of Object.entries(files)) writeFileSync(path.join(dir, file), text);
  return path.join(dir, "vitest.config.mjs");
}

function playwrightSuite(name: string, files: Record<string, string>, setup?: string): string {
  const dir = path.join(fixtures, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const globalSetup = setup ? `globalSetup: "./global-setup.ts",` : "";
  writeFileSync(
    path.join(dir, "playwright.config.ts"),
    `export default { testDir: ".", testMatch: "**/*.spec.ts", ${globalSetup} outputDir: "./out" };\n`,
  );
  if (setup) writeFileSync(path.join(dir, "global-setup.ts"), setup);
  for (const [file, text] of Object.entries(files)) writeFileSync(path.join(dir, file), text);
  return path.join(dir, "playwright.config.ts");
}

const passing =
  `import { test, expect } from "vitest";\ntest("one", () => expect(1).toBe(1));\ntest("two", () => ` +
  "expect(2).toBe(2));\n";

describe("vitest suites", () => {
  test("a healthy suite passes with its exact counts", async () => {
    const config = vitestSuite("healthy", {
      "a.test.ts": passing,
      "b.test.ts": `import { test } from "vitest";\ntest.skip("later", () => {});\ntest("x", () => {});\n`,
    });
    const result = await runRunner(["unit", "--vitest-config", config]);
    expect(counts(result)).toEqual({ passed: 3, failed: 0, skipped: 1 });
    expect(result.code).toBe(0);
  });

  test.each([
    [
      "a beforeAll that throws",
      `import { beforeAll, test } from "vitest";\nbeforeAll(() => { throw new Error("cannot start the ` +
        `peer"); });\ntest("a", () => {});\ntest("b", () => {});\n`,
    ],
    [
      "an afterAll that throws",
      `import { afterAll, test } from "vitest";\nafterAll(() => { throw new Error("cannot stop the peer"); ` +
        `});\ntest("a", () => {});\n`,
    ],
    [
      "a beforeAll inside a describe that throws",
      `import { beforeAll, describe, test } from "vitest";\ndescribe("d", () => { beforeAll(async () => { ` +
        `throw new Error("no database"); }); test("a", () => {}); });\n`,
    ],
    [
      "an unhandled rejection",
      `import { test } from "vitest";\ntest("a", () => { void Promise.reject(new Error("lost promise")); ` +
        `});\ntest("b", async () => { await new Promise((r) => setTimeout(r, 50)); });\n`,
    ],
    [
      "an error thrown later by a timer",
      `import { test } from "vitest";\ntest("a", () => { setTimeout(() => { throw new Error("late"); }, ` +
        `1); });\ntest("b", async () => { await new Promise((r) => setTimeout(r, 50)); });\n`,
    ],
    [
      "a broken import",
      `import { test } from "vitest";\nimport { nothing } from "./does-not-exist";\ntest("a", () => void nothing);\n`,
    ],
    ["a file with no tests", `export const nothing = 1;\n`],
  ])("%s is a failure and a non-zero exit", async (name, text) => {
    const config = vitestSuite(name.replace(/\W+/g, "-"), { "healthy.test.ts": passing, "broken.test.ts": text });
    const result = await runRunner(["unit", "--vitest-config", config]);
    const summary = counts(result);
    expect(summary.failed).toBeGreaterThanOrEqual(1);
    expect(summary.passed).toBeGreaterThanOrEqual(2);
    expect(result.code).not.toBe(0);
  });

  test("a crashed beforeAll's tests are failures, not skips", async () => {
    const config = vitestSuite("crash-counts", {
      "broken.test.ts":
        `import { beforeAll, test } from "vitest";\nbeforeAll(() => { throw new Error("boom"); ` +
        `});\ntest("a", () => {});\ntest("b", () => {});\ntest("c", () => {});\n`,
    });
    const result = await runRunner(["unit", "--vitest-config", config]);
    expect(counts(result)).toEqual({ passed: 0, failed: 3, skipped: 0 });
    expect(result.output).toContain("boom");
  });
});

describe("Playwright suites", () => {
  const spec = `import { test, expect } from "@playwright/test";\ntest("adds", () => expect(1 + 1).toBe(2));\n`;

  test("a healthy suite passes", async () => {
    const config = playwrightSuite("pw-healthy", { "a.spec.ts": spec });
    const result = await runRunner(["e2e", "--playwright-config", config]);
    expect(counts(result)).toEqual({ passed: 1, failed: 0, skipped: 0 });
    expect(result.code).toBe(0);
  });

  test("a global setup that throws is a failure", async () => {
    const config = playwrightSuite(
      "pw-setup",
      { "a.spec.ts": spec },
      `export default async function setup() { throw new Error("next build failed"); }\n`,
    );
    const result = await runRunner(["e2e", "--playwright-config", config]);
    expect(counts(result).failed).toBeGreaterThanOrEqual(1);
    expect(result.output).toContain("next build failed");
    expect(result.code).not.toBe(0);
  });

  test("a spec that fails to import is a failure", async () => {
    const config = playwrightSuite("pw-import", {
      "a.spec.ts": spec,
      "b.spec.ts":
        `import { test } from "@playwright/test";\nimport { gone } from "./gone";\n` + `test("b", () => void gone);\n`,
    });
    const result = await runRunner(["e2e", "--playwright-config", config]);
    expect(counts(result).failed).toBeGreaterThanOrEqual(1);
    expect(result.code).not.toBe(0);
  });
});
