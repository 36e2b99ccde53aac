// The operator's console: signing in with the token `npm run operator -- token` printed (a
// partner's token is refused), the reconciliation of the week with a card sale made here, and its
// CSV, what needs attention, and a hand action (refunding that sale) with its audit entry, at phone
// and desktop widths.
import { randomUUID } from "node:crypto";
import { adminToken, expect, expectNoHorizontalScroll, screenshot, test } from "./support/fixtures";

function operatorToken(): string {
  const token = process.env.E2E_OPERATOR_TOKEN;
  if (!token) throw new Error("E2E_OPERATOR_TOKEN is unset");
  return token;
}

for (const width of [390, 1280]) {
  test(`the operator reconciles the week at ${width} px`, async ({ page, request, baseURL, problems }) => {
    await page.setViewportSize({ width, height: 900 });
    const domain = `op${randomUUID().slice(0, 8)}.web3`;
    const bought = await request.post(`${baseURL}/v1/market/purchase`, {
      data: {
        checkoutId: randomUUID(),
        domain,
        ownerAddress: "0x8ba1f109551bD432803012645Ac136ddd64DBA72",
        walletAddrs: [],
        years: 1,
      },
    });
    expect(bought.status()).toBe(200);
    const { orderId, processorCheckoutSession } = await bought.json();
    const paid = await request.post(`${baseURL}/api/test-processor/pay`, {
      data: { clientSecret: processorCheckoutSession, cardNumber: "4242424242424242" },
    });
    expect(paid.status()).toBe(200);

    await page.goto("/operator");
    await page.getByLabel("Operator token").fill(adminToken());
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "not a valid operator token" })).toBeVisible();

    await page.getByLabel("Operator token").fill(operatorToken());
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { name: "Reconciliation" })).toBeVisible();
    const row = page.getByTestId("reconciliation-orders").getByRole("row").filter({ hasText: domain });
    await expect(row).toContainText("COMPLETED");
    await expect(row).toContainText("$10.00");
    await expect(page.getByTestId("reconciliation-totals")).toContainText("Received");
    await expectNoHorizontalScroll(page);
    await screenshot(page, "operator-reconciliation");

    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download CSV" }).click();
    const csv = await (await download).createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of csv) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    expect(text.split("\r\n")[0]).toMatch(/^orderId,createdAt,domain,/);
    expect(text).toContain(`"${domain}"`);

    await expect(page.getByRole("heading", { name: "Needs attention" })).toBeVisible();
    await expect(page.getByTestId("refunds-owed")).toContainText("Refunds owed");

    // A hand action: refund the sale made above, with a reason the audit log keeps.
    await page.getByLabel("Action", { exact: true }).selectOption("refund-order");
    await page.getByLabel("Order id", { exact: true }).fill(orderId);
    // A reason too short to say why is refused at its box, in the API's words, and nothing is done.
    await page.getByLabel("Reason (kept in the audit log)").fill("no");
    await page.getByRole("button", { name: "Do it" }).click();
    await expect(page.getByText("reason must say why, in words (3 to 500 characters)")).toBeVisible();
    await expect(page.getByTestId("action-outcome")).toHaveCount(0);
    const reason = `E2E at ${width} px: the buyer asked`;
    await page.getByLabel("Reason (kept in the audit log)").fill(reason);
    await page.getByRole("button", { name: "Do it" }).click();
    await expect(page.getByTestId("action-outcome")).toContainText("REFUNDED");
    const entry = page.getByTestId("audit-log").getByRole("listitem").filter({ hasText: reason });
    await expect(entry).toContainText(`refund-order · order:${orderId}`);
    await expect(row).toContainText("REFUNDED");
    await expectNoHorizontalScroll(page);
    await screenshot(page, `operator-actions-${width}`);

    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page.getByLabel("Operator token")).toBeVisible();
    // The one 401 is the refused partner token's check, asked for above.
    expect(problems.errors.filter((e) => !/status of 401 .*\/v1\/operator\/reconciliation/.test(e))).toEqual([]);
    expect(problems.errors.filter((e) => /status of 401/.test(e))).toHaveLength(1);
  });
}
