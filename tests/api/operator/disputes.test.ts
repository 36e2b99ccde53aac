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

test("an update shows the dispute's new state and due date; one after the close changes nothing", async () => {
  const order = await completedCardOrder();
  const due = Math.floor(Date.now() / 1000) + 7 * 86_400;
  const moved = due + 2 * 86_400;
  const overview = async () =>
    (
      (await (await app.fetch("/v1/operator/overview", { token: operator })).json()).disputes as { orderId: string }[]
    ).filter((dispute) => dispute.orderId === order.orderId);
  await deliver("charge.dispute.created", disputeOf(order.intentId, "needs_response", due));
  await deliver("charge.dispute.updated", disputeOf(order.intentId, "under_review", moved));
  expect(await overview()).toEqual([
    expect.objectContaining({ status: "under_review", dueBy: new Date(moved * 1000).toISOString() }),
  ]);

  await deliver("charge.dispute.closed", disputeOf(order.intentId, "won", moved));
  // Stripe's events come in any order: an update delivered late does not reopen the dispute.
  await deliver("charge.dispute.updated", disputeOf(order.intentId, "under_review", moved));
  expect(await overview()).toEqual([]);
});

test("an update that arrives before the dispute's creation opens it, with the order noted", async () => {
  const order = await completedCardOrder();
  const due = Math.floor(Date.now() / 1000) + 5 * 86_400;
  await deliver("charge.dispute.updated", disputeOf(order.intentId, "warning_under_review", due));
  const disputes = (await (await app.fetch("/v1/operator/overview", { token: operator })).json()).disputes as {
    orderId: string;
  }[];
  expect(disputes.filter((dispute) => dispute.orderId === order.orderId)).toEqual([
    expect.objectContaining({ status: "warning_under_review", reason: "fraudulent", amountCents: 1000 }),
  ]);
  const read = await (await app.fetch(`/v1/market/order/${order.orderId}`)).json();
  expect(read.orderStatusReason).toContain("opened a dispute (fraudulent)");
});
