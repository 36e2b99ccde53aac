// Issue 29, over real HTTP against the local Stripe-speaking server, with webhooks signed as Stripe
// signs them: a reversed renewal takes back its years and never suspends the name (item 3); a
// card refund is PAID only once Stripe says it succeeded, and follows refund.updated / refund.failed
// (item 8); a charge partly refunded in Stripe's dashboard is refunded what is left, each refund
// its own row (item 9); charge.refunded finds its refunds without the charge's refund list, which
// Stripe no longer includes (item 13); a suspended name is neither renewed nor released (item 15).
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "@/lib/db";
import { processDueCardRefunds } from "@/lib/market/refunds";
import { registerName } from "@/lib/registry/register-name";
import { startTestApp, type TestApp } from "@/tests/support/app";
import { OWNER, seedCatalogue } from "@/tests/support/market-fixtures";
import { startStripeServer, type StripeServer, sendStripeEvent } from "@/tests/support/stripe-server";

const WEBHOOK_SECRET = "whsec_refunds_secret";
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
  expect((await sendStripeEvent(app, WEBHOOK_SECRET, type, object)).status).toBe(200);
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
      const refund = stripe.dashboardRefund(later.intentId);
      await deliver("charge.refunded", stripe.chargeOf(later.intentId));
      const refunded = await orderOf(later.orderId);
      expect(refunded.orderStatus).toBe("REFUNDED");
      expect(refunded.orderStatusReason).toContain(`(refund ${refund.id})`);
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

/** A card purchase whose payment Stripe reports in euros: the order FAILS and is owed a full refund. */
async function failedCardOrder() {
  const domain = `refund${randomUUID().slice(0, 8)}.web3`;
  const res = await app.fetch("/v1/market/purchase", {
    method: "POST",
    json: { checkoutId: randomUUID(), domain, ownerAddress: OWNER, years: 1 },
  });
  expect(res.status).toBe(200);
  const started = await res.json();
  const intentId = intentOf(started);
  await deliver("payment_intent.succeeded", { ...stripe.succeed(intentId), currency: "eur" });
  expect((await orderOf(started.orderId)).orderStatus).toMatch(/FAILED|REFUNDED/);
  return { orderId: started.orderId as string, intentId };
}
const cardRefunds = (orderId: string) =>
  db().refund.findMany({ where: { orderId, method: "card" }, orderBy: { createdAt: "asc" } });
const quiet = () => undefined;

describe("card refunds follow Stripe's word (items 8, 9, 13)", () => {
  test("a pending refund stays DUE and the order FAILED; refund.updated succeeded: PAID, REFUNDED", async () => {
    stripe.nextRefundStatus = "pending";
    const { orderId, intentId } = await failedCardOrder().finally(() => (stripe.nextRefundStatus = "succeeded"));
    const [made] = stripe.refunds.filter((r) => r.payment_intent === intentId);
    expect(made.status).toBe("pending");
    expect(await cardRefunds(orderId)).toEqual([
      expect.objectContaining({ status: "DUE", processorRefundId: made.id, processorStatus: "pending", paidAt: null }),
    ]);
    expect((await orderOf(orderId)).orderStatus).toBe("FAILED");
    // A pending refund is not asked for again.
    await processDueCardRefunds(quiet);
    expect(stripe.refunds.filter((r) => r.payment_intent === intentId)).toHaveLength(1);

    await deliver("refund.updated", stripe.setRefundStatus(made.id, "succeeded"));
    expect(await cardRefunds(orderId)).toEqual([
      expect.objectContaining({ status: "PAID", processorRefundId: made.id, processorStatus: "succeeded" }),
    ]);
    const order = await orderOf(orderId);
    expect(order.orderStatus).toBe("REFUNDED");
    expect(order.orderStatusReason).toContain(`Refunded 10 USD to the card (refund ${made.id}).`);
  });

  test("refund.failed: the refund is FAILED, the order not REFUNDED, the operator told", async () => {
    stripe.nextRefundStatus = "pending";
    const { orderId, intentId } = await failedCardOrder().finally(() => (stripe.nextRefundStatus = "succeeded"));
    const [made] = stripe.refunds.filter((r) => r.payment_intent === intentId);
    await deliver("refund.failed", stripe.setRefundStatus(made.id, "failed", "expired_or_canceled_card"));
    const [row] = await cardRefunds(orderId);
    expect(row).toMatchObject({
      status: "FAILED",
      processorRefundId: made.id,
      processorStatus: "failed",
      paidAt: null,
    });
    expect(row.reason).toContain("expired_or_canceled_card");
    expect((await orderOf(orderId)).orderStatus).toBe("FAILED");
    // charge.refund.updated (the older name of the event) with the same news changes nothing more.
    await deliver("charge.refund.updated", made);
    expect(await cardRefunds(orderId)).toHaveLength(1);
  });

  test("a charge partly refunded in Stripe's dashboard: the rest is refunded, each refund its own row", async () => {
    stripe.failing.add("/v1/refunds");
    const { orderId, intentId } = await failedCardOrder().finally(() => stripe.failing.delete("/v1/refunds"));
    expect(await cardRefunds(orderId)).toEqual([
      expect.objectContaining({ status: "DUE", amountAtomic: "1000", processorRefundId: null }),
    ]);
    // Someone refunds 4 USD in Stripe's dashboard; its event is lost.
    const dashboard = stripe.dashboardRefund(intentId, 400);
    // Stripe refuses the full amount; the charge's refunds are read, and what is left is asked next.
    expect(await processDueCardRefunds(quiet)).toEqual([]);
    expect(await processDueCardRefunds(quiet)).toHaveLength(1);
    const made = stripe.refunds.filter((r) => r.payment_intent === intentId && r.id !== dashboard.id);
    expect(made.map((r) => [r.amount, r.status])).toEqual([[600, "succeeded"]]);
    expect((await cardRefunds(orderId)).map((r) => [r.status, r.amountAtomic, r.processorRefundId])).toEqual([
      ["PAID", "400", dashboard.id],
      ["PAID", "600", made[0].id],
    ]);
    const order = await orderOf(orderId);
    expect(order.orderStatus).toBe("REFUNDED");
    expect(order.orderStatusReason).toContain(`Refunded 10 USD to the card (refunds ${dashboard.id}, ${made[0].id}).`);
    expect(await processDueCardRefunds(quiet)).toEqual([]);
  });

  test("charge.refunded of a dashboard refund names the refund, read from Stripe's refund list", async () => {
    const domain = `dash${randomUUID().slice(0, 8)}.web3`;
    const res = await app.fetch("/v1/market/purchase", {
      method: "POST",
      json: { checkoutId: randomUUID(), domain, ownerAddress: OWNER, years: 1 },
    });
    const started = await res.json();
    const intentId = intentOf(started);
    await deliver("payment_intent.succeeded", stripe.succeed(intentId));
    const refund = stripe.dashboardRefund(intentId);
    const charge = stripe.chargeOf(intentId);
    expect(charge).not.toHaveProperty("refunds");
    await deliver("charge.refunded", charge);
    const order = await orderOf(started.orderId);
    expect(order.orderStatus).toBe("REFUNDED");
    expect(order.orderStatusReason).toBe(
      `Refunded 10 USD at the card processor (refund ${refund.id}). The name was suspended and no longer resolves.`,
    );
    expect(await cardRefunds(started.orderId)).toEqual([
      expect.objectContaining({ status: "PAID", processorRefundId: refund.id, amountAtomic: "1000" }),
    ]);
  });
});
