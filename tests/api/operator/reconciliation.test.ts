// Issue 31 item 6 (reconciliation): the operator sees, per order, what it received, refunded and
// owes, in its currency and in USD at receipt, with references, and totals per day and partner
// that add up; CSV on request; only with an operator token.
import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "@/lib/db";
import { onCryptoPaymentCredited } from "@/lib/market/crypto-payment-events";
import { signOperatorToken } from "@/lib/operator/operator-token";
import { recordTransfers } from "@/lib/payments/crypto/record-transfers";
import { startTestApp, type TestApp } from "@/tests/support/app";
import { ETH_WALLET, OWNER, seedCatalogue } from "@/tests/support/market-fixtures";
import { newAccount, signIn } from "@/tests/support/owner-fixtures";

let app: TestApp;
let shop: Awaited<ReturnType<typeof seedCatalogue>>;
let operator: string;
const started = new Date(Date.now() - 1_000).toISOString();

beforeAll(async () => {
  app = await startTestApp({ UNPAID_HOLDS_PER_CLIENT: 0, UNPAID_HOLDS_PER_OWNER: 0 });
  shop = await seedCatalogue();
  operator = signOperatorToken(1).token;
});
afterAll(() => app?.close());

const reconciliation = (query: string, init: { token?: string; headers?: Record<string, string> } = {}) =>
  app.fetch(`/v1/operator/reconciliation?${query}`, { token: init.token ?? operator, headers: init.headers });
const period = () =>
  `from=${encodeURIComponent(started)}&to=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`;

async function cardSale(domain: string) {
  const res = await app.fetch("/v1/market/purchase", {
    method: "POST",
    json: {
      checkoutId: randomUUID(),
      domain,
      ownerAddress: OWNER,
      walletAddrs: [{ coinId: 60, addr: ETH_WALLET }],
      years: 1,
    },
  });
  const { orderId, processorCheckoutSession } = await res.json();
  const paid = await app.fetch("/api/test-processor/pay", {
    method: "POST",
    json: { clientSecret: processorCheckoutSession, cardNumber: "4242424242424242" },
  });
  expect(paid.status).toBe(200);
  return orderId as string;
}

async function cryptoSale(domain: string, amount: bigint) {
  const res = await app.fetch("/v1/market/crypto/purchase", {
    method: "POST",
    json: {
      currency: "USDC",
      domain,
      ownerAddress: OWNER,
      ownerEmail: "buyer@example.com",
      ownerName: "Ada Buyer",
      partnerId: shop.partnerId,
      walletAddrs: [{ coinId: 60, addr: ETH_WALLET }],
      years: 1,
    },
  });
  const { orderId, paymentId } = await res.json();
  const payment = await db().payment.findUniqueOrThrow({ where: { id: paymentId } });
  const txHash = `0x${randomBytes(32).toString("hex")}`;
  await recordTransfers(
    payment.chain!,
    [{ paymentId, txHash, logIndex: 0, blockNumber: 100n, blockTime: new Date(), amount }],
    { headBlock: 110n },
  );
  await onCryptoPaymentCredited(paymentId);
  return { orderId: orderId as string, reference: `${payment.chain}:${txHash}` };
}

describe("reconciliation", () => {
  test("per order, per day and per partner; totals add up", async () => {
    const card = await cardSale(`rc${randomUUID().slice(0, 8)}.web3`);
    // $10 owed, $15 sent: $5 owed back.
    const crypto = await cryptoSale(`rx${randomUUID().slice(0, 8)}.web3`, 15_000_000n);
    const res = await reconciliation(period());
    expect(res.status).toBe(200);
    const body = await res.json();
    const cardRow = body.orders.find((o: { orderId: string }) => o.orderId === card);
    expect(cardRow).toMatchObject({
      paymentType: "card",
      currency: "USD",
      decimals: 2,
      receivedAtomic: "1000",
      receivedUsd: "10.00",
      refundedUsd: "0.00",
      owedAtomic: "0",
      orderStatus: "COMPLETED",
    });
    expect(cardRow.references[0]).toMatch(/^pi_/);
    expect(body.orders.find((o: { orderId: string }) => o.orderId === crypto.orderId)).toMatchObject({
      paymentType: "crypto",
      currency: "USDC",
      decimals: 6,
      receivedAtomic: "15000000",
      owedAtomic: "5000000",
      usdPerUnit: "1",
      receivedUsd: "15.00",
      references: [crypto.reference],
    });
    const sum = (values: string[]) => values.reduce((total, v) => total + Math.round(Number(v) * 100), 0);
    expect(body.totals.orders).toBe(body.orders.length);
    expect(sum(body.orders.map((o: { receivedUsd: string | null }) => o.receivedUsd ?? "0"))).toBe(
      sum([body.totals.receivedUsd]),
    );
    expect(sum(body.totalsByDay.map((d: { receivedUsd: string }) => d.receivedUsd))).toBe(
      sum([body.totals.receivedUsd]),
    );
    expect(sum(body.totalsByPartner.map((p: { receivedUsd: string }) => p.receivedUsd))).toBe(
      sum([body.totals.receivedUsd]),
    );
    expect(body.totalsByPartner).toContainEqual(expect.objectContaining({ partnerId: shop.partnerId }));
  });

  test("pages by `after`, each page carrying the period's totals", async () => {
    const first = await (await reconciliation(`${period()}&pageSize=1`)).json();
    expect(first.orders).toHaveLength(1);
    expect(first.nextAfter).toBe(first.orders[0].orderId);
    const second = await (await reconciliation(`${period()}&pageSize=1&after=${first.nextAfter}`)).json();
    expect(second.orders[0].orderId).not.toBe(first.orders[0].orderId);
    expect(second.totals).toEqual(first.totals);
  });

  test("CSV with Accept: text/csv, one line per order", async () => {
    const res = await reconciliation(period(), { headers: { accept: "text/csv" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const lines = (await res.text()).trim().split("\r\n");
    expect(lines[0]).toBe(
      "orderId,createdAt,domain,kind,orderStatus,partnerId,paymentType,currency,receivedAtomic,refundedAtomic," +
        "owedAtomic,writtenOffAtomic,usdPerUnit,receivedUsd,refundedUsd,writtenOffUsd,platformFeeUsd,references",
    );
    const json = await (await reconciliation(period())).json();
    expect(lines).toHaveLength(json.orders.length + 1);
  });

  test("bad input is 400 naming the field", async () => {
    for (const [query, field] of [
      ["from=yesterday&to=2026-01-01T00:00:00Z", "from"],
      [`from=2026-01-02T00:00:00Z&to=2026-01-01T00:00:00Z`, "to"],
      [`from=2026-01-01T00:00:00Z&to=2026-06-01T00:00:00Z`, "to"],
      [`${period()}&pageSize=0`, "pageSize"],
      [`${period()}&after=nope`, "after"],
      // Found by the schema-derived fuzz inputs: the old pattern let this reach the database (500).
      [`${period()}&after=3ceedfd13a-ada-ea--3fd53-db60c7a-8e4`, "after"],
    ] as const) {
      const res = await reconciliation(query);
      expect(res.status, query).toBe(400);
      expect((await res.json()).field, query).toBe(field);
    }
  });

  test("only an operator token: partner ADMIN, owner session, none or forged are 401", async () => {
    const owner = await signIn(app, newAccount());
    const [head, payload] = operator.split(".");
    for (const token of [shop.adminToken, owner, `${head}.${payload}.${"A".repeat(43)}`]) {
      const res = await reconciliation(period(), { token });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ field: "Authorization", info: expect.stringContaining("operator token") });
    }
    const none = await app.fetch(`/v1/operator/reconciliation?${period()}`);
    expect(none.status).toBe(401);
  });
});

test("a CSV cell never starts a spreadsheet formula", async () => {
  const { reconciliationCsv } = await import("@/lib/operator/reconciliation");
  const zero = { orders: 0, receivedUsd: "0.00", refundedUsd: "0.00", writtenOffUsd: "0.00", platformFeeUsd: "0.00" };
  const csv = reconciliationCsv({
    from: started,
    to: started,
    nextAfter: "",
    totals: zero,
    totalsByDay: [],
    totalsByPartner: [],
    orders: [
      {
        orderId: randomUUID(),
        createdAt: started,
        domain: '=HYPERLINK("http://evil")',
        kind: "PURCHASE",
        orderStatus: "COMPLETED",
        partnerId: null,
        paymentType: "card",
        processor: "test",
        currency: "USD",
        decimals: 2,
        receivedAtomic: "1000",
        refundedAtomic: "0",
        owedAtomic: "0",
        writtenOffAtomic: "0",
        usdPerUnit: null,
        receivedUsd: "10.00",
        refundedUsd: "0.00",
        writtenOffUsd: "0.00",
        platformFeeUsd: "0.00",
        references: ["pi_1", "eip155:1:0xabc"],
      },
    ],
  });
  expect(csv.split("\r\n")[1]).toContain(`"'=HYPERLINK(""http://evil"")"`);
  expect(csv.split("\r\n")[1]).toContain(`"pi_1 eip155:1:0xabc"`);
});
