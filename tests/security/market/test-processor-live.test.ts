// Issue 11 section 3, over real HTTP: test and live never mix. Orders are started in test mode
// (no Stripe keys), then the server's configuration gains Stripe keys, as after a restart with
// them: the test processor's routes are 404 whatever is sent, and nothing the test processor
// started can be paid, replayed or completed, not even an order it had already marked PAID.
// The configuration is switched in this process, so the file does not run in the two-instance
// suite (whose servers are other processes).
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { setConfig, type Config } from "@/lib/config";
import { db } from "@/lib/db";
import { onCardPaymentSucceeded } from "@/lib/market/card-payment-events";
import { completePaidOrders } from "@/lib/market/fulfil-order";
import { markOrderPaid } from "@/lib/market/settle-payment";
import { startTestApp, TEST_JWT_SECRET, type TestApp } from "@/tests/support/app";
import { ETH_WALLET, OWNER, seedCatalogue } from "@/tests/support/market-fixtures";
import { startStripeServer, type StripeServer } from "@/tests/support/stripe-server";

// The restart with Stripe keys is made in this process's configuration, which a server in another
// process (several instances, or `next start`) does not share.
const severalInstances = process.env.TEST_INSTANCES === "2" || process.env.TEST_SERVER === "next";
let stripe: StripeServer;
let app: TestApp;

const testMode: Partial<Config> = { UNPAID_HOLDS_PER_CLIENT: 0, UNPAID_HOLDS_PER_OWNER: 0 };

beforeAll(async () => {
  if (severalInstances) return;
  stripe = await startStripeServer();
  app = await startTestApp(testMode);
  await seedCatalogue();
});
afterAll(async () => {
  await app?.close();
  await stripe?.close();
});

const purchase = () => ({
  checkoutId: randomUUID(),
  domain: `mode${randomUUID().slice(0, 8)}.web3`,
  ownerAddress: OWNER,
  walletAddrs: [{ coinId: 60, addr: ETH_WALLET }],
  years: 10,
});

async function startInTestMode() {
  const body = purchase();
  const res = await app.fetch("/v1/market/purchase", { method: "POST", json: body });
  expect(res.status).toBe(200);
  const started = await res.json();
  expect(started.processorPublishableKey).toBe("pk_test_builtin_processor");
  return { body, ...started } as {
    body: ReturnType<typeof purchase>;
    orderId: string;
    processorCheckoutSession: string;
  };
}

function restartWithStripe() {
  setConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    JWT_SECRET: TEST_JWT_SECRET,
    ...testMode,
    STRIPE_SECRET_KEY: "sk_test_local",
    STRIPE_PUBLISHABLE_KEY: "pk_test_local",
    STRIPE_WEBHOOK_SECRET: "whsec_mode_test",
    STRIPE_API_BASE: stripe.url,
  });
}

describe.skipIf(severalInstances)("with Stripe configured, the test processor is gone", () => {
  test("its routes are 404 for any request, and orders it started cannot be paid, replayed or completed", async () => {
    const unpaid = await startInTestMode();
    const paidBeforeRestart = await startInTestMode();
    // A test-mode payment recorded just before the restart, its order left PAID by a crash.
    expect(await markOrderPaid(paidBeforeRestart.orderId)).toBe("PAID");
    restartWithStripe();

    const pay = await app.fetch("/api/test-processor/pay", {
      method: "POST",
      json: { clientSecret: unpaid.processorCheckoutSession, cardNumber: "4242424242424242" },
    });
    expect(pay.status).toBe(404);
    expect(await pay.json()).toEqual({ field: "path", info: expect.stringContaining("Stripe") });
    const garbage = await app.fetch("/api/test-processor/pay", { method: "POST", json: { nonsense: true } });
    expect(garbage.status).toBe(404);
    const intent = await app.fetch(
      `/api/test-processor/intent?clientSecret=${encodeURIComponent(unpaid.processorCheckoutSession)}`,
    );
    expect(intent.status).toBe(404);
    expect(
      (await db().testPaymentIntent.findFirstOrThrow({ where: { clientSecret: unpaid.processorCheckoutSession } }))
        .status,
    ).toBe("requires_payment_method");

    const replay = await app.fetch("/v1/market/purchase", { method: "POST", json: unpaid.body });
    expect(replay.status).toBe(409);
    expect(await replay.json()).toEqual({ field: "checkoutId", info: expect.stringContaining("no longer configured") });

    // Whatever reports a test payment now, it completes nothing.
    await db().testPaymentIntent.updateMany({
      where: { clientSecret: unpaid.processorCheckoutSession },
      data: { status: "succeeded" },
    });
    const intentId = unpaid.processorCheckoutSession.split("_secret_")[0];
    expect(
      await onCardPaymentSucceeded({ paymentIntentId: intentId, amountReceivedCents: 10_000, currency: "usd" }),
    ).toBe("FAILED");
    await completePaidOrders();
    for (const { orderId, body } of [unpaid, paidBeforeRestart]) {
      const order = await (await app.fetch(`/v1/market/order/${orderId}`)).json();
      expect(order.orderStatus).toBe("FAILED");
      expect(order.orderStatusReason).toContain("built-in test processor");
      expect(await db().domain.count({ where: { name: body.domain } })).toBe(0);
    }

    // New purchases go to Stripe.
    const live = await app.fetch("/v1/market/purchase", { method: "POST", json: purchase() });
    expect(live.status).toBe(200);
    expect((await live.json()).processorPublishableKey).toBe("pk_test_local");
  });
});
