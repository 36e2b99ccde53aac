// Issue 31 item 6 (disputes): a dispute Stripe reports is kept with its evidence due date and
// listed for the operator while it is open; closed, it leaves the list.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, test } from "vitest";
import { signOperatorToken } from "@/lib/operator/operator-token";
import { startTestApp, type TestApp } from "@/tests/support/app";
import { ETH_WALLET, OWNER, seedCatalogue } from "@/tests/support/market-fixtures";
import { sendStripeEvent, startStripeServer, type StripeServer } from "@/tests/support/stripe-server";

const WEBHOOK_SECRET = "whsec_disputes_secret";
let stripe: StripeServer;
let app: TestApp;
let operator: string;

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
  await seedCatalogue();
  operator = signOperatorToken(1).token;
});
afterAll(async () => {
  await app?.close();
  await stripe?.close();
});

async function deliver(type: string, object: unknown) {
  expect((await sendStripeEvent(app, WEBHOOK_SECRET, type, object)).status).toBe(200);
}

async function completedCardOrder() {
  const res = await app.fetch("/v1/market/purchase", {
    method: "POST",
    json: {
      checkoutId: randomUUID(),
      domain: `dp${randomUUID().slice(0, 8)}.web3`,
      ownerAddress: OWNER,
      walletAddrs: [{ coinId: 60, addr: ETH_WALLET }],
      years: 1,
    },
  });
  expect(res.status).toBe(200);
  const started = (await res.json()) as { orderId: string; processorCheckoutSession: string };
  const intentId = started.processorCheckoutSession.split("_secret_")[0]!;
  await deliver("payment_intent.succeeded", stripe.succeed(intentId));
  return { orderId: started.orderId, intentId };
}

const disputeOf = (intentId: string, status: string, dueBy: number) => ({
  id: `dp_${intentId.slice(3)}`,
  object: "dispute",
  amount: 1000,
  currency: "usd",
  charge: `ch_${intentId.slice(3)}`,
  payment_intent: intentId,
  reason: "fraudulent",
  status,
  evidence_details: { due_by: dueBy, has_evidence: false, past_due: false, submission_count: 0 },
});

test("open disputes are listed with their due dates, soonest first, until Stripe closes them", async () => {
  const late = await completedCardOrder();
  const soon = await completedCardOrder();
  const lateDue = Math.floor(Date.now() / 1000) + 14 * 86_400;
  const soonDue = Math.floor(Date.now() / 1000) + 3 * 86_400;
  await deliver("charge.dispute.created", disputeOf(late.intentId, "needs_response", lateDue));
  await deliver("charge.dispute.created", disputeOf(soon.intentId, "needs_response", soonDue));
  // Stripe delivers at least once: a repeat changes nothing.
  await deliver("charge.dispute.created", disputeOf(soon.intentId, "needs_response", soonDue));

  const overview = async () => (await (await app.fetch("/v1/operator/overview", { token: operator })).json()).disputes;
  expect(await overview()).toEqual([
    expect.objectContaining({
      disputeId: `dp_${soon.intentId.slice(3)}`,
      orderId: soon.orderId,
      amountCents: 1000,
      reason: "fraudulent",
      status: "needs_response",
      dueBy: new Date(soonDue * 1000).toISOString(),
    }),
    expect.objectContaining({ orderId: late.orderId, dueBy: new Date(lateDue * 1000).toISOString() }),
  ]);

  await deliver("charge.dispute.closed", disputeOf(soon.intentId, "won", soonDue));
  expect((await overview()).map((d: { orderId: string }) => d.orderId)).toEqual([late.orderId]);
});
