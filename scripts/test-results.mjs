// How `npm test` counts a suite's report. A run that crashed is a failed run: a file whose hook or
// import threw, an unhandled error, a Playwright global setup that threw, a suite that reports no
// tests, or a non-zero exit code that no count explains, each counts as a failure.

/**
 * @typedef {{ passed: number, failed: number, skipped: number, problems: string[] }} SuiteCount
 */

/** Counts of a vitest run from scripts/vitest-reporter.mjs's report (null when none was written). */
export function countVitest(report, exitCode) {
  const count = { passed: 0, failed: 0, skipped: 0, problems: [] };
  if (!report) return explainExit(withProblem(count, "no report was written"), exitCode);
  for (const module of report.modules) {
    count.passed += module.passed;
    if (module.errors.length > 0) {
      // Tests that did not run because their file crashed failed; they were not skipped by choice.
      const notRun = module.skipped;
      count.failed += module.failed + notRun;
      if (module.failed + notRun === 0) count.failed++;
      count.problems.push(`${module.file}: ${module.errors[0]}`);
    } else {
      count.failed += module.failed;
      count.skipped += module.skipped;
      if (module.state === "failed" && module.failed === 0)
        withProblem(count, `${module.file}: failed with no failing test`);
    }
    if (module.passed + module.failed + module.skipped === 0 && module.errors.length === 0) {
      count.failed++;
      count.problems.push(`${module.file}: no tests`);
    }
  }
  for (const error of report.unhandledErrors) {
    count.failed++;
    count.problems.push(`unhandled error: ${error}`);
  }
  if (report.modules.length === 0) withProblem(count, "no test files ran");
  return explainExit(count, exitCode);
}

/** Counts of a Playwright run from its JSON reporter's report (null when none was written). */
export function countPlaywright(report, exitCode) {
  const count = { passed: 0, failed: 0, skipped: 0, problems: [] };
  if (!report) return explainExit(withProblem(count, "no report was written"), exitCode);
  const stats = report.stats ?? {};
  count.passed = (stats.expected ?? 0) + (stats.flaky ?? 0);
  count.failed = stats.unexpected ?? 0;
  count.skipped = stats.skipped ?? 0;
  if (stats.flaky) count.problems.push(`${stats.flaky} flaky`);
  for (const error of report.errors ?? []) {
    count.failed++;
    count.problems.push(
      String(error.message ?? error)
        .split("\n")[0]
        .slice(0, 300),
    );
  }
  if (count.passed + count.failed + count.skipped === 0) withProblem(count, "no tests ran");
  return explainExit(count, exitCode);
}

/** One check whose exit code is its result (the type check, lint). */
export function countCommand(exitCode) {
  return exitCode === 0
    ? { passed: 1, failed: 0, skipped: 0, problems: [] }
    : { passed: 0, failed: 1, skipped: 0, problems: [`exit code ${exitCode}`] };
}

function withProblem(count, problem) {
  count.failed++;
  count.problems.push(problem);
  return count;
}

function explainExit(count, exitCode) {
  if (exitCode !== 0 && count.failed === 0) withProblem(count, `exit code ${exitCode} with no failure reported`);
  return count;
}

/** One summary line: `N passed, N failed[, N skipped]`. */
export function summaryLine({ passed, failed, skipped }) {
  return `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`;
}
