// The page fixture of every spec: the server the global setup started, and a record of console
// errors and uncaught exceptions that a test can assert is empty.
import { test as base, expect, type Page } from "@playwright/test";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { ROOT } from "./app-server";

export interface Problems {
  errors: string[];
}

export const test = base.extend<{ problems: Problems }>({
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error("E2E_BASE_URL is unset: run through tests/e2e/playwright.config.ts");
    await use(url);
  },
  problems: async ({ page }, use) => {
    const problems: Problems = { errors: [] };
    page.on("console", (message) => {
      if (message.type() === "error") problems.errors.push(`console: ${message.text()} (${message.location().url})`);
    });
    page.on("pageerror", (error) => problems.errors.push(`pageerror: ${error.message}`));
    await use(problems);
  },
});

export { expect };

export function adminToken(): string {
  const token = process.env.E2E_ADMIN_TOKEN;
  if (!token) throw new Error("E2E_ADMIN_TOKEN is unset");
  return token;
}

/** Signs in the way a person does: pasting the token into the dashboard's form. */
export async function signInOnDashboard(page: Page, token = adminToken()) {
  await page.goto("/partner");
  await page.getByLabel("Access token").fill(token);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Access tokens" })).toBeVisible();
}

const SCREENSHOT_DIR = path.join(ROOT, "test-results", "screenshots");

export async function screenshot(page: Page, name: string) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const size = page.viewportSize();
  await page.screenshot({
    path: path.join(SCREENSHOT_DIR, `${name}-${size?.width}x${size?.height}.png`),
    fullPage: true,
  });
}

/** No horizontal scroll: the document is never wider than the window. */
export async function expectNoHorizontalScroll(page: Page, label = page.url()) {
  const { scrollWidth, innerWidth, widest } = await page.evaluate(() => {
    // Names the elements that stick out of the window without a scrolling ancestor to hold them.
    const clipped = (el: Element) => {
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement)
        if (getComputedStyle(up).overflowX !== "visible") return true;
      return false;
    };
    const over = [...document.querySelectorAll("body *")].filter(
      (el) => el.getBoundingClientRect().right > window.innerWidth + 0.5 && !clipped(el),
    );
    const widest = over.slice(0, 3).map((el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)}`);
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth, widest };
  });
  expect(
    scrollWidth,
    `${label}: document is ${scrollWidth}px wide in a ${innerWidth}px window (${widest.join("; ")})`,
  ).toBeLessThanOrEqual(innerWidth);
}

/** A valid EVM owner address (Hardhat/ganache's well-known second account). */
export const OWNER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

/** A fresh label for a name nobody has bought yet in this run. */
export function freshLabel(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
}
