// Issue 31 item 1, against the fake Stripe's recorded requests: a partner's card sale is a
// destination charge to its connected account that keeps the platform's fee as
// application_fee_amount (PLATFORM_FEE_PERCENT of the price plus PLATFORM_FEE_FIXED_CENTS, decided
// with the order), and a refund of it reverses the transfer and refunds the fee in proportion. A
// second-level name is the registry's sale: no destination, no fee.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { parseConfig } from "@/lib/config";
import { db } from "@/lib/db";
import { platformFeeCents } from "@/lib/market/platform-fee";
import { createStripeProcessor } from "@/lib/payments/card/stripe-processor";
import { startTestApp, type TestApp } from "@/tests/support/app";
import { ETH_WALLET, OWNER, seedCatalogue } from "@/tests/support/market-fixtures";
import { startStripeServer, type StripeServer } from "@/tests/support/stripe-server";

let stripe: StripeServer;
let app: TestApp;
let seller: Awaited<ReturnType<typeof seedCatalogue>>;

const STRIPE = {
  STRIPE_SECRET_KEY: "sk_test_local",
  STRIPE_PUBLISHABLE_KEY: "pk_test_local",
  STRIPE_WEBHOOK_SECRET: "whsec_fee_test",
};

beforeAll(async () => {
  stripe = await startStripeServer();
  app = await startTestApp({
    ...STRIPE,
    STRIPE_API_BASE: stripe.url,
    PLATFORM_FEE_PERCENT: 10,
    PLATFORM_FEE_FIXED_CENTS: 30,
    UNPAID_HOLDS_PER_CLIENT: 0,
    UNPAID_HOLDS_PER_OWNER: 0,
  });
  seller = await seedCatalogue();
  stripe.accounts.add("acct_1FeeSeller");
  const set = await app.fetch("/v1/partner/payout-account", {
    method: "PUT",
    token: seller.adminToken,
    json: { processorConnectedAccountId: "acct_1FeeSeller" },
  });
  expect(set.status).toBe(200);
});
afterAll(async () => {
  await app?.close();
  await stripe?.close();
});

const buy = (domain: string, years: number) =>
  app.fetch("/v1/market/purchase", {
    method: "POST",
    json: {
      checkoutId: randomUUID(),
      domain,
      ownerAddress: OWNER,
      walletAddrs: [{ coinId: 60, addr: ETH_WALLET }],
      years,
    },
  });
const intentOf = (secret: string) => stripe.intents.get(secret.split("_secret_")[0])!;

describe("the platform fee", () => {
  test("a partner's sub-name: destination charge with 10% + 30 cents kept as application_fee_amount", async () => {
    // $2.50 a year for 2 years: 500 cents, fee 50 + 30.
    const res = await buy(`fee${randomUUID().slice(0, 8)}.${seller.parentName}`, 2);
    expect(res.status).toBe(200);
    const started = await res.json();
    const intent = intentOf(started.processorCheckoutSession);
    expect(intent).toMatchObject({
      amount: 500,
      transfer_data: { destination: "acct_1FeeSeller" },
      application_fee_amount: 80,
    });
    const payment = await db().payment.findFirstOrThrow({ where: { orderId: started.orderId } });
    expect(payment.platformFeeCents).toBe(80);
  });

  test("a second-level name is the registry's sale: no destination and no fee", async () => {
    const res = await buy(`registry${randomUUID().slice(0, 8)}.web3`, 1);
    expect(res.status).toBe(200);
    const intent = intentOf((await res.json()).processorCheckoutSession);
    expect(intent.transfer_data).toBeNull();
    expect(intent.application_fee_amount).toBeNull();
  });

  test("a refund of a destination charge reverses the transfer and refunds the fee", async () => {
    const res = await buy(`refund${randomUUID().slice(0, 8)}.${seller.parentName}`, 1);
    const intent = intentOf((await res.json()).processorCheckoutSession);
    stripe.succeed(intent.id);
    const processor = createStripeProcessor(parseConfig({ ...STRIPE, STRIPE_API_BASE: stripe.url }));
    await processor.refund({
      paymentIntentId: intent.id,
      amountCents: intent.amount,
      reverseTransfer: true,
      idempotencyKey: randomUUID(),
    });
    const request = stripe.requests.findLast((r) => r.method === "POST" && r.path === "/v1/refunds")!;
    expect(request.params.get("reverse_transfer")).toBe("true");
    expect(request.params.get("refund_application_fee")).toBe("true");
  });

  test("the fee's arithmetic: rounded to the cent, never more than the price", () => {
    const cfg = parseConfig({ PLATFORM_FEE_PERCENT: "2.9", PLATFORM_FEE_FIXED_CENTS: "30" });
    expect(platformFeeCents(1000, cfg)).toBe(29 + 30);
    expect(platformFeeCents(250, cfg)).toBe(7 + 30);
    expect(platformFeeCents(20, cfg)).toBe(20);
    expect(platformFeeCents(0, cfg)).toBe(0);
    expect(platformFeeCents(1000, parseConfig({ PLATFORM_FEE_PERCENT: "0", PLATFORM_FEE_FIXED_CENTS: "0" }))).toBe(0);
  });
});
