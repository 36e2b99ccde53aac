// A vitest reporter for `npm test`: what every test file did, written as JSON to the path in
// NAMESVC_VITEST_REPORT. Unlike vitest's JSON reporter it keeps what ran outside a test: errors of
// hooks (a throwing beforeAll or afterAll), of imports, and unhandled errors of the whole run.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

const messageOf = (error) =>
  String(error?.message ?? error)
    .split("\n")[0]
    .slice(0, 300);

export default class SummaryReporter {
  onTestRunEnd(testModules, unhandledErrors = [], reason = "") {
    const file = process.env.NAMESVC_VITEST_REPORT;
    if (!file) return;
    const modules = testModules.map((module) => {
      const counts = { passed: 0, failed: 0, skipped: 0 };
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === "passed") counts.passed++;
        else if (state === "failed") counts.failed++;
        else counts.skipped++;
      }
      const errors = [...module.errors()];
      for (const suite of module.children.allSuites()) errors.push(...suite.errors());
      return {
        file: module.relativeModuleId ?? module.moduleId,
        state: module.state(),
        ...counts,
        errors: errors.map(messageOf),
      };
    });
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify({ reason, modules, unhandledErrors: unhandledErrors.map(messageOf) }, null, 1));
  }
}
