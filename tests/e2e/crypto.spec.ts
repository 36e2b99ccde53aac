// A crypto checkout up to the QR code and the countdown, then a real ETH transfer on the local
// chain to the shown deposit address: the page's status changes by itself.
import { parseEther } from "viem";
import { expect, freshLabel, OWNER, screenshot, test } from "./support/fixtures";
import { mineBlocks, sendEth } from "./support/evm";

test("pay in ETH: QR code, countdown, and the status updating when the payment is detected", async ({
  page,
  problems,
}) => {
  const name = `${freshLabel("crypto")}.web3`;
  await page.goto(`/checkout/${name}`);
  await page.getByLabel("Owner address").fill(OWNER);
  await page.getByRole("radio", { name: /Crypto/ }).check();
  await page.getByLabel("Pay with").selectOption("ETH");
  await page.getByLabel("Your name").fill("Ada Lovelace");
  await page.getByLabel("E-mail for the receipt").fill("ada@example.com");
  await page.getByRole("button", { name: "Pay with ETH" }).click();

  const panel = page.getByTestId("crypto-panel");
  await expect(panel.getByTestId("payment-qr")).toBeVisible();
  await expect(panel.getByTestId("crypto-status")).toHaveText("Awaiting payment");
  await expect(panel.getByTestId("countdown")).toHaveText(/Offer expires in 1[45]:\d\d/);
  const first = await panel.getByTestId("countdown").innerText();
  await expect(panel.getByTestId("countdown")).not.toHaveText(first, { timeout: 5_000 });
  await expect(panel.getByRole("button", { name: "Copy deposit address" })).toBeVisible();
  await screenshot(page, "checkout-crypto");

  const depositAddress = (await panel.getByTestId("deposit-address").innerText()).trim();
  expect(depositAddress).toMatch(/^0x[0-9a-fA-F]{40}$/);
  const heading = await panel.getByRole("heading", { name: /^Send [\d.]+ ETH$/ }).innerText();
  const amountEth = heading.replace(/^Send /, "").replace(/ ETH$/, "");

  await sendEth(depositAddress, parseEther(amountEth));
  await mineBlocks(3);

  await expect(panel.getByTestId("crypto-status")).toHaveText(/Paid — registering|Completed/, { timeout: 30_000 });
  await expect(panel.getByTestId("crypto-status-reason")).not.toHaveText("Waiting for your payment…");
  await expect(panel.getByTestId("payment-qr")).toHaveCount(0);
  await panel.getByRole("link", { name: "View the order" }).click();
  await expect(page.getByTestId("order-status")).toHaveText("Completed", { timeout: 30_000 });
  expect(problems.errors).toEqual([]);
});
