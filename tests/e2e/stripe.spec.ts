// The card checkout with Stripe configured: the server talks to a local Stripe-speaking server,
// the browser gets a stubbed Stripe.js through Playwright routing, and fulfilment is driven by a
// webhook signed the way Stripe signs it.
import Stripe from "stripe";
import { startStripeServer, type StripeServer } from "../support/stripe-server";
import { startAppServer, type AppServer } from "./support/app-server";
import { STRIPE_JS_STUB } from "./support/stripe-js-stub";
import { expect, freshLabel, OWNER, screenshot, test } from "./support/fixtures";

const WEBHOOK_SECRET = "whsec_e2e_local";
let stripeServer: StripeServer;
let app: AppServer;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  stripeServer = await startStripeServer();
  app = await startAppServer({
    STRIPE_SECRET_KEY: "sk_test_local",
    STRIPE_PUBLISHABLE_KEY: "pk_test_local",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: stripeServer.url,
    // Stripe keys are live payment settings: the crypto test defaults must be allowed explicitly.
    PAYMENTS_ALLOW_TEST_DEFAULTS: "1",
  });
});

test.afterAll(async () => {
  await app?.stop();
  await stripeServer?.close();
});

test("card payment through Stripe's Payment Element (Stripe.js stubbed), completed by the webhook", async ({
  page,
  problems,
  request,
}) => {
  const stripeJsRequests: string[] = [];
  await page.route("https://js.stripe.com/**", (route) => {
    stripeJsRequests.push(route.request().url());
    return route.fulfill({ status: 200, contentType: "application/javascript", body: STRIPE_JS_STUB });
  });

  // Stripe.js is fetched on the card step only, never by the other pages.
  await page.goto(`${app.origin}/`);
  await page.goto(`${app.origin}/checkout/${freshLabel("stripe")}.web3`);
  await page.getByLabel("Owner address").fill(OWNER);
  expect(stripeJsRequests).toEqual([]);
  await page.getByRole("button", { name: "Continue to card payment" }).click();

  const checkout = page.getByTestId("stripe-checkout");
  await expect(checkout.getByTestId("stub-payment-element")).toBeVisible();
  await expect(page.getByTestId("test-checkout")).toHaveCount(0);
  expect(stripeJsRequests.length).toBeGreaterThan(0);
  const stub = await page.evaluate(
    () => (window as unknown as { __stripeStub: { publishableKey: string; clientSecret: string } }).__stripeStub,
  );
  expect(stub.publishableKey).toBe("pk_test_local");
  const intent = [...stripeServer.intents.values()].find((i) => i.client_secret === stub.clientSecret);
  expect(intent, "the Payment Element got the PaymentIntent's client secret").toBeDefined();
  await screenshot(page, "checkout-stripe");

  await checkout.getByRole("button", { name: /^Pay \$/ }).click();
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
  const confirms = await page.evaluate(
    () =>
      (window as unknown as { __stripeStub: { confirms: { returnUrl: string; redirect: string }[] } }).__stripeStub
        .confirms,
  );
  expect(confirms).toEqual([{ returnUrl: page.url(), redirect: "if_required" }]);
  await expect(page.getByTestId("order-status")).toHaveText("Awaiting payment");

  // Stripe confirms the payment and tells the server through a signed webhook.
  const paid = stripeServer.succeed(intent!.id);
  const payload = JSON.stringify({
    id: `evt_${Date.now()}`,
    object: "event",
    type: "payment_intent.succeeded",
    data: { object: paid },
    created: Math.floor(Date.now() / 1000),
    livemode: false,
  });
  const signature = new Stripe("sk_test_local").webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  const delivered = await request.post(`${app.origin}/api/webhooks/stripe`, {
    data: payload,
    headers: { "content-type": "application/json", "stripe-signature": signature },
  });
  expect(delivered.status()).toBe(200);

  await expect(page.getByTestId("order-status")).toHaveText("Completed");
  expect(problems.errors).toEqual([]);
});
