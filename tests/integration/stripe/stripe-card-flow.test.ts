import { randomUUID } from "node:crypto";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "@/lib/db";
import { startTestApp, type TestApp } from "@/tests/support/app";
import { ETH_WALLET, OWNER, seedCatalogue } from "@/tests/support/market-fixtures";
import {
  arrayParam,
  startStripeServer,
  type FakePaymentIntent,
  type StripeServer,
} from "@/tests/support/stripe-server";

const WEBHOOK_SECRET = "whsec_local_test_secret";
const sdk = new Stripe("sk_test_local");

let stripe: StripeServer;
let app: TestApp;
let partnerId: string;
let adminToken: string;
let parentName: string;

beforeAll(async () => {
  stripe = await startStripeServer();
  app = await startTestApp({
    STRIPE_SECRET_KEY: "sk_test_local",
    STRIPE_PUBLISHABLE_KEY: "pk_test_local",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: stripe.url,
    UNPAID_HOLDS_PER_CLIENT: 0,
    UNPAID_HOLDS_PER_OWNER: 0,
  });
  ({ partnerId, adminToken, parentName } = await seedCatalogue());
});
afterAll(async () => {
  await app.close();
  await stripe.close();
});

const purchase = (overrides: Record<string, unknown> = {}) => ({
  checkoutId: randomUUID(),
  domain: `stripe${randomUUID().slice(0, 8)}.web3`,
  ownerAddress: OWNER,
  partnerId,
  walletAddrs: [{ coinId: 60, addr: ETH_WALLET }],
  years: 1,
  ...overrides,
});

const buy = async (body: unknown) => {
  const res = await app.fetch("/v1/market/purchase", { method: "POST", json: body });
  expect(res.status).toBe(200);
  return res.json();
};

let eventCounter = 0;
function webhook(
  type: string,
  intent: FakePaymentIntent,
  eventId = `evt_${++eventCounter}_${randomUUID().slice(0, 8)}`,
) {
  const payload = JSON.stringify({
    id: eventId,
    object: "event",
    type,
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    data: { object: intent },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  });
  const signature = sdk.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  return () =>
    app.fetch("/api/webhooks/stripe", {
      method: "POST",
      body: payload,
      headers: { "content-type": "application/json", "stripe-signature": signature },
    });
}

const orderOf = async (id: string) => (await app.fetch(`/v1/market/order/${id}`)).json();
const intentOfSecret = (secret: string) => stripe.intents.get(secret.split("_secret_")[0])!;

describe("Stripe adapter through the real SDK", () => {
  test(
    "customer, ephemeral key with the API version, a card-only PaymentIntent with checkoutId as idempotency " +
      "key and a destination charge to the seller's account",
    async () => {
      stripe.accounts.add("acct_1Destination");
      const set = await app.fetch("/v1/partner/payout-account", {
        method: "PUT",
        token: adminToken,
        json: { processorConnectedAccountId: "acct_1Destination" },
      });
      expect(set.status).toBe(200);
      const body = purchase({
        domain: `card${randomUUID().slice(0, 6)}.${parentName}`,
        processorConnectedAccountId: "acct_1Destination",
        years: 3,
      });
      const started = await buy(body);
      const intent = intentOfSecret(started.processorCheckoutSession);
      expect(started.processorCheckoutSession).toBe(intent.client_secret);
      expect(started.processorCustomerId).toBe(intent.customer);
      expect(started.processorEphemeralKey).toMatch(/^ek_test_/);
      expect(started.processorPublishableKey).toBe("pk_test_local");
      expect(intent).toMatchObject({
        amount: 750,
        currency: "usd",
        metadata: { orderId: started.orderId, checkoutId: body.checkoutId },
        transfer_data: { destination: "acct_1Destination" },
      });

      const created = stripe.requests.filter((r) => r.path === "/v1/payment_intents" && r.method === "POST");
      const mine = created.find((r) => r.headers["idempotency-key"] === body.checkoutId);
      // Cards only: no bank debit can sit in `processing` for days behind a 15-minute hold.
      expect(arrayParam(mine!.params, "allowed_payment_method_types")).toEqual(["card"]);
      expect(mine?.params.has("automatic_payment_methods[enabled]")).toBe(false);
      expect(intent.payment_method_types).toEqual(["card"]);
      const ephemeral = stripe.requests.find(
        (r) => r.path === "/v1/ephemeral_keys" && r.params.get("customer") === intent.customer,
      );
      expect(ephemeral?.headers["stripe-version"]).toBe(Stripe.API_VERSION);

      // Replay: the same order, PaymentIntent and ephemeral key, no second charge.
      const again = await buy(body);
      expect(again.orderId).toBe(started.orderId);
      expect(again.processorCheckoutSession).toBe(started.processorCheckoutSession);
      expect(again.processorEphemeralKey).toBe(started.processorEphemeralKey);
      expect([...stripe.intents.values()].filter((i) => i.metadata.checkoutId === body.checkoutId)).toHaveLength(1);
    },
  );

  test("webhook signature is checked on the raw body", async () => {
    const started = await buy(purchase());
    const intent = stripe.succeed(intentOfSecret(started.processorCheckoutSession).id);
    const payload = JSON.stringify({
      id: "evt_forged",
      object: "event",
      type: "payment_intent.succeeded",
      data: { object: intent },
    });
    const forged = await app.fetch("/api/webhooks/stripe", {
      method: "POST",
      body: payload,
      headers: { "stripe-signature": sdk.webhooks.generateTestHeaderString({ payload, secret: "whsec_other" }) },
    });
    expect(forged.status).toBe(400);
    expect(await forged.json()).toEqual({ field: "Stripe-Signature", info: expect.any(String) });
    const unsigned = await app.fetch("/api/webhooks/stripe", { method: "POST", body: payload });
    expect(unsigned.status).toBe(400);
    // A body altered after signing fails too.
    const signature = sdk.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const altered = await app.fetch("/api/webhooks/stripe", {
      method: "POST",
      body: payload.replace("evt_forged", "evt_forgeX"),
      headers: { "stripe-signature": signature },
    });
    expect(altered.status).toBe(400);
    expect(await db().order.findUniqueOrThrow({ where: { id: started.orderId } })).toMatchObject({
      orderStatus: "PENDING",
    });
  });

  test("the same succeeded event delivered five times (twice at once) fulfils once", async () => {
    const body = purchase();
    const started = await buy(body);
    const deliver = webhook(
      "payment_intent.succeeded",
      stripe.succeed(intentOfSecret(started.processorCheckoutSession).id),
    );
    const concurrent = await Promise.all([deliver(), deliver()]);
    const sequential = [await deliver(), await deliver(), await deliver()];
    for (const res of [...concurrent, ...sequential]) expect(res.status).toBe(200);
    const outcomes = await Promise.all([...sequential].map((r) => r.json()));
    expect(outcomes.every((o) => o.duplicate === true)).toBe(true);
    expect((await orderOf(started.orderId)).orderStatus).toBe("COMPLETED");
    expect(await db().domain.count({ where: { name: body.domain } })).toBe(1);
    const events = await db().orderEvent.findMany({ where: { orderId: started.orderId } });
    expect(events.map((e) => e.status).sort()).toEqual(["COMPLETED", "PAID", "PENDING"]);
  });

  test("the webhook racing the client's order read fulfils once", async () => {
    const body = purchase();
    const started = await buy(body);
    const deliver = webhook(
      "payment_intent.succeeded",
      stripe.succeed(intentOfSecret(started.processorCheckoutSession).id),
    );
    const [hook, read1, read2] = await Promise.all([deliver(), orderOf(started.orderId), orderOf(started.orderId)]);
    expect(hook.status).toBe(200);
    // Only one of the two reads re-asks Stripe (at most once per order every few seconds); the
    // other answers what is stored, which may still be PENDING.
    expect(["PENDING", "PAID", "COMPLETED"]).toContain(read1.orderStatus);
    expect(["PENDING", "PAID", "COMPLETED"]).toContain(read2.orderStatus);
    expect((await orderOf(started.orderId)).orderStatus).toBe("COMPLETED");
    expect(await db().domain.count({ where: { name: body.domain } })).toBe(1);
    expect(await db().orderEvent.count({ where: { orderId: started.orderId, status: "COMPLETED" } })).toBe(1);
  });

  test("the client alone (no webhook) completes the order by reading it", async () => {
    const started = await buy(purchase());
    stripe.succeed(intentOfSecret(started.processorCheckoutSession).id);
    expect((await orderOf(started.orderId)).orderStatus).toBe("COMPLETED");
  });

  test(
    "payment_intent.payment_failed keeps the order PENDING with the reason and the name held; a retry that " +
      "succeeds completes it",
    async () => {
      const body = purchase();
      const started = await buy(body);
      const id = intentOfSecret(started.processorCheckoutSession).id;
      expect(
        (await webhook("payment_intent.payment_failed", stripe.decline(id, "Your card has insufficient funds."))())
          .status,
      ).toBe(200);
      const declined = await orderOf(started.orderId);
      expect(declined.orderStatus).toBe("PENDING");
      expect(declined.orderStatusReason).toContain("Your card has insufficient funds.");
      expect(await db().nameReservation.count({ where: { domain: body.domain } })).toBe(1);
      // B cannot buy the name A is still paying for.
      const rival = await app.fetch("/v1/market/purchase", { method: "POST", json: purchase({ domain: body.domain }) });
      expect(rival.status).toBe(409);

      expect((await webhook("payment_intent.succeeded", stripe.succeed(id))()).status).toBe(200);
      expect((await orderOf(started.orderId)).orderStatus).toBe("COMPLETED");
    },
  );
});
