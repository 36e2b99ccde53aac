// The partner dashboard: signing in by pasting a token, the token lifecycle, and the sub-domains
// of brand.web3 (2,500 of them) loaded page by page while scrolling.
import { adminToken, expect, screenshot, signInOnDashboard, test } from "./support/fixtures";

test.use({ permissions: ["clipboard-read", "clipboard-write"] });

test("sign in with a pasted token kept in sessionStorage only", async ({ page, context }) => {
  await page.goto("/partner");
  await page.getByLabel("Access token").fill("not a token");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "That is not an access token" })).toBeVisible();

  await page.getByLabel("Access token").fill(adminToken());
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Access tokens" })).toBeVisible();

  const stored = await page.evaluate(() => ({
    session: Object.values(sessionStorage),
    local: Object.values(localStorage),
    cookie: document.cookie,
    url: location.href,
  }));
  expect(stored.session).toContain(adminToken());
  expect(stored.local).not.toContain(adminToken());
  expect(stored.cookie).not.toContain(adminToken());
  expect(stored.url).not.toContain(adminToken());
  expect((await context.cookies()).map((c) => c.value)).not.toContain(adminToken());

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  expect(await page.evaluate(() => Object.values(sessionStorage))).not.toContain(adminToken());
});

test("create a token (value shown once, copyable), use it, delete it with confirmation", async ({
  page,
  request,
  baseURL,
}) => {
  await signInOnDashboard(page);
  const label = `ci-bot-${Date.now()}`;
  await page.getByLabel("Label", { exact: true }).fill(label);
  await page.getByLabel("Type", { exact: true }).selectOption("ADMIN");
  await page.getByRole("button", { name: "Create token" }).click();

  const created = page.getByTestId("new-token");
  await expect(created).toContainText(`Token “${label}” created`);
  const value = (await created.getByTestId("new-token-value").innerText()).trim();
  expect(value).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  await created.getByRole("button", { name: "Copy new token value" }).click();
  await expect(created.getByRole("button", { name: "Copy new token value" })).toHaveText("Copied");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(value);

  const row = page.getByTestId("tokens-table").getByRole("row").filter({ hasText: label });
  await expect(row).toContainText("ADMIN");
  await expect(row).not.toContainText(value);
  await created.getByRole("button", { name: /I have copied it/ }).click();
  await expect(page.getByText(value)).toHaveCount(0);

  const withNewToken = await request.get(`${baseURL}/v1/partner/access-token`, {
    headers: { authorization: `Bearer ${value}` },
  });
  expect(withNewToken.status()).toBe(200);
  await screenshot(page, "partner-tokens");

  await row.getByRole("button", { name: `Delete token ${label}` }).click();
  const dialog = page.getByRole("dialog", { name: `Delete “${label}”?` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toBeVisible();

  await row.getByRole("button", { name: `Delete token ${label}` }).click();
  await dialog.getByRole("button", { name: "Delete token" }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toHaveCount(0);
  const afterDelete = await request.get(`${baseURL}/v1/partner/access-token`, {
    headers: { authorization: `Bearer ${value}` },
  });
  expect(afterDelete.status()).toBe(401);
});

test("parent domains: validation reasons, per-day chart, and infinite scroll through 2,500 sub-domains", async ({
  page,
  problems,
}) => {
  test.setTimeout(180_000);
  await signInOnDashboard(page);
  await page.getByLabel("Parent domain to check").fill("plain.web3");
  await page.getByRole("button", { name: "Show", exact: true }).click();
  const plain = page.getByTestId("parent-plain.web3");
  await expect(plain).toContainText("Not configured");
  await expect(plain.getByTestId("validation-reasons").getByRole("listitem").first()).toBeVisible();

  await page.getByLabel("Parent domain to check").fill("brand.web3");
  await page.getByRole("button", { name: "Show", exact: true }).click();
  const brand = page.getByTestId("parent-brand.web3");
  await expect(brand).toContainText("Configured for sub-domains");
  await expect(brand.getByTestId("per-day-chart").locator("rect").first()).toBeVisible();
  const bars = await brand.getByTestId("per-day-chart").locator("rect").count();
  expect(bars).toBeGreaterThan(30);
  await expect(brand).toContainText("(2,500, newest first)");

  const items = brand.getByTestId("subdomain-list").getByRole("listitem").filter({ hasText: "brand.web3" });
  await expect(items).toHaveCount(50);
  await screenshot(page, "partner-parent-domains");
  const scroller = brand.getByTestId("subdomain-scroller");
  for (let round = 0; round < 120; round++) {
    if (await brand.getByTestId("subdomain-end").isVisible()) break;
    const before = await items.count();
    await scroller.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await expect.poll(() => items.count(), { timeout: 10_000 }).toBeGreaterThan(before);
  }
  await expect(brand.getByTestId("subdomain-end")).toHaveText("All 2,500 shown");
  const rows = await items.evaluateAll((lis) =>
    lis.map((li) => ({ name: li.children[0].textContent, at: li.children[1].textContent })),
  );
  expect(rows).toHaveLength(2500);
  expect(new Set(rows.map((r) => r.name)).size).toBe(2500);
  const times = rows.map((r) => r.at!);
  expect([...times].sort().reverse()).toEqual(times);
  expect(problems.errors).toEqual([]);
});
