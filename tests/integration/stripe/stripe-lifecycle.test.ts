// Stripe's whole lifecycle through the real SDK against the local Stripe-speaking server: intents
// of orders that end unpaid are cancelled until Stripe confirms, a payment that beats the cancel
// is settled as a late payment (completed if the name is free, refunded if not, with
// reverse_transfer for destination charges), refunds are retried and made once, and refunds,
// disputes, cancellations and processing payments reported by webhooks move the order.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "@/lib/db";
import { cancelAbandonedIntents } from "@/lib/market/cancel-intents";
import { expireUnpaidOffers } from "@/lib/market/expire-offers";
import { processDueCardRefunds } from "@/lib/market/refunds";
import { startTestApp, type TestApp } from "@/tests/support/app";
import { ETH_WALLET, OWNER, seedCatalogue } from "@/tests/support/market-fixtures";
import { startStripeServer, type StripeServer, sendStripeEvent } from "@/tests/support/stripe-server";

const WEBHOOK_SECRET = "whsec_lifecycle_secret";
const quiet = () => undefined;

let stripe: StripeServer;
let app: TestApp;
let adminToken: string;
let parentName: string;

beforeAll(async () => {
  stripe = await startStripeServer();
  app = await startTestApp({
    STRIPE_SECRET_KEY: "sk_test_local",
    STRIPE_PUBLISHABLE_KEY: "pk_test_local",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: stripe.url,
    // A Stripe that answers 503 is retried once by the SDK; keep that quick.
    STRIPE_TIMEOUT_MS: 2000,
    UNPAID_HOLDS_PER_CLIENT: 0,
    UNPAID_HOLDS_PER_OWNER: 0,
  });
  ({ adminToken, parentName } = await seedCatalogue());
});
afterAll(async () => {
  await app?.close();
  await stripe?.close();
});

const purchase = (overrides: Record<string, unknown> = {}) => ({
  checkoutId: randomUUID(),
  domain: `life${randomUUID().slice(0, 8)}.web3`,
  ownerAddress: OWNER,
  walletAddrs: [{ coinId: 60, addr: ETH_WALLET }],
  years: 1,
  ...overrides,
});

async function buy(body: Record<string, unknown>) {
  const res = await app.fetch("/v1/market/purchase", { method: "POST", json: body });
  expect(res.status).toBe(200);
  const started = await res.json();
  const intent = stripe.intents.get(started.processorCheckoutSession.split("_secret_")[0])!;
  return { ...started, intentId: intent.id } as { orderId: string; intentId: string };
}

async function deliver(type: string, object: unknown) {
  expect((await sendStripeEvent(app, WEBHOOK_SECRET, type, object)).status).toBe(200);
}

const orderOf = async (id: string) => (await app.fetch(`/v1/market/order/${id}`)).json();
const paymentOf = (orderId: string) => db().payment.findUniqueOrThrow({ where: { orderId } });
const endOffer = (orderId: string) =>
  db().order.update({ where: { id: orderId }, data: { expiresAt: new Date(Date.now() - 1000) } });
const resolve = (name: string) => app.fetch(`/v1/resolve/${name}`, { token: adminToken });

function dispute(intentId: string, status: string) {
  const intent = stripe.intents.get(intentId)!;
  return {
    id: `dp_${intentId.slice(3)}`,
    object: "dispute",
    amount: intent.amount,
    currency: "usd",
    charge: `ch_${intentId.slice(3)}`,
    payment_intent: intentId,
    reason: "fraudulent",
    status,
  };
}

describe("intents of orders that end without a payment", () => {
  test(
    "an expired offer's intent is cancelled, " + "and a cancel Stripe does not confirm is retried until it does",
    async () => {
      const started = await buy(purchase());
      await endOffer(started.orderId);
      stripe.failing.add("/v1/payment_intents/");
      expect(await expireUnpaidOffers()).toContain(started.orderId);
      expect((await orderOf(started.orderId)).orderStatus).toBe("EXPIRED");
      expect(await paymentOf(started.orderId)).toMatchObject({ cancelDue: true });
      expect(await cancelAbandonedIntents(quiet)).toBe(0);
      expect(stripe.intents.get(started.intentId)!.status).toBe("requires_payment_method");
      expect((await paymentOf(started.orderId)).cancelDue).toBe(true);

      stripe.failing.delete("/v1/payment_intents/");
      expect(await cancelAbandonedIntents(quiet)).toBeGreaterThanOrEqual(1);
      expect(stripe.intents.get(started.intentId)!.status).toBe("canceled");
      expect(await paymentOf(started.orderId)).toMatchObject({ cancelDue: false, status: "canceled" });
    },
  );

  test("a hold taken over by the next buyer cancels the old order's intent", async () => {
    const first = await buy(purchase());
    await endOffer(first.orderId);
    const { domain } = await db().order.findUniqueOrThrow({ where: { id: first.orderId } });
    await buy(purchase({ domain }));
    expect((await orderOf(first.orderId)).orderStatus).toBe("EXPIRED");
    expect((await paymentOf(first.orderId)).cancelDue).toBe(true);
    await cancelAbandonedIntents(quiet);
    expect(stripe.intents.get(first.intentId)!.status).toBe("canceled");
  });

  test("payment_intent.canceled fails a pending order and frees the name", async () => {
    const body = purchase();
    const started = await buy(body);
    stripe.intents.get(started.intentId)!.status = "canceled";
    await deliver("payment_intent.canceled", stripe.intents.get(started.intentId));
    const order = await orderOf(started.orderId);
    expect(order.orderStatus).toBe("FAILED");
    expect(order.orderStatusReason).toContain("can no longer be made");
    expect(await db().nameReservation.count({ where: { domain: body.domain } })).toBe(0);
    await buy(purchase({ domain: body.domain }));
  });

  test("payment_intent.processing keeps the name held past the offer's end until the payment ends", async () => {
    const body = purchase();
    const started = await buy(body);
    await deliver("payment_intent.processing", stripe.processing(started.intentId));
    await endOffer(started.orderId);
    expect(await expireUnpaidOffers()).not.toContain(started.orderId);
    expect((await orderOf(started.orderId)).orderStatus).toBe("PENDING");
    const rival = await app.fetch("/v1/market/purchase", { method: "POST", json: purchase({ domain: body.domain }) });
    expect(rival.status).toBe(409);
    await deliver("payment_intent.succeeded", stripe.succeed(started.intentId));
    expect((await orderOf(started.orderId)).orderStatus).toBe("COMPLETED");
  });
});

describe("a payment that arrives after the order ended", () => {
  test("paid before the cancel reached Stripe, name still free: the order completes", async () => {
    const body = purchase();
    const started = await buy(body);
    stripe.succeed(started.intentId); // the webhook is lost
    await endOffer(started.orderId);
    await expireUnpaidOffers();
    const order = await orderOf(started.orderId);
    expect(order.orderStatus).toBe("COMPLETED");
    expect(order.orderStatusReason).toContain("after the order had expired");
    expect(stripe.refunds.filter((r) => r.payment_intent === started.intentId)).toEqual([]);
  });

  test(
    "name taken meanwhile: refunded through Stripe once, with reverse_transfer for a destination charge, " +
      "retried until Stripe makes it",
    async () => {
      stripe.accounts.add("acct_1Seller");
      const set = await app.fetch("/v1/partner/payout-account", {
        method: "PUT",
        token: adminToken,
        json: { processorConnectedAccountId: "acct_1Seller" },
      });
      expect(set.status).toBe(200);
      const domain = `late${randomUUID().slice(0, 6)}.${parentName}`;
      const first = await buy(purchase({ domain }));
      expect(stripe.intents.get(first.intentId)!.transfer_data).toEqual({ destination: "acct_1Seller" });
      stripe.succeed(first.intentId); // paid, but the webhook is lost
      await endOffer(first.orderId);
      const second = await buy(purchase({ domain })); // takes the hold over
      await deliver("payment_intent.succeeded", stripe.succeed(second.intentId));
      expect((await orderOf(second.orderId)).orderStatus).toBe("COMPLETED");

      // The cancel finds the first intent paid: a late payment for a name that is gone.
      stripe.failing.add("/v1/refunds");
      await cancelAbandonedIntents(quiet);
      const failed = await orderOf(first.orderId);
      expect(failed.orderStatus).toBe("FAILED");
      expect(failed.orderStatusReason).toContain("no longer available; the payment is refunded");
      const [due] = await db().refund.findMany({ where: { orderId: first.orderId } });
      expect(due).toMatchObject({ method: "card", status: "DUE", amountAtomic: "250", currency: "USD" });
      expect(await processDueCardRefunds(quiet)).toEqual([]);

      stripe.failing.delete("/v1/refunds");
      expect(await processDueCardRefunds(quiet)).toEqual([due.id]);
      expect(await processDueCardRefunds(quiet)).toEqual([]);
      const refunds = stripe.refunds.filter((r) => r.payment_intent === first.intentId);
      expect(refunds).toEqual([expect.objectContaining({ amount: 250, reverse_transfer: true })]);
      const asked = stripe.requests.filter(
        // Refunds made (POST); the charge's refunds are also listed (GET) after a refused attempt.
        (r) => r.method === "POST" && r.path === "/v1/refunds" && r.params.get("payment_intent") === first.intentId,
      );
      expect(new Set(asked.map((r) => r.headers["idempotency-key"]))).toEqual(new Set([`refund-${due.id}`]));

      const refunded = await orderOf(first.orderId);
      expect(refunded.orderStatus).toBe("REFUNDED");
      expect(refunded.orderStatusReason).toContain(`Refunded 2.5 USD to the card (refund ${refunds[0].id}).`);
      expect(await db().refund.findUniqueOrThrow({ where: { id: due.id } })).toMatchObject({
        status: "PAID",
        processorRefundId: refunds[0].id,
      });
      // The partner sees it among its refunds.
      const listed = await (await app.fetch("/v1/partner/refunds", { token: adminToken })).json();
      expect(listed.refunds).toContainEqual(
        expect.objectContaining({
          id: due.id,
          method: "card",
          status: "PAID",
          amount: 2.5,
          processorRefundId: refunds[0].id,
        }),
      );
      await app.fetch("/v1/partner/payout-account", {
        method: "PUT",
        token: adminToken,
        json: { processorConnectedAccountId: null },
      });
    },
  );
});

describe("refunds and disputes reported by Stripe", () => {
  async function completedOrder() {
    const body = purchase();
    const started = await buy(body);
    await deliver("payment_intent.succeeded", stripe.succeed(started.intentId));
    expect((await orderOf(started.orderId)).orderStatus).toBe("COMPLETED");
    expect((await resolve(body.domain)).status).toBe(200);
    return { ...started, domain: body.domain as string };
  }

  test(
    "charge.refunded in full (a dashboard refund): REFUNDED with the refund id, the name suspended; partial: " +
      "noted only",
    async () => {
      const partial = await completedOrder();
      // Stripe's charge carries no refund list (API 2022-11-15): the refund is in Stripe's records.
      stripe.dashboardRefund(partial.intentId, 400);
      await deliver("charge.refunded", stripe.chargeOf(partial.intentId));
      const noted = await orderOf(partial.orderId);
      expect(noted.orderStatus).toBe("COMPLETED");
      expect(noted.orderStatusReason).toContain("4 USD of 10 USD was refunded");
      expect((await resolve(partial.domain)).status).toBe(200);

      const full = await completedOrder();
      stripe.refunds.push({
        id: "re_dashboard1",
        object: "refund",
        amount: 1000,
        payment_intent: full.intentId,
        status: "succeeded",
        reverse_transfer: false,
      });
      await deliver("charge.refunded", stripe.chargeOf(full.intentId, 1000));
      const order = await orderOf(full.orderId);
      expect(order.orderStatus).toBe("REFUNDED");
      expect(order.orderStatusReason).toBe(
        "Refunded 10 USD at the card processor (refund re_dashboard1). The name was suspended and no longer resolves.",
      );
      expect((await resolve(full.domain)).status).toBe(404);
      const search = await (await app.fetch(`/v1/market/search?q=${full.domain}`)).json();
      expect(search.results[0]).toMatchObject({ available: false, reason: "taken" });
      expect(await db().refund.findMany({ where: { orderId: full.orderId } })).toEqual([
        expect.objectContaining({
          method: "card",
          status: "PAID",
          processorRefundId: "re_dashboard1",
          amountAtomic: "1000",
        }),
      ]);
      // The same event again changes nothing.
      await deliver("charge.refunded", stripe.chargeOf(full.intentId, 1000));
      expect(await db().refund.count({ where: { orderId: full.orderId } })).toBe(1);
    },
  );

  test(
    "a dispute is noted when opened; won, the name stays; " + "lost, the order is REFUNDED and the name suspended",
    async () => {
      const won = await completedOrder();
      await deliver("charge.dispute.created", dispute(won.intentId, "needs_response"));
      const disputed = await orderOf(won.orderId);
      expect(disputed.orderStatus).toBe("COMPLETED");
      expect(disputed.orderStatusReason).toContain("opened a dispute (fraudulent) over 10 USD");
      await deliver("charge.dispute.closed", dispute(won.intentId, "won"));
      expect((await orderOf(won.orderId)).orderStatusReason).toContain("The dispute was closed: won.");
      expect((await resolve(won.domain)).status).toBe(200);

      const lost = await completedOrder();
      await deliver("charge.dispute.created", dispute(lost.intentId, "needs_response"));
      await deliver("charge.dispute.closed", dispute(lost.intentId, "lost"));
      const order = await orderOf(lost.orderId);
      expect(order.orderStatus).toBe("REFUNDED");
      expect(order.orderStatusReason).toBe(
        "The dispute was lost: 10 USD went back to the buyer. The name was suspended and no longer resolves.",
      );
      expect((await resolve(lost.domain)).status).toBe(404);
    },
  );

  test(
    "a refund reported before the payment's own event: " + "the payment is read from Stripe first, then refunded",
    async () => {
      const body = purchase();
      const started = await buy(body);
      stripe.succeed(started.intentId);
      stripe.refunds.push({
        id: "re_early1",
        object: "refund",
        amount: 1000,
        payment_intent: started.intentId,
        status: "succeeded",
        reverse_transfer: false,
      });
      await deliver("charge.refunded", stripe.chargeOf(started.intentId, 1000));
      expect((await orderOf(started.orderId)).orderStatus).toBe("REFUNDED");
      expect((await resolve(body.domain)).status).toBe(404);
      await deliver("payment_intent.succeeded", stripe.intents.get(started.intentId));
      expect((await orderOf(started.orderId)).orderStatus).toBe("REFUNDED");
    },
  );
});
