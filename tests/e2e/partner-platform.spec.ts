// Issue 32 in the dashboard: a CSV of sub-names imported through the bulk endpoint, each line
// answered, and the webhooks panel (secret shown once, test event in the delivery log), at a
// phone's width and a desktop's; and wallet sign-in for an address the partner bound.
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import {
  adminToken,
  expect,
  expectNoHorizontalScroll,
  freshLabel,
  OWNER,
  screenshot,
  signInOnDashboard,
  test,
} from "./support/fixtures";
import { injectWallet } from "./support/wallet";

const SIZES = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

for (const size of SIZES) {
  test.describe(`at ${size.width}px`, () => {
    test.use({ viewport: size });

    test("import sub-names from a CSV: each line created or refused on its own", async ({
      page,
      problems,
      request,
      baseURL,
    }) => {
      await signInOnDashboard(page);
      await page.getByLabel("Parent domain to check").fill("brand.web3");
      await page.getByRole("button", { name: "Show" }).click();
      const brand = page.getByTestId("parent-brand.web3");
      await expect(brand).toBeVisible();
      const [a, b] = [freshLabel("csv"), freshLabel("csv")];
      const csv = `label,ownerAddress\n${a},${OWNER}\n"${b}",${OWNER.toLowerCase()}\nbroken,not-an-address\n`;
      await brand
        .getByLabel("CSV file")
        .setInputFiles({ name: "names.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
      await expect(brand.getByTestId("csv-summary")).toHaveText("2 created, 0 already taken, 1 invalid");
      await expect(brand.getByTestId("csv-import").getByRole("listitem").filter({ hasText: "broken" })).toContainText(
        "invalid",
      );
      await expect(brand.getByTestId("subdomain-list")).toContainText(`${a}.brand.web3`);
      await expectNoHorizontalScroll(page);
      await screenshot(page, "partner-csv-import");

      // The same file again: every line is already taken.
      await brand
        .getByLabel("CSV file")
        .setInputFiles({ name: "names.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
      await expect(brand.getByTestId("csv-summary")).toHaveText("0 created, 2 already taken, 1 invalid");
      expect(problems.errors).toEqual([]);

      // Issued names are revoked at once (no paid term): brand.web3 keeps the 2,500 sub-names
      // the dashboard spec counts.
      for (const label of [a, b]) {
        const revoked = await request.delete(`${baseURL}/v1/parentdomains/brand.web3/subdomains/${label}`, {
          headers: { authorization: `Bearer ${adminToken()}` },
        });
        expect(revoked.status()).toBe(200);
      }
    });

    test("webhooks panel: add a receiver, see its secret once, send a test event, delete it", async ({ page }) => {
      await signInOnDashboard(page);
      const panel = page.getByTestId("webhooks-panel");
      const url = `https://93.184.215.14/hooks/${freshLabel("e2e")}`;
      await panel.getByLabel("Receiver URL (https)").fill(url);
      await panel.getByRole("button", { name: "Add receiver" }).click();
      await expect(panel.getByTestId("webhook-secret")).toHaveText(/^whsec_[\w-]{32}$/);
      await panel.getByRole("button", { name: /I have copied it/ }).click();
      await expect(panel.getByTestId("webhook-secret")).toHaveCount(0);

      const item = panel.getByTestId("webhook-list").getByRole("listitem").filter({ hasText: url });
      await expect(item).toContainText("Active");
      await expect(item).toContainText("subname.created, subname.revoked");
      await item.getByRole("button", { name: "Delivery log" }).click();
      await item.getByRole("button", { name: "Send test event" }).click();
      await expect(item.getByTestId("webhook-deliveries")).toContainText("webhook.test");
      await expectNoHorizontalScroll(page);
      await screenshot(page, "partner-webhooks");

      // A receiver on a private address is refused with the reason.
      await panel.getByLabel("Receiver URL (https)").fill("https://10.0.0.1/hook");
      await panel.getByRole("button", { name: "Add receiver" }).click();
      await expect(panel.getByRole("alert")).toContainText("not a public address");
      await expect(panel.getByLabel("Receiver URL (https)")).toHaveAttribute("aria-invalid", "true");

      await item.getByRole("button", { name: `Delete receiver ${url}` }).click();
      await expect(item).toHaveCount(0);
    });

    test("sign in with a wallet the partner bound: a 60-minute ADMIN session", async ({
      page,
      context,
      request,
      baseURL,
    }) => {
      const account = privateKeyToAccount(generatePrivateKey());
      const bound = await request.post(`${baseURL}/v1/partner/owner-addresses`, {
        headers: { authorization: `Bearer ${adminToken()}` },
        data: { address: account.address },
      });
      expect(bound.status()).toBe(201);
      await injectWallet(context, account, "eip6963");
      await page.goto("/partner");
      await page.getByRole("button", { name: "Sign in with wallet" }).click();
      await expect(page.getByRole("heading", { name: "Access tokens" })).toBeVisible();
      await expect(page.getByTestId("tokens-table")).toContainText(`wallet ${account.address}`);
      await expectNoHorizontalScroll(page);
      await screenshot(page, "partner-wallet-sign-in");
    });
  });
}
