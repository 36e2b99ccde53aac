// Issue 31 item 4 in the browser: an ETH order paid too much shows "a refund of X is owed: claim
// it" on its page; the buyer signs in with the order's owner wallet (an injected EIP-1193 wallet
// whose signatures are real) and claims the refund to another address, which the API then reports.
import type { BrowserContext } from "@playwright/test";
import { formatEther, parseEther } from "viem";
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import { expect, expectNoHorizontalScroll, freshLabel, screenshot, test } from "./support/fixtures";
import { mineBlocks, sendEth } from "./support/evm";

/** window.ethereum answering as `account` (as in owner.spec.ts). */
async function injectWallet(context: BrowserContext, account: PrivateKeyAccount) {
  await context.exposeFunction("__e2eSign", (hex: `0x${string}`) => account.signMessage({ message: { raw: hex } }));
  await context.addInitScript((address: string) => {
    const sign = (hex: string) => (window as unknown as { __e2eSign: (hex: string) => Promise<string> }).__e2eSign(hex);
    (window as unknown as { ethereum: unknown }).ethereum = {
      async request({ method, params }: { method: string; params?: unknown[] }) {
        if (method === "eth_requestAccounts" || method === "eth_accounts") return [address];
        if (method === "eth_chainId") return "0x1";
        if (method === "personal_sign") return sign((params as [string])[0]);
        throw { code: 4200, message: `Unsupported method ${method}` };
      },
    };
  }, account.address);
}

for (const width of [390, 1280]) {
  test(`the owner claims an ETH refund to an address of their choosing at ${width} px`, async ({
    browser,
    baseURL,
    request,
  }) => {
    test.setTimeout(120_000);
    const owner = privateKeyToAccount(generatePrivateKey());
    const destination = privateKeyToAccount(generatePrivateKey()).address;
    const bought = await request.post(`${baseURL}/v1/market/crypto/purchase`, {
      data: {
        currency: "ETH",
        domain: `${freshLabel("claim")}.web3`,
        ownerAddress: owner.address,
        ownerEmail: "ada@example.com",
        ownerName: "Ada Lovelace",
        years: 1,
      },
    });
    expect(bought.status()).toBe(200);
    const offer = await bought.json();
    const extra = parseEther("0.01");
    await sendEth(offer.address, BigInt(offer.paymentDetails.amountAtomic) + extra);
    await mineBlocks(3);
    const refunds = async () =>
      (await (await request.get(`${baseURL}/v1/market/order/${offer.orderId}/refunds`)).json()).refunds;
    await expect.poll(async () => (await refunds()).length, { timeout: 30_000 }).toBe(1);

    const context = await browser.newContext({ viewport: { width, height: 900 }, baseURL });
    await injectWallet(context, owner);
    const page = await context.newPage();
    await page.goto(`/orders/${offer.orderId}`);
    await expect(page.getByTestId("refund-owed")).toContainText(
      `A refund of ${formatEther(extra)} ETH is owed: claim it`,
    );
    await page.getByRole("button", { name: "Connect wallet" }).click();
    await page.getByLabel("Your ETH address for the refund").fill(destination);
    await page.getByRole("button", { name: "Claim the refund" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Claimed" })).toBeVisible();
    await expect(page.getByTestId("refund-destination")).toHaveText(destination);
    await expectNoHorizontalScroll(page);
    await screenshot(page, `order-refund-claimed-${width}`);
    expect((await refunds())[0]).toMatchObject({
      status: "DUE",
      refundAddress: destination,
      amountAtomic: extra.toString(),
    });
    await context.close();
  });
}
