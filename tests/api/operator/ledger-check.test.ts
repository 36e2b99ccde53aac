// Issue 31 item 6 (the ledger check): for a period, the ledger's card sales, refunds and lost
// disputes equal what Stripe's balance transactions say (GET /v1/balance_transactions on the local
// Stripe-speaking server), and its crypto sales and reorganisation losses what the watchers
// credited and took back; a movement one side has and the other lacks makes its line not ok. Only
// with an operator token.
import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "@/lib/db";
import { onCryptoPaymentCredited } from "@/lib/market/crypto-payment-events";
import { signOperatorToken } from "@/lib/operator/operator-token";
import { applyReorganisation, recordTransfers } from "@/lib/payments/crypto/record-transfers";
import { startTestApp, type TestApp } from "@/tests/support/app";
import { ETH_WALLET, OWNER, seedCatalogue } from "@/tests/support/market-fixtures";
import { sendStripeEvent, startStripeServer, type StripeServer } from "@/tests/support/stripe-server";

const WEBHOOK_SECRET = "whsec_ledger_check";

let stripe: StripeServer;
let app: TestApp;
let shop: Awaited<ReturnType<typeof seedCatalogue>>;
let operator: string;
const started = new Date(Date.now() - 1_000).toISOString();

beforeAll(async () => {
  stripe = await startStripeServer();
  app = await startTestApp({
    STRIPE_SECRET_KEY: "sk_test_local",
    STRIPE_PUBLISHABLE_KEY: "pk_test_local",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: stripe.url,
    PAYMENTS_ALLOW_TEST_DEFAULTS: true,
    UNPAID_HOLDS_PER_CLIENT: 0,
    UNPAID_HOLDS_PER_OWNER: 0,
  });
  shop = await seedCatalogue();
  operator = signOperatorToken(1).token;
});
afterAll(async () => {
  await app?.close();
  await stripe?.close();
});

async function deliver(type: string, object: unknown) {
  expect((await sendStripeEvent(app, WEBHOOK_SECRET, type, object)).status).toBe(200);
}

const check = (token = operator) =>
  app.fetch(
    `/v1/operator/ledger-check?from=${encodeURIComponent(started)}` +
      `&to=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`,
    { token },
  );

async function cardSale() {
  const res = await app.fetch("/v1/market/purchase", {
    method: "POST",
    json: {
      checkoutId: randomUUID(),
      domain: `lc${randomUUID().slice(0, 8)}.web3`,
      ownerAddress: OWNER,
      walletAddrs: [{ coinId: 60, addr: ETH_WALLET }],
      years: 1,
    },
  });
  expect(res.status).toBe(200);
  const intentId = (await res.json()).processorCheckoutSession.split("_secret_")[0] as string;
  await deliver("payment_intent.succeeded", stripe.succeed(intentId));
  return intentId;
}

async function cryptoSale(amount: bigint) {
  const res = await app.fetch("/v1/market/crypto/purchase", {
    method: "POST",
    json: {
      currency: "USDC",
      domain: `lx${randomUUID().slice(0, 8)}.web3`,
      ownerAddress: OWNER,
      ownerEmail: "buyer@example.com",
      ownerName: "Ada Buyer",
      walletAddrs: [{ coinId: 60, addr: ETH_WALLET }],
      years: 1,
    },
  });
  expect(res.status).toBe(200);
  const { paymentId } = await res.json();
  const payment = await db().payment.findUniqueOrThrow({ where: { id: paymentId } });
  const txHash = `0x${randomBytes(32).toString("hex")}`;
  await recordTransfers(
    payment.chain!,
    [{ paymentId, txHash, logIndex: 0, blockNumber: 100n, blockTime: new Date(), amount }],
    { headBlock: 110n },
  );
  await onCryptoPaymentCredited(paymentId);
  return { paymentId, chain: payment.chain! };
}

describe("GET /v1/operator/ledger-check", () => {
  test("card totals equal Stripe's balance transactions, crypto totals what the watchers credited", async () => {
    // $10 a year for a second-level name: three charges, a refund of 400 cents, a lost dispute.
    const [, refunded, disputed] = [await cardSale(), await cardSale(), await cardSale()];
    const refund = stripe.dashboardRefund(refunded, 400);
    await deliver("refund.updated", refund);
    stripe.disputeLost(disputed, 1000);
    await deliver("charge.dispute.closed", {
      id: `dp_${disputed.slice(3)}`,
      object: "dispute",
      amount: 1000,
      currency: "usd",
      charge: `ch_${disputed.slice(3)}`,
      payment_intent: disputed,
      reason: "fraudulent",
      status: "lost",
    });
    // Two USDC payments of $10; a reorganisation takes the second one's transfer away.
    await cryptoSale(10_000_000n);
    const lost = await cryptoSale(10_000_000n);
    const [transfer] = await db().cryptoTransfer.findMany({ where: { paymentId: lost.paymentId } });
    await applyReorganisation(lost.chain, {
      rechecks: [{ id: transfer!.id, verdict: "reverse" }],
      rewindTo: { block: 99n, hash: null, time: null },
    });

    const res = await check();
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.lines).toEqual([
      {
        source: "chain",
        kind: "reorganisations",
        currency: "USDC",
        expected: "10.000000",
        actual: "10.000000",
        ok: true,
      },
      { source: "chain", kind: "sales", currency: "USDC", expected: "20.000000", actual: "20.000000", ok: true },
      { source: "stripe", kind: "disputes", currency: "USD", expected: "-10.00", actual: "-10.00", ok: true },
      { source: "stripe", kind: "refunds", currency: "USD", expected: "-4.00", actual: "-4.00", ok: true },
      { source: "stripe", kind: "sales", currency: "USD", expected: "30.00", actual: "30.00", ok: true },
    ]);
    expect(body).toMatchObject({ stripeChecked: true, ok: true });
    // It was read from Stripe, for the period asked.
    const listed = stripe.requests.filter((r) => r.path === "/v1/balance_transactions");
    expect(listed.at(-1)!.params.get("created[gte]")).toBe(String(Math.floor(Date.parse(started) / 1000)));
  });

  test("a charge Stripe has and the ledger lacks makes the card sales line not ok", async () => {
    stripe.balanceTransactions.push({
      id: "txn_unrecorded",
      object: "balance_transaction",
      amount: 700,
      fee: 50,
      net: 650,
      currency: "usd",
      created: Math.floor(Date.now() / 1000),
      reporting_category: "charge",
      type: "charge",
      source: "ch_unrecorded",
    });
    const body = await (await check()).json();
    expect(body.ok).toBe(false);
    expect(
      body.lines.find((l: { source: string; kind: string }) => l.source === "stripe" && l.kind === "sales"),
    ).toEqual({ source: "stripe", kind: "sales", currency: "USD", expected: "37.00", actual: "30.00", ok: false });
  });

  test("only with an operator token; a bad period is 400 naming the field", async () => {
    expect((await check(shop.adminToken)).status).toBe(401);
    expect(
      (await app.fetch("/v1/operator/ledger-check?from=2026-01-01T00:00:00Z&to=2026-01-01T00:00:00Z")).status,
    ).toBe(401);
    const backwards = await app.fetch("/v1/operator/ledger-check?from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z", {
      token: operator,
    });
    expect(backwards.status).toBe(400);
    expect(await backwards.json()).toEqual({ field: "to", info: expect.any(String) });
  });
});
