// Issue 11 section 4, over real HTTP against the local Stripe-speaking server: anonymous reads of
// a pending Stripe order re-ask Stripe at most once per order every few seconds however many
// arrive (at once or one after another), and a replayed purchase answers the stored session,
// reusing its ephemeral key instead of minting one per replay (a fresh one only when the stored
// key is about to expire).
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { PROCESSOR_RECHECK_MS } from "@/lib/market/card-payment-events";
import { db } from "@/lib/db";
import { startTestApp, type TestApp } from "@/tests/support/app";
import { ETH_WALLET, OWNER, seedCatalogue } from "@/tests/support/market-fixtures";
import { startStripeServer, type StripeServer } from "@/tests/support/stripe-server";

let stripe: StripeServer;
let app: TestApp;

beforeAll(async () => {
  stripe = await startStripeServer();
  app = await startTestApp({
    STRIPE_SECRET_KEY: "sk_test_local",
    STRIPE_PUBLISHABLE_KEY: "pk_test_local",
    STRIPE_WEBHOOK_SECRET: "whsec_reads_test",
    STRIPE_API_BASE: stripe.url,
    UNPAID_HOLDS_PER_CLIENT: 0,
    UNPAID_HOLDS_PER_OWNER: 0,
  });
  await seedCatalogue();
});
afterAll(async () => {
  await app?.close();
  await stripe?.close();
});

const purchase = () => ({
  checkoutId: randomUUID(),
  domain: `read${randomUUID().slice(0, 8)}.web3`,
  ownerAddress: OWNER,
  walletAddrs: [{ coinId: 60, addr: ETH_WALLET }],
  years: 1,
});
const buy = async (body: unknown) => {
  const res = await app.fetch("/v1/market/purchase", { method: "POST", json: body });
  expect(res.status).toBe(200);
  return res.json();
};
const stripeCalls = (path: string, method = "POST") =>
  stripe.requests.filter((r) => r.path === path && r.method === method).length;

describe("reads of a pending Stripe order", () => {
  test(
    "forty reads, twenty of them at once, ask Stripe once; " + "after the interval the next read asks again",
    async () => {
      const started = await buy(purchase());
      const intentId = started.processorCheckoutSession.split("_secret_")[0];
      const path = `/v1/payment_intents/${intentId}`;
      const before = stripeCalls(path, "GET");
      const read = () => app.fetch(`/v1/market/order/${started.orderId}`);
      const began = performance.now();
      const together = await Promise.all(Array.from({ length: 20 }, read));
      for (let i = 0; i < 20; i++) expect((await read()).status).toBe(200);
      const elapsed = performance.now() - began;
      for (const res of together) expect((await res.json()).orderStatus).toBe("PENDING");
      // Once per interval at most, however slow a loaded machine makes the forty reads.
      const asked = stripeCalls(path, "GET") - before;
      expect(asked).toBeGreaterThanOrEqual(1);
      expect(asked).toBeLessThanOrEqual(1 + Math.floor(elapsed / PROCESSOR_RECHECK_MS));

      // Once the interval has passed (its start moved back, instead of a wait), one more ask.
      await db().payment.update({
        where: { orderId: started.orderId },
        data: { processorCheckedAt: new Date(Date.now() - PROCESSOR_RECHECK_MS - 1) },
      });
      stripe.succeed(intentId);
      const afterReads = stripeCalls(path, "GET");
      expect((await (await read()).json()).orderStatus).toBe("COMPLETED");
      expect(stripeCalls(path, "GET") - afterReads).toBe(1);
    },
  );
});

describe("replayed purchases", () => {
  test("ten replays answer the same session and ephemeral key and ask Stripe for nothing", async () => {
    const body = purchase();
    const first = await buy(body);
    const requestsAfterFirst = stripe.requests.length;
    const replays = await Promise.all(Array.from({ length: 10 }, () => buy(body)));
    for (const replay of replays) expect(replay).toEqual(first);
    expect(stripe.requests.length).toBe(requestsAfterFirst);
  });

  test("a stored key about to expire is replaced once, then reused", async () => {
    stripe.ephemeralKeySeconds = 60;
    const body = purchase();
    const first = await buy(body);
    stripe.ephemeralKeySeconds = 3600;
    const minted = stripeCalls("/v1/ephemeral_keys");
    const second = await buy(body);
    expect(second.processorEphemeralKey).not.toBe(first.processorEphemeralKey);
    expect(second.processorCheckoutSession).toBe(first.processorCheckoutSession);
    const third = await buy(body);
    expect(third.processorEphemeralKey).toBe(second.processorEphemeralKey);
    expect(stripeCalls("/v1/ephemeral_keys") - minted).toBe(1);
  });
});
