// Issue 29, over real HTTP against the local Stripe-speaking server, with webhooks signed as Stripe
// signs them: a reversed renewal takes back its years and never suspends the name (item 3).
import { randomUUID } from "node:crypto";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "@/lib/db";
import { registerName } from "@/lib/registry/register-name";
import { startTestApp, type TestApp } from "@/tests/support/app";
import { OWNER, seedCatalogue } from "@/tests/support/market-fixtures";
import { startStripeServer, type StripeServer } from "@/tests/support/stripe-server";

const WEBHOOK_SECRET = "whsec_refunds_secret";
const sdk = new Stripe("sk_test_local");
const DAY = 86_400_000;

let stripe: StripeServer;
let app: TestApp;
let adminToken: string;

beforeAll(async () => {
  stripe = await startStripeServer();
  app = await startTestApp({
    STRIPE_SECRET_KEY: "sk_test_local",
    STRIPE_PUBLISHABLE_KEY: "pk_test_local",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: stripe.url,
    STRIPE_TIMEOUT_MS: 2000,
    UNPAID_HOLDS_PER_CLIENT: 0,
  });
  ({ adminToken } = await seedCatalogue());
});
afterAll(async () => {
  await app?.close();
  await stripe?.close();
});

async function deliver(type: string, object: unknown) {
  const payload = JSON.stringify({
    id: `evt_${randomUUID()}`,
    object: "event",
    type,
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  });
  const res = await app.fetch("/api/webhooks/stripe", {
    method: "POST",
    body: payload,
    headers: {
      "content-type": "application/json",
      "stripe-signature": sdk.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    },
  });
  expect(res.status).toBe(200);
}

const intentOf = (started: { processorCheckoutSession: string }) =>
  started.processorCheckoutSession.split("_secret_")[0];
const orderOf = async (id: string) => (await app.fetch(`/v1/market/order/${id}`)).json();
const resolve = (name: string) => app.fetch(`/v1/resolve/${name}`, { token: adminToken });
const domainOf = (name: string) => db().domain.findUniqueOrThrow({ where: { name } });

function addYears(date: Date, years: number): Date {
  const next = new Date(date);
  next.setUTCFullYear(next.getUTCFullYear() + years);
  return next;
}

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

async function registered() {
  const name = `rev${randomUUID().slice(0, 8)}.web3`;
  const expiresAt = new Date(Date.now() + 100 * DAY);
  await db().$transaction((tx) => registerName(tx, { name, ownerAddress: OWNER, expiresAt }));
  return { name, expiresAt: (await domainOf(name)).expiresAt! };
}

/** A card renewal paid through Stripe: its order id and intent. */
async function paidRenewal(domain: string, years: number) {
  const res = await app.fetch("/v1/market/renew", {
    method: "POST",
    json: { checkoutId: randomUUID(), domain, years },
  });
  expect(res.status).toBe(200);
  const started = await res.json();
  const intentId = intentOf(started);
  await deliver("payment_intent.succeeded", stripe.succeed(intentId));
  expect((await orderOf(started.orderId)).orderStatus).toBe("COMPLETED");
  return { orderId: started.orderId as string, intentId };
}

describe("a reversed renewal (item 3)", () => {
  test(
    "a lost dispute and a dashboard refund take back each renewal's years, keep the later renewals', " +
      "and never suspend the name",
    async () => {
      const { name, expiresAt } = await registered();
      const stranger = await paidRenewal(name, 2);
      const later = await paidRenewal(name, 1);
      expect((await domainOf(name)).expiresAt).toEqual(addYears(expiresAt, 3));

      await deliver("charge.dispute.closed", dispute(stranger.intentId, "lost"));
      const disputed = await orderOf(stranger.orderId);
      expect(disputed.orderStatus).toBe("REFUNDED");
      expect(disputed.orderStatusReason).toContain("The 2 years this renewal added were taken back");
      expect(disputed.orderStatusReason).not.toContain("suspended");
      let domain = await domainOf(name);
      expect(domain.suspendedAt).toBeNull();
      expect(domain.expiresAt).toEqual(addYears(expiresAt, 1));
      expect((await resolve(name)).status).toBe(200);

      // The same news again takes nothing more.
      await deliver("charge.dispute.closed", dispute(stranger.intentId, "lost"));
      expect((await domainOf(name)).expiresAt).toEqual(addYears(expiresAt, 1));

      // A refund made in Stripe's dashboard of the later renewal.
      stripe.dashboardRefund(later.intentId);
      await deliver("charge.refunded", stripe.chargeOf(later.intentId));
      const refunded = await orderOf(later.orderId);
      expect(refunded.orderStatus).toBe("REFUNDED");
      domain = await domainOf(name);
      expect(domain.suspendedAt).toBeNull();
      expect(domain.expiresAt).toEqual(expiresAt);
      expect((await resolve(name)).status).toBe(200);
    },
  );
});

describe("a suspended name (item 15)", () => {
  test("cannot be renewed, and stays unbuyable past its grace period", async () => {
    const domain = `susp${randomUUID().slice(0, 8)}.web3`;
    const res = await app.fetch("/v1/market/purchase", {
      method: "POST",
      json: { checkoutId: randomUUID(), domain, ownerAddress: OWNER, years: 1 },
    });
    expect(res.status).toBe(200);
    const started = await res.json();
    const intentId = intentOf(started);
    await deliver("payment_intent.succeeded", stripe.succeed(intentId));
    await deliver("charge.dispute.closed", dispute(intentId, "lost"));
    expect((await orderOf(started.orderId)).orderStatus).toBe("REFUNDED");
    expect((await domainOf(domain)).suspendedAt).not.toBeNull();

    for (const [path, extra] of [
      ["/v1/market/renew", {}],
      ["/v1/market/crypto/renew", { currency: "ETH" }],
    ] as const) {
      const renewal = await app.fetch(path, {
        method: "POST",
        json: { checkoutId: randomUUID(), domain, years: 1, ...extra },
      });
      expect(renewal.status).toBe(409);
      expect(await renewal.json()).toEqual({ field: "domain", info: expect.stringContaining("suspended") });
    }
    expect(await db().order.count({ where: { domain, kind: "RENEWAL" } })).toBe(0);

    // Past its expiry and grace period it is still not released.
    await db().domain.update({ where: { name: domain }, data: { expiresAt: new Date(Date.now() - 400 * DAY) } });
    const search = await (await app.fetch(`/v1/market/search?q=${domain}`)).json();
    expect(search.results[0]).toMatchObject({ available: false, reason: "taken" });
    expect(search.results[0].message).toContain("suspended");
    const again = await app.fetch("/v1/market/crypto/purchase", {
      method: "POST",
      json: {
        currency: "ETH",
        domain,
        ownerAddress: OWNER,
        ownerEmail: "buyer@example.com",
        ownerName: "Buyer",
        years: 1,
      },
    });
    expect(again.status).toBe(409);
    expect((await domainOf(domain)).suspendedAt).not.toBeNull();
    expect(await db().order.count({ where: { domain } })).toBe(1);
  });
});
