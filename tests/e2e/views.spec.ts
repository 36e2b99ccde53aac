// The read-only views split into parts (issue 35 item 6) draw every part: a resolution's record
// sections, an order's steps and details, a taken name's search result, and the dashboard's list
// of parent domains, which this browser remembers.
import { randomUUID } from "node:crypto";
import { adminToken, expect, OWNER, test } from "./support/fixtures";

const ALICE_OWNER = "0x8ba1f109551bD432803012645Ac136ddd64DBA72";
const ALICE_CONTENT_HASH = "ipfs://bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi";

test("a resolution shows the owner, content hash, wallets by coin, DNS records and text records", async ({
  page,
  problems,
}) => {
  await page.goto("/resolve/alice.web3");
  await expect(page.getByTestId("owner-address")).toHaveText(ALICE_OWNER);
  const owner = page.getByRole("region", { name: "alice.web3", exact: true });
  await expect(owner).toContainText("Native registry");
  await expect(owner).toContainText(ALICE_CONTENT_HASH);
  await expect(owner.getByRole("link", { name: /Open through a gateway/ })).toHaveAttribute(
    "href",
    `https://dweb.link/ipfs/${ALICE_CONTENT_HASH.slice("ipfs://".length)}`,
  );

  const wallets = page.getByRole("region", { name: "Wallets" });
  await expect(wallets).toContainText("bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq");
  await expect(wallets.getByRole("button", { name: /USDC BASE address/ })).toHaveCount(1);
  await expect(wallets.getByRole("button", { name: /USDC ERC20 address/ })).toHaveCount(1);

  const dns = page.getByRole("region", { name: "DNS records" });
  const rows = dns.getByRole("row");
  await expect(rows).toHaveCount(5); // the header and four records
  await expect(rows.filter({ hasText: "CNAME" })).toContainText("www.alice.web3");
  await expect(rows.filter({ hasText: "AAAA" })).toContainText("2001:db8::10");

  const text = page.getByRole("region", { name: "Text records" });
  await expect(text).toContainText("alice@example.com");
  await expect(text).toContainText("Alice's demo name on the native registry.");

  // The lookup box judges a name without its TLD before leaving the page.
  await page.getByLabel("Name or address to look up").fill(" alice ");
  await page.getByRole("button", { name: "Look up" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "has no TLD" })).toHaveText(
    '"alice" has no TLD: type a full name such as alice.web3, or a wallet address.',
  );
  await expect(page.getByLabel("Name or address to look up")).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL(/\/resolve\/alice\.web3$/);
  expect(problems.errors).toEqual([]);
});

test("an unpaid order shows its three steps and its details", async ({ page, request, baseURL }) => {
  const domain = `${randomUUID().slice(0, 8)}view.web3`;
  const purchase = await request.post(`${baseURL}/v1/market/purchase`, {
    data: { checkoutId: randomUUID(), domain, ownerAddress: OWNER, years: 1 },
  });
  expect(purchase.status()).toBe(200);
  const { orderId } = (await purchase.json()) as { orderId: string };

  await page.goto(`/orders/${orderId}`);
  await expect(page.getByTestId("order-status")).toHaveText("Awaiting payment");
  const steps = page.getByRole("region", { name: "Progress", exact: true }).getByRole("listitem");
  await expect(steps).toHaveCount(3);
  await expect(steps.nth(0)).toContainText("Order created (done)");
  await expect(steps.nth(1)).toContainText("Payment (in progress)");
  await expect(steps.nth(1)).toContainText(/Waiting for [\d.]+ USD/);
  await expect(steps.nth(2)).toContainText("Name registered (not yet)");
  await expect(page.getByText("This page refreshes by itself until the order is final.")).toBeVisible();

  const details = page.getByRole("region", { name: "Details", exact: true });
  await expect(details).toContainText(orderId);
  await expect(details).toContainText(OWNER);
  await expect(details).toContainText(/Paid with\s*Card · [\d.]+ USD/);
});

test("a taken name in the search offers its records and names still free", async ({ page }) => {
  await page.goto("/");
  await page.getByLabel("Name to search").fill("alice.web3");
  const result = page.getByTestId("search-result").filter({ hasText: "alice.web3" });
  await expect(result).toContainText("Taken");
  await expect(result).toContainText("Available instead");
  await expect(result.getByRole("link", { name: /^Buy \S+ for \$[\d.,]+ a year$/ }).first()).toBeVisible();
  await result.getByRole("link", { name: "View records of alice.web3" }).click();
  await expect(page).toHaveURL(/\/resolve\/alice\.web3$/);
  await expect(page.getByTestId("owner-address")).toHaveText(ALICE_OWNER);
});

test("the dashboard remembers which parent domains it shows", async ({ page }) => {
  await page.addInitScript((token) => {
    sessionStorage.setItem("namesvc.accessToken", token);
    if (localStorage.getItem("namesvc.parentDomains") === null)
      localStorage.setItem("namesvc.parentDomains", JSON.stringify(["brand.web3"]));
  }, adminToken());
  await page.goto("/partner");
  const card = page.getByTestId("parent-brand.web3");
  await expect(card.getByText("Configured for sub-domains")).toBeVisible();
  await expect(card.getByRole("heading", { name: "Sub-domains created per day" })).toBeVisible();

  await page.getByRole("button", { name: "Stop showing brand.web3" }).click();
  await expect(card).toHaveCount(0);
  await expect(page.getByText("Add a parent domain you own to see its status")).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("namesvc.parentDomains"))).toBe("[]");
  await page.reload();
  await expect(page.getByRole("heading", { name: "Parent domains" })).toBeVisible();
  await expect(page.getByTestId("parent-brand.web3")).toHaveCount(0);

  const field = page.getByLabel("Parent domain to check");
  await field.fill("brand");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page.getByText("Type a parent domain with its TLD, e.g. brand.web3.")).toBeVisible();
  await field.fill(" Brand.WEB3 ");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page.getByTestId("parent-brand.web3")).toBeVisible();
  await expect(field).toHaveValue("");
  expect(await page.evaluate(() => localStorage.getItem("namesvc.parentDomains"))).toBe('["brand.web3"]');
});
