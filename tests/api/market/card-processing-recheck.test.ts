// Issue 29, item 12: a card payment Stripe reported `processing` keeps its name past the offer's
// end; when the event that says how it ended is lost (and nobody reads the order, which would ask
// Stripe itself), the market's job asks Stripe again once the payment has been processing for
// PROCESSING_RECHECK_MS, and the order follows the answer. Against the local Stripe-speaking server.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "@/lib/db";
import { expireUnpaidOffers } from "@/lib/market/expire-offers";
import { PROCESSING_RECHECK_MS, recheckProcessingPayments } from "@/lib/market/recheck-processing";
import { startTestApp, type TestApp } from "@/tests/support/app";
import { OWNER, seedCatalogue } from "@/tests/support/market-fixtures";
import { startStripeServer, type StripeServer, sendStripeEvent } from "@/tests/support/stripe-server";

const WEBHOOK_SECRET = "whsec_processing_recheck";
const quiet = () => undefined;

let stripe: StripeServer;
let app: TestApp;

beforeAll(async () => {
  stripe = await startStripeServer();
  app = await startTestApp({
    STRIPE_SECRET_KEY: "sk_test_local",
    STRIPE_PUBLISHABLE_KEY: "pk_test_local",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: stripe.url,
    STRIPE_TIMEOUT_MS: 2000,
    UNPAID_HOLDS_PER_CLIENT: 0,
    UNPAID_HOLDS_PER_OWNER: 0,
  });
  await seedCatalogue();
});
afterAll(async () => {
  await app?.close();
  await stripe?.close();
});

const purchase = (domain: string) => ({ checkoutId: randomUUID(), domain, ownerAddress: OWNER, years: 1 });

async function buy(domain: string) {
  const res = await app.fetch("/v1/market/purchase", { method: "POST", json: purchase(domain) });
  expect(res.status).toBe(200);
  const started = await res.json();
  return {
    orderId: started.orderId as string,
    intentId: started.processorCheckoutSession.split("_secret_")[0] as string,
  };
}

async function deliver(type: string, object: unknown) {
  expect((await sendStripeEvent(app, WEBHOOK_SECRET, type, object)).status).toBe(200);
}

/** Read from the database: an order read through the API would ask Stripe itself. */
const stored = (orderId: string) =>
  db().order.findUniqueOrThrow({ where: { id: orderId }, include: { payment: true } });
const endOffer = (orderId: string) =>
  db().order.update({ where: { id: orderId }, data: { expiresAt: new Date(Date.now() - 1000) } });
const retrievals = (intentId: string) =>
  stripe.requests.filter((r) => r.method === "GET" && r.path === `/v1/payment_intents/${intentId}`).length;
const later = (ms = PROCESSING_RECHECK_MS + 1000) => new Date(Date.now() + ms);

describe("a card payment left processing with its follow-up event lost", () => {
  test("succeeded at Stripe: the job asks after the bound and the order COMPLETES", async () => {
    const domain = `proc${randomUUID().slice(0, 8)}.web3`;
    const { orderId, intentId } = await buy(domain);
    await deliver("payment_intent.processing", stripe.processing(intentId));
    await endOffer(orderId);
    stripe.succeed(intentId); // payment_intent.succeeded is lost
    expect(await expireUnpaidOffers()).not.toContain(orderId);

    // Before the bound nobody asks.
    expect(await recheckProcessingPayments(quiet)).toEqual([]);
    expect(retrievals(intentId)).toBe(0);
    expect((await stored(orderId)).orderStatus).toBe("PENDING");

    const paymentId = (await stored(orderId)).payment!.id;
    expect(await recheckProcessingPayments(quiet, later())).toEqual([paymentId]);
    expect(retrievals(intentId)).toBe(1);
    const order = await stored(orderId);
    expect(order.orderStatus).toBe("COMPLETED");
    expect(order.payment!.status).toBe("succeeded");
    expect(await db().domain.count({ where: { name: domain } })).toBe(1);
  });

  test("failed at Stripe: the hold follows the offer again and the name is released", async () => {
    const domain = `proc${randomUUID().slice(0, 8)}.web3`;
    const { orderId, intentId } = await buy(domain);
    await deliver("payment_intent.processing", stripe.processing(intentId));
    await endOffer(orderId);
    stripe.decline(intentId, "The bank declined the debit."); // payment_intent.payment_failed is lost
    expect(await expireUnpaidOffers()).not.toContain(orderId);

    await recheckProcessingPayments(quiet, later());
    expect((await stored(orderId)).payment!.status).toBe("requires_payment_method");
    expect(await expireUnpaidOffers()).toContain(orderId);
    expect((await stored(orderId)).orderStatus).toBe("EXPIRED");
    const rival = await app.fetch("/v1/market/purchase", { method: "POST", json: purchase(domain) });
    expect(rival.status).toBe(200);
  });

  test("still processing at Stripe: the name stays held, and Stripe is asked again only after the bound", async () => {
    const domain = `proc${randomUUID().slice(0, 8)}.web3`;
    const { orderId, intentId } = await buy(domain);
    await deliver("payment_intent.processing", stripe.processing(intentId));
    await endOffer(orderId);
    const first = later();
    expect(await recheckProcessingPayments(quiet, first)).toHaveLength(1);
    expect(await recheckProcessingPayments(quiet, new Date(first.getTime() + 60_000))).toEqual([]);
    expect(retrievals(intentId)).toBe(1);
    expect(await recheckProcessingPayments(quiet, new Date(first.getTime() + PROCESSING_RECHECK_MS))).toHaveLength(1);
    expect(retrievals(intentId)).toBe(2);
    expect(await expireUnpaidOffers()).not.toContain(orderId);
    expect((await stored(orderId)).orderStatus).toBe("PENDING");
  });
});
