// Playwright in Chromium (Debian's when installed), one worker: the machine's cores are shared.
import { existsSync } from "node:fs";
import path from "node:path";
import { defineConfig } from "@playwright/test";

const root = path.resolve(import.meta.dirname, "..", "..");
const systemChromium = "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

export default defineConfig({
  testDir: ".",
  testMatch: "**/*.spec.ts",
  globalSetup: "./global-setup.ts",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  // Not test-results/ itself: Playwright empties its output folder, and other suites write there.
  outputDir: path.join(root, "test-results", "playwright-output"),
  reporter: [["list"], ["json", { outputFile: path.join(root, "test-results", "playwright.json") }]],
  use: {
    browserName: "chromium",
    viewport: { width: 1280, height: 800 },
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: existsSync(systemChromium) ? systemChromium : undefined,
      args: CHROMIUM_ARGS,
    },
  },
});
