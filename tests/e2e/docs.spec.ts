// The API reference (Scalar) under the page's Content-Security-Policy: it reads /v1/openapi.json,
// and its "try it" sends the request to this server and shows the answer, with no console error.
import { expect, test } from "./support/fixtures";

test("try it: GET /v1/owner/nonce from the API reference, answered by this server", async ({ page, problems }) => {
  const sent: string[] = [];
  page.on("request", (r) => void sent.push(r.url()));
  await page.goto("/docs");
  // The Owners group starts collapsed: open it in the sidebar and go to its GET /v1/owner/nonce.
  const sidebar = page.getByRole("complementary", { name: /^Sidebar for/ });
  await sidebar.getByRole("button", { name: "Open Group - Owners" }).click();
  await sidebar.getByRole("link", { name: /^Get a sign-in nonce/ }).click();
  await expect(page.getByRole("heading", { name: "Get a sign-in nonce" })).toBeVisible();
  await page.getByRole("button", { name: "Test Request (get /v1/owner/nonce)" }).click();
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === "/v1/owner/nonce");
  await page.getByRole("button", { name: /^Send/ }).first().click();
  const response = await answered;
  expect(response.status()).toBe(200);
  // The answer's own nonce is shown (the reference's examples could not know it).
  const { nonce } = (await response.json()) as { nonce: string };
  expect(nonce).toMatch(/^[A-Za-z0-9]{8,}$/);
  await expect(page.getByText(nonce).first()).toBeVisible();
  const origin = new URL(page.url()).origin;
  expect(sent.filter((url) => url.includes("/v1/owner/nonce"))).toEqual([`${origin}/v1/owner/nonce`]);
  expect(sent.filter((url) => !url.startsWith(origin) && !url.startsWith("data:"))).toEqual([]);
  expect(problems.errors).toEqual([]);
});
