// The owner's side in the browser, with an injected wallet (tests/e2e/support/wallet.ts: a viem local
// account whose signatures are real and which the server checks): a name bought in the browser is
// edited, made primary, renewed and transferred, and each change is read back through
// GET /v1/resolve and GET /v1/reverse. Also: anonymous lookups, and /names without a wallet.
import type { APIRequestContext, Page } from "@playwright/test";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { adminToken, expect, expectNoHorizontalScroll, freshLabel, screenshot, test } from "./support/fixtures";
import { injectWallet } from "./support/wallet";

const SIZES = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];
const ALICE_OWNER = "0x8ba1f109551bD432803012645Ac136ddd64DBA72";
const BTC = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq";
const CID = "bafybeibj6lixxzqtsb45ysdjnupvqkufgdvzqbnvmhw2kf7cfkesy7r7d4";

async function api(request: APIRequestContext, path: string) {
  const res = await request.get(path, { headers: { authorization: `Bearer ${adminToken()}` } });
  return { status: res.status(), body: (await res.json()) as Record<string, unknown> };
}

/** Buys `name` for `owner` in the browser, by test card; answers once the order is complete. */
async function buyByCard(page: Page, name: string, owner: string) {
  await page.goto(`/checkout/${name}`);
  await page.getByLabel("Owner address").fill(owner);
  await page.getByRole("button", { name: "Continue to card payment" }).click();
  const checkout = page.getByTestId("test-checkout");
  await checkout.getByLabel("Card number").fill("4242 4242 4242 4242");
  await checkout.getByRole("button", { name: /Pay .* \(test\)/ }).click();
  await expect(page.getByTestId("order-status")).toHaveText("Completed");
}

for (const size of SIZES) {
  const tag = `${size.width}x${size.height}`;

  test(`an anonymous visitor sees alice.web3's wallets and its reverse lookup at ${tag}`, async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ viewport: size, baseURL });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("console", (m) => void (m.type() === "error" && errors.push(m.text())));
    const lookups: string[] = [];
    page.on("request", (r) => void (r.url().includes("/alice.web3") && lookups.push(r.url())));
    await page.goto("/resolve/alice.web3");
    await expect(page.getByTestId("owner-address")).toHaveText(ALICE_OWNER);
    const wallets = page.getByRole("region", { name: "Wallets" });
    await expect(wallets).toContainText("ETH");
    await expect(wallets).toContainText("BTC");
    // No token was needed, and none was sent: the page used the app's own lookup route.
    expect(lookups.some((url) => url.includes("/api/lookup/resolve/alice.web3"))).toBe(true);
    expect(lookups.some((url) => url.includes("/v1/resolve"))).toBe(false);
    await expect(page.getByText("Partner? Look up with your access token")).toBeVisible();
    await expectNoHorizontalScroll(page, "resolve anonymous");
    await screenshot(page, "resolve-anonymous");

    await page.goto(`/reverse/${ALICE_OWNER}`);
    await expect(page.getByRole("heading", { name: "alice.web3" })).toBeVisible();
    await screenshot(page, "reverse-anonymous");
    expect(errors).toEqual([]);
    await context.close();
  });

  test(`/names without a wallet says so and how to get one at ${tag}`, async ({ browser, baseURL }) => {
    const context = await browser.newContext({ viewport: size, baseURL });
    const page = await context.newPage();
    await page.goto("/names");
    const panel = page.getByTestId("no-wallet");
    await expect(panel.getByRole("heading", { name: "No wallet in this browser" })).toBeVisible();
    await expect(panel.getByRole("link", { name: "MetaMask" })).toBeVisible();
    await expect(panel).toContainText("wallet app");
    await expectNoHorizontalScroll(page, "names without wallet");
    await screenshot(page, "names-no-wallet");
    await context.close();
  });

  test(`a name bought in the browser is edited, made primary, renewed and transferred at ${tag}`, async ({
    browser,
    baseURL,
    request,
  }) => {
    test.setTimeout(240_000);
    const account = privateKeyToAccount(generatePrivateKey());
    const name = `${freshLabel("own")}.web3`;
    const context = await browser.newContext({ viewport: size, baseURL });
    // Announced by EIP-6963, beside a window.ethereum that refuses: sign-in must use the announced one.
    await injectWallet(context, account, "eip6963");
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("console", (m) => void (m.type() === "error" && errors.push(`${m.text()} ${m.location().url}`)));
    page.on("pageerror", (e) => errors.push(e.message));

    await buyByCard(page, name, account.address);

    // Sign in with the wallet.
    await page.goto("/names");
    await page.getByRole("button", { name: "Connect wallet" }).click();
    await expect(page.getByTestId("signed-in-address")).toHaveText(account.address);
    const card = page.getByTestId(`owned-${name}`);
    await expect(card.getByRole("heading", { name })).toBeVisible();
    await expect(card.getByTestId("expiry")).toContainText("Expires");
    await expect(card.getByRole("button", { name: "Set as primary name" })).toBeDisabled();
    await expectNoHorizontalScroll(page, "names signed in");
    await screenshot(page, "names-signed-in");

    // Edit records, with validation as the fields are typed.
    await card.getByRole("button", { name: "Edit records" }).click();
    const form = card.getByRole("form", { name: `Records of ${name}` });
    await form.getByRole("button", { name: "Add a wallet" }).click();
    await form.getByLabel("ETH — Ethereum address", { exact: true }).fill(account.address);
    await form.getByRole("button", { name: "Add a wallet" }).click();
    const btc = form.getByLabel("BTC — Bitcoin address", { exact: true });
    await btc.fill("bc1-not-an-address");
    await expect(form.getByText("addr is not a valid address for coin type 0")).toBeVisible();
    await btc.fill(BTC);
    await expect(form.getByText("addr is not a valid address for coin type 0")).toHaveCount(0);
    await form.getByRole("button", { name: "Add a text record" }).click();
    await form.getByLabel("Key", { exact: true }).fill("url");
    await form.getByLabel("Value of url", { exact: true }).fill("https://example.org/me");
    await form.getByRole("button", { name: "Add a DNS record" }).click();
    const aValue = form.getByLabel("A value", { exact: true });
    await aValue.fill("192.0.2.999");
    await expect(form.getByText(/an A record holds an IPv4 address/)).toBeVisible();
    await aValue.fill("192.0.2.44");
    await expect(form.getByText(/an A record holds an IPv4 address/)).toHaveCount(0);
    const hash = form.getByLabel("IPFS or IPNS address");
    await hash.fill("ipfs://notacid");
    await expect(form.getByText("contentHash is not a valid IPFS CID")).toBeVisible();
    await hash.fill(`ipfs://${CID}`);
    await expect(form.getByText("contentHash is not a valid IPFS CID")).toHaveCount(0);
    await screenshot(page, "names-edit-records");
    await form.getByRole("button", { name: "Save records" }).click();
    await expect(form.getByRole("status")).toHaveText("Saved: the new records resolve now.");

    const resolved = await api(request, `/v1/resolve/${name}`);
    expect(resolved.status).toBe(200);
    expect(resolved.body).toMatchObject({
      ownerAddress: account.address,
      contentHash: `ipfs://${CID}`,
      txtRecords: [{ key: "url", value: "https://example.org/me" }],
      dnsRecords: [{ name, type: "A", value: "192.0.2.44", ttl: 3600 }],
    });
    expect(resolved.body.wallets).toEqual(
      expect.arrayContaining([
        { coin: "ETH", version: "NATIVE", address: account.address },
        { coin: "BTC", version: "NATIVE", address: BTC },
      ]),
    );

    // Make it the primary name: reverse resolution answers it.
    await card.getByRole("button", { name: "Set as primary name" }).click();
    await expect(card.getByText("Primary name", { exact: true })).toBeVisible();
    const reversed = await api(request, `/v1/reverse/${account.address}`);
    expect(reversed).toMatchObject({ status: 200, body: { domain: name } });

    // Renew for two years by card.
    const before = await card.getByTestId("expiry").innerText();
    await card.getByRole("button", { name: "Renew" }).click();
    await card.getByLabel("Renew for").selectOption("2");
    await expect(card.getByTestId("renew-total")).toHaveText("$20.00");
    await card.getByRole("link", { name: "Continue to payment" }).click();
    await expect(page.getByRole("heading", { name: `Renew ${name}` })).toBeVisible();
    await expect(page.getByTestId("checkout-total")).toHaveText("$20.00");
    await expect(page.getByTestId("renewal-state")).toContainText("Anyone may pay");
    await expectNoHorizontalScroll(page, "renewal checkout");
    await screenshot(page, "renewal-checkout");
    await page.getByRole("button", { name: "Continue to card payment" }).click();
    const checkout = page.getByTestId("test-checkout");
    await checkout.getByLabel("Card number").fill("4242 4242 4242 4242");
    await checkout.getByRole("button", { name: "Pay $20.00 (test)" }).click();
    await expect(page.getByTestId("order-status")).toHaveText("Completed");
    await expect(page.getByText("Name renewed")).toBeVisible();
    await screenshot(page, "renewal-completed");
    const orderId = page.url().split("/").pop()!;
    const order = await api(request, `/v1/market/order/${orderId}`);
    const renewal = order.body.renewal as { years: number; nameExpiresAt: string };
    expect(renewal.years).toBe(2);
    expect(new Date(renewal.nameExpiresAt).getUTCFullYear()).toBe(new Date().getUTCFullYear() + 3);
    expect((await api(request, `/v1/resolve/${name}`)).body).toEqual(resolved.body);

    await page.goto("/names");
    await expect(card.getByTestId("expiry")).not.toHaveText(before);
    await expect(card.getByTestId("expiry")).toContainText(String(new Date().getUTCFullYear() + 3));

    // Transfer, after a confirmation.
    const buyer = privateKeyToAccount(generatePrivateKey()).address;
    await card.getByRole("button", { name: "Transfer" }).click();
    const newOwner = card.getByLabel("New owner address");
    await newOwner.fill("0x1234");
    await expect(card.getByText(/ownerAddress must be an EVM address/)).toBeVisible();
    await newOwner.fill(account.address.toLowerCase());
    await expect(card.getByText("That is your own address: the name is already yours.")).toBeVisible();
    await newOwner.fill(buyer);
    await card.getByRole("button", { name: "Review the transfer" }).click();
    const dialog = page.getByRole("dialog", { name: `Transfer ${name}?` });
    await expect(dialog).toContainText("You cannot undo this");
    await screenshot(page, "transfer-confirm");
    // Escape cancels: nothing moves.
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    expect((await api(request, `/v1/resolve/${name}`)).body.ownerAddress).toBe(account.address);
    await card.getByRole("button", { name: "Review the transfer" }).click();
    await dialog.getByRole("button", { name: `Transfer ${name}` }).click();
    await expect(page.getByRole("status").filter({ hasText: `${name} now belongs to ${buyer}.` })).toBeVisible();
    await expect(page.getByTestId(`owned-${name}`)).toHaveCount(0);
    expect((await api(request, `/v1/resolve/${name}`)).body.ownerAddress).toBe(buyer);
    // The ETH record still names the old owner, so its reverse lookup still answers the name;
    // the new owner has no name pointing to it yet.
    expect((await api(request, `/v1/reverse/${buyer}`)).status).toBe(404);
    await screenshot(page, "names-after-transfer");

    expect(errors).toEqual([]);
    await context.close();
  });
}

test("keyboard only: connect, open a name's records and reach Save", async ({ browser, baseURL, request }) => {
  const account = privateKeyToAccount(generatePrivateKey());
  const name = `${freshLabel("keys")}.meta`;
  const bought = await request.post(`${baseURL}/v1/market/purchase`, {
    data: { checkoutId: crypto.randomUUID(), domain: name, ownerAddress: account.address, years: 1 },
  });
  const { processorCheckoutSession } = (await bought.json()) as { processorCheckoutSession: string };
  await request.post(`${baseURL}/api/test-processor/pay`, {
    data: { clientSecret: processorCheckoutSession, cardNumber: "4242424242424242" },
  });
  const context = await browser.newContext({ baseURL });
  // Only window.ethereum: the page falls back to it when nothing announces itself.
  await injectWallet(context, account, "window.ethereum");
  const page = await context.newPage();
  await page.goto("/names");
  const connect = page.getByRole("button", { name: "Connect wallet" });
  await connect.focus();
  await page.keyboard.press("Enter");
  const edit = page.getByTestId(`owned-${name}`).getByRole("button", { name: "Edit records" });
  await expect(edit).toBeVisible();
  await edit.focus();
  await page.keyboard.press("Enter");
  await expect(edit).toHaveAttribute("aria-expanded", "true");
  const save = page.getByRole("button", { name: "Save records" });
  for (let i = 0; i < 12 && !(await save.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press("Tab");
  await expect(save).toBeFocused();
  expect(await save.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe("none");
  await context.close();
});
