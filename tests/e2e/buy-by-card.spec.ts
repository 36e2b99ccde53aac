// A person searches for a name, buys it by card in test mode and sees it resolve.
import { expect, freshLabel, OWNER, screenshot, test } from "./support/fixtures";

test("search, buy by card in test mode, see the order complete and the name resolve", async ({ page, problems }) => {
  const label = freshLabel("card");
  const name = `${label}.web3`;

  await page.goto("/");
  await page.getByLabel("Name to search").fill(label);
  const result = page.getByTestId("search-result").filter({ hasText: name });
  await expect(result).toContainText("Available");
  const priceText = await result.getByText(/\$[\d,.]+ \/ year/).innerText();
  const pricePerYear = Number(priceText.replace(/[^\d.]/g, ""));
  expect(pricePerYear).toBeGreaterThan(0);
  await result.getByRole("link", { name: `Buy ${name}` }).click();

  await expect(page).toHaveURL(new RegExp(`/checkout/${name.replace(".", "\\.")}$`));
  await expect(page.getByRole("heading", { name: `Buy ${name}` })).toBeVisible();
  await page.getByLabel("Registration period").selectOption("2");
  await expect(page.getByTestId("checkout-total")).toHaveText(`$${(pricePerYear * 2).toFixed(2)}`);

  // Addresses are judged as they are typed, by coin.
  const owner = page.getByLabel("Owner address");
  await owner.fill("0x1234");
  await owner.blur();
  await expect(page.getByText(/ownerAddress must be an EVM address/)).toBeVisible();
  await owner.fill(OWNER);
  await expect(page.getByText(/ownerAddress must be an EVM address/)).toHaveCount(0);

  await page.getByRole("button", { name: "Add a wallet address" }).click();
  const walletAddress = page.getByLabel("Address", { exact: true });
  await walletAddress.fill("not-an-address");
  await walletAddress.blur();
  await expect(page.getByText(/not a valid address for coin type 60/)).toBeVisible();
  await walletAddress.fill(OWNER);
  await expect(page.getByText(/not a valid address for coin type 60/)).toHaveCount(0);

  await expect(page.getByRole("radio", { name: /Card/ })).toBeChecked();
  await page.getByRole("button", { name: "Continue to card payment" }).click();

  const checkout = page.getByTestId("test-checkout");
  await expect(checkout).toContainText("Test mode — no real payment is taken");
  await expect(checkout).toContainText("4242 4242 4242 4242");
  await expect(checkout).toContainText("4000 0000 0000 0002");
  await screenshot(page, "checkout-test-card");
  await checkout.getByLabel("Card number").fill("4242 4242 4242 4242");
  await checkout.getByRole("button", { name: /Pay \$[\d.,]+ \(test\)/ }).click();

  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("order-status")).toHaveText("Completed");
  await expect(page.getByRole("heading", { name })).toBeVisible();
  await screenshot(page, "order-completed");
  await page.getByRole("link", { name: `See how ${name} resolves` }).click();

  // Anyone may look a name up: no token is asked.
  await expect(page.getByTestId("owner-address")).toHaveText(OWNER);
  const wallets = page.getByRole("region", { name: "Wallets" });
  await expect(wallets).toContainText("ETH");
  await expect(wallets).toContainText(OWNER);

  expect(problems.errors).toEqual([]);
});

test("a declined test card says why and lets the person try another card", async ({ page }) => {
  const name = `${freshLabel("decline")}.meta`;
  await page.goto(`/checkout/${name}`);
  await page.getByLabel("Owner address").fill(OWNER);
  await page.getByRole("button", { name: "Continue to card payment" }).click();
  const checkout = page.getByTestId("test-checkout");
  // A wrong check digit is refused at the field, in the test processor API's words, before any call.
  await checkout.getByLabel("Card number").fill("4242 4242 4242 4241");
  await checkout.getByRole("button", { name: /Pay .* \(test\)/ }).click();
  await expect(checkout).toContainText("cardNumber must be 12 to 19 digits with a valid check digit");
  await expect(checkout.getByLabel("Card number")).toHaveAttribute("aria-invalid", "true");
  await checkout.getByLabel("Card number").fill("4000 0000 0000 0002");
  await checkout.getByRole("button", { name: /Pay .* \(test\)/ }).click();
  await expect(checkout.getByRole("alert")).toContainText("Your card was declined.");
  await expect(page).toHaveURL(/\/checkout\//);
});
