// Issue 31 item 2, the ledger, over real HTTP with webhooks signed as Stripe signs them: a
// partner's card sale writes its sale, the platform's fee and the partner's share (transferred by
// Stripe) once however often Stripe sends the event; a refund takes the split back in proportion; a
// lost dispute takes all of it back and reverses the partner's transfer at Stripe
// (transfers.createReversal); the table refuses edits; GET /v1/partner/statement sums it
// per month, as JSON and as formula-safe CSV.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "@/lib/db";
import { checkLedgerBalance } from "@/lib/operator/ledger-balance";
import { statementCsv } from "@/lib/ledger/statement";
import { startTestApp, type TestApp } from "@/tests/support/app";
import { ETH_WALLET, OWNER, seedCatalogue } from "@/tests/support/market-fixtures";
import { sendStripeEvent, startStripeServer, type StripeServer } from "@/tests/support/stripe-server";

const WEBHOOK_SECRET = "whsec_ledger_test";

let stripe: StripeServer;
let app: TestApp;
let seller: Awaited<ReturnType<typeof seedCatalogue>>;

beforeAll(async () => {
  stripe = await startStripeServer();
  app = await startTestApp({
    STRIPE_SECRET_KEY: "sk_test_local",
    STRIPE_PUBLISHABLE_KEY: "pk_test_local",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: stripe.url,
    PLATFORM_FEE_PERCENT: 10,
    PLATFORM_FEE_FIXED_CENTS: 30,
    UNPAID_HOLDS_PER_CLIENT: 0,
    UNPAID_HOLDS_PER_OWNER: 0,
  });
  seller = await seedCatalogue();
  stripe.accounts.add("acct_1LedgerSeller");
  const set = await app.fetch("/v1/partner/payout-account", {
    method: "PUT",
    token: seller.adminToken,
    json: { processorConnectedAccountId: "acct_1LedgerSeller" },
  });
  expect(set.status).toBe(200);
});
afterAll(async () => {
  await app?.close();
  await stripe?.close();
});

async function deliver(type: string, object: unknown) {
  expect((await sendStripeEvent(app, WEBHOOK_SECRET, type, object)).status).toBe(200);
}

/** A sub-name of the seller bought by card for `years` ($2.50 a year) and paid: its order and intent. */
async function paidSale(years: number) {
  const res = await app.fetch("/v1/market/purchase", {
    method: "POST",
    json: {
      checkoutId: randomUUID(),
      domain: `led${randomUUID().slice(0, 8)}.${seller.parentName}`,
      ownerAddress: OWNER,
      walletAddrs: [{ coinId: 60, addr: ETH_WALLET }],
      years,
    },
  });
  expect(res.status).toBe(200);
  const started = await res.json();
  const intentId = started.processorCheckoutSession.split("_secret_")[0] as string;
  const intent = stripe.succeed(intentId);
  await deliver("payment_intent.succeeded", intent);
  return { orderId: started.orderId as string, intentId };
}

const entriesOf = async (orderId: string) =>
  (
    await db().ledgerEntry.findMany({
      where: { orderId },
      orderBy: [{ occurredAt: "asc" }, { kind: "asc" }],
    })
  ).map((e) => ({
    kind: e.kind,
    amount: Number(e.amountAtomic),
    usdCents: e.usdCents === null ? null : Number(e.usdCents),
    reference: e.reference,
    transferred: e.transferred,
  }));

describe("the ledger", () => {
  test("a partner's card sale: the sale, the fee and the transferred share, once for a replayed event", async () => {
    const { orderId, intentId } = await paidSale(2);
    // The same news again, as a second event (Stripe retries, or sends payment_intent.succeeded twice).
    await deliver("payment_intent.succeeded", stripe.intents.get(intentId));
    expect((await (await app.fetch(`/v1/market/order/${orderId}`)).json()).orderStatus).toBe("COMPLETED");
    // 500 cents; the fee 10% + 30 cents; Stripe's own fee (its balance transaction's) 2.9% + 30 cents.
    const charge = stripe.balanceTransactions.find((bt) => bt.source === `ch_${intentId.slice(3)}`)!;
    expect(await entriesOf(orderId)).toEqual([
      { kind: "partner_share", amount: 420, usdCents: 420, reference: intentId, transferred: true },
      { kind: "platform_fee", amount: 80, usdCents: 80, reference: intentId, transferred: false },
      { kind: "sale", amount: 500, usdCents: 500, reference: intentId, transferred: false },
      { kind: "processor_fee", amount: 45, usdCents: 45, reference: charge.id, transferred: false },
    ]);
  });

  test("a partial refund at Stripe takes back its part and the split in proportion, once", async () => {
    const { orderId, intentId } = await paidSale(2);
    const refund = stripe.dashboardRefund(intentId, 200, "succeeded", true);
    await deliver("charge.refunded", stripe.chargeOf(intentId));
    await deliver("refund.updated", refund);
    const rows = (await entriesOf(orderId)).filter((e) => e.reference === refund.id);
    // Kept 300 of 500: the fee becomes 80 × 3/5 = 48 (−32), the share 252 (−168).
    expect(rows).toEqual([
      { kind: "partner_share", amount: -168, usdCents: -168, reference: refund.id, transferred: true },
      { kind: "platform_fee", amount: -32, usdCents: -32, reference: refund.id, transferred: false },
      { kind: "refund", amount: -200, usdCents: -200, reference: refund.id, transferred: false },
    ]);
  });

  test("a lost dispute takes back the whole sale and split, and the partner's transfer", async () => {
    const { orderId, intentId } = await paidSale(1);
    const dispute = {
      id: `dp_${intentId.slice(3)}`,
      object: "dispute",
      amount: 250,
      currency: "usd",
      charge: `ch_${intentId.slice(3)}`,
      payment_intent: intentId,
      reason: "fraudulent",
      status: "lost",
    };
    await deliver("charge.dispute.closed", dispute);
    await deliver("charge.dispute.closed", dispute);
    const entries = await entriesOf(orderId);
    const total = (kind: string) => entries.filter((e) => e.kind === kind).reduce((s, e) => s + e.amount, 0);
    expect(entries.filter((e) => e.reference === dispute.id).map((e) => [e.kind, e.amount])).toEqual([
      ["dispute", -250],
      ["partner_share", -195],
      ["platform_fee", -55],
    ]);
    expect([total("sale"), total("dispute"), total("platform_fee"), total("partner_share")]).toEqual([250, -250, 0, 0]);
    // Stripe took the whole 250 from the platform: the partner's 195 comes back from its transfer, once.
    expect(stripe.reversals).toEqual([
      {
        id: expect.stringMatching(/^trr_/),
        object: "transfer_reversal",
        amount: 195,
        transfer: `tr_${intentId.slice(3)}`,
        metadata: { paymentIntentId: intentId },
      },
    ]);
    const asked = stripe.requests.filter((r) => r.method === "POST" && r.path.endsWith("/reversals"));
    expect(asked.map((r) => [r.path, r.params.get("amount"), r.headers["idempotency-key"]])).toEqual([
      [`/v1/transfers/tr_${intentId.slice(3)}/reversals`, "195", `transfer-reversal-${dispute.id}`],
      [`/v1/transfers/tr_${intentId.slice(3)}/reversals`, "195", `transfer-reversal-${dispute.id}`],
    ]);
  });

  test("after these sales, refunds and disputes the ledger balances and says what the orders say", async () => {
    // A registry's own sale by card besides.
    const registry = await app.fetch("/v1/market/purchase", {
      method: "POST",
      json: {
        checkoutId: randomUUID(),
        domain: `reg${randomUUID().slice(0, 8)}.web3`,
        ownerAddress: OWNER,
        walletAddrs: [{ coinId: 60, addr: ETH_WALLET }],
        years: 1,
      },
    });
    const intentId = (await registry.json()).processorCheckoutSession.split("_secret_")[0];
    await deliver("payment_intent.succeeded", stripe.succeed(intentId));
    const balance = await checkLedgerBalance();
    expect(balance.problems).toEqual([]);
    expect(balance.ok).toBe(true);
    const usd = balance.totals.find((t) => t.currency === "USD")!;
    // 500 + 500 + 250 of the partner's, 1000 of the registry's; 450 went back; shares 420 + 252.
    expect(usd).toEqual({
      currency: "USD",
      sales: "2250",
      refunds: "450",
      // Stripe's 2.9% + 30 cents of each charge: 45, 45, 37 and 59.
      processorFees: "186",
      platformFees: "128",
      partnerShares: "672",
      platformNet: String(2250 - 450 - 672 - 186),
    });
  });

  test("the ledger is append-only: the database refuses an edit or a removal", async () => {
    const entry = await db().ledgerEntry.findFirstOrThrow();
    await expect(db().ledgerEntry.update({ where: { id: entry.id }, data: { reference: "edited" } })).rejects.toThrow(
      /append-only/,
    );
    await expect(db().ledgerEntry.delete({ where: { id: entry.id } })).rejects.toThrow(/append-only/);
    expect((await db().ledgerEntry.findUniqueOrThrow({ where: { id: entry.id } })).reference).toBe(entry.reference);
  });
});

describe("GET /v1/partner/statement", () => {
  test("the month's sales, refunds, fees and share, as JSON and as CSV", async () => {
    const month = new Date().toISOString().slice(0, 7);
    const res = await app.fetch("/v1/partner/statement", { token: seller.adminToken });
    expect(res.status).toBe(200);
    const statement = await res.json();
    // Sales 500 + 500 + 250; back 200 (refund) + 250 (dispute); fees 80 + 80 − 32 + 55 − 55.
    const expected = {
      currency: "USD",
      sales: "12.50",
      refunds: "4.50",
      platformFees: "1.28",
      net: "6.72",
      transferred: "6.72",
      owed: "0.00",
      paidOut: "0.00",
      salesUsd: "12.50",
      refundsUsd: "4.50",
      platformFeesUsd: "1.28",
      netUsd: "6.72",
    };
    expect(statement.months).toEqual([{ month, ...expected }]);
    expect(statement.totals).toEqual([expected]);
    expect(statement.partnerId).toBe(seller.partnerId);

    const csv = await app.fetch("/v1/partner/statement", { token: seller.adminToken, headers: { accept: "text/csv" } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
    const lines = (await csv.text()).trim().split("\r\n");
    expect(lines[0]).toBe(
      "month,currency,sales,refunds,platformFees,net,transferred,owed,paidOut," +
        "salesUsd,refundsUsd,platformFeesUsd,netUsd",
    );
    expect(lines[1]).toBe(
      `"${month}","USD","12.50","4.50","1.28","6.72","6.72","0.00","0.00","12.50","4.50","1.28","6.72"`,
    );
  });

  test("a negative amount in the CSV cannot start a spreadsheet formula", () => {
    const line = { currency: "=HYPERLINK(1)", sales: "0.00", refunds: "1.00", platformFees: "-0.30" };
    const csv = statementCsv({
      partnerId: seller.partnerId,
      from: "2026-01-01T00:00:00.000Z",
      to: "2026-02-01T00:00:00.000Z",
      months: [
        {
          month: "2026-01",
          ...line,
          net: "-0.70",
          transferred: "-0.70",
          owed: "0.00",
          paidOut: "0.00",
          salesUsd: null,
          refundsUsd: "1.00",
          platformFeesUsd: "-0.30",
          netUsd: "-0.70",
        },
      ],
      totals: [],
    });
    expect(csv.split("\r\n")[1]).toBe(
      `"2026-01","'=HYPERLINK(1)","0.00","1.00","'-0.30","'-0.70","'-0.70","0.00","0.00","","1.00","'-0.30","'-0.70"`,
    );
  });

  test("another partner sees only its own (nothing), and a period before the sales is empty", async () => {
    const other = await seedCatalogue();
    const mine = await (await app.fetch("/v1/partner/statement", { token: other.adminToken })).json();
    expect(mine).toMatchObject({ partnerId: other.partnerId, months: [], totals: [] });
    const before = await app.fetch("/v1/partner/statement?from=2020-01-01T00:00:00Z&to=2020-06-01T00:00:00Z", {
      token: seller.adminToken,
    });
    expect(await before.json()).toMatchObject({ months: [], totals: [] });
  });

  test("a bad period is 400 naming the field, and needs an ADMIN token", async () => {
    const backwards = await app.fetch("/v1/partner/statement?from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z", {
      token: seller.adminToken,
    });
    expect(backwards.status).toBe(400);
    expect((await backwards.json()).errors[0].field).toBe("to");
    const garbage = await app.fetch("/v1/partner/statement?from=yesterday", { token: seller.adminToken });
    expect(garbage.status).toBe(400);
    expect((await garbage.json()).errors[0].field).toBe("from");
    expect((await app.fetch("/v1/partner/statement")).status).toBe(401);
  });
});

// Last: it leaves the ledger wrong on purpose.
describe("the balance check", () => {
  test("Stripe's fee not readable at the sale comes with charge.updated, once", async () => {
    stripe.failing.add("/v1/charges");
    const { orderId, intentId } = await paidSale(1);
    stripe.failing.delete("/v1/charges");
    expect((await entriesOf(orderId)).map((e) => e.kind)).not.toContain("processor_fee");
    const charge = stripe.chargeOf(intentId);
    await deliver("charge.updated", charge);
    await deliver("charge.updated", charge);
    const fees = (await entriesOf(orderId)).filter((e) => e.kind === "processor_fee");
    // 250 cents: 7 + 30.
    expect(fees).toEqual([
      { kind: "processor_fee", amount: 37, usdCents: 37, reference: charge.balance_transaction, transferred: false },
    ]);
  });

  test("a refund Stripe said succeeded and then failed is taken back by new rows; the books balance", async () => {
    const { orderId, intentId } = await paidSale(2);
    const refund = stripe.dashboardRefund(intentId, 100, "succeeded", true);
    await deliver("refund.updated", refund);
    await deliver("refund.failed", stripe.setRefundStatus(refund.id, "failed", "expired_or_canceled_card"));
    await deliver("refund.failed", stripe.setRefundStatus(refund.id, "failed", "expired_or_canceled_card"));
    const entries = await entriesOf(orderId);
    const total = (kind: string) => entries.filter((e) => e.kind === kind).reduce((s, e) => s + e.amount, 0);
    expect(entries.filter((e) => e.reference === refund.id).map((e) => [e.kind, e.amount])).toEqual([
      ["partner_share", -84],
      ["platform_fee", -16],
      ["refund", -100],
      ["partner_share", 84],
      ["platform_fee", 16],
      ["refund", 100],
    ]);
    expect([total("sale"), total("refund"), total("platform_fee"), total("partner_share")]).toEqual([500, 0, 80, 420]);
    expect((await checkLedgerBalance()).problems).toEqual([]);
  });

  test("a refund at Stripe that left the partner's transfer in place comes out of the platform's fee", async () => {
    const { orderId, intentId } = await paidSale(2);
    // Stripe's dashboard, "reverse transfer" left unticked: the partner keeps its 420.
    const refund = stripe.dashboardRefund(intentId, 200);
    await deliver("charge.refunded", stripe.chargeOf(intentId));
    await deliver("refund.updated", refund);
    const entries = await entriesOf(orderId);
    expect(entries.filter((e) => e.reference === refund.id)).toEqual([
      { kind: "platform_fee", amount: -200, usdCents: -200, reference: refund.id, transferred: false },
      { kind: "refund", amount: -200, usdCents: -200, reference: refund.id, transferred: false },
    ]);
    const total = (kind: string) => entries.filter((e) => e.kind === kind).reduce((s, e) => s + e.amount, 0);
    // The partner's share stays whole; the platform's fee of 80 went to −120: it paid 120 of the partner's part.
    expect([total("sale"), total("refund"), total("platform_fee"), total("partner_share")]).toEqual([
      500, -200, -120, 420,
    ]);
    expect((await checkLedgerBalance()).problems).toEqual([]);
  });

  test("the check finds an order the ledger disagrees with", async () => {
    const { orderId } = await paidSale(1);
    const { domain } = await db().order.findUniqueOrThrow({ where: { id: orderId } });
    // A sale the processor never recorded, as a bug writing twice would leave it.
    await db().ledgerEntry.create({
      data: {
        id: randomUUID(),
        entryKey: `sale:bogus-${orderId}`,
        kind: "sale",
        currency: "USD",
        decimals: 2,
        amountAtomic: "250",
        usdCents: 250n,
        orderId,
        reference: "bogus",
      },
    });
    const balance = await checkLedgerBalance();
    expect(balance.ok).toBe(false);
    expect(balance.problems).toEqual([
      `order ${orderId} (${domain}, COMPLETED): the ledger's sales are 500, the payment received 250`,
      `order ${orderId} (${domain}, COMPLETED): charged 500 for 250 due`,
      `order ${orderId} (${domain}, COMPLETED): fee and partner share are 250, expected 500`,
    ]);
  });
});
