// Issue 29, item 16: the refund lists stopped at 500 rows. GET /v1/partner/refunds (and the local
// route behind `npm run partner -- refunds`) now page like endpoints 4 and 5: newest first,
// `pageSize` 1 to 1000, `nextPaginationToken` signed and bound to the partner and the filter.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, test } from "vitest";
import { db } from "@/lib/db";
import { startTestApp, type TestApp } from "@/tests/support/app";
import { seedCatalogue } from "@/tests/support/market-fixtures";
import { insertCryptoOrder } from "@/tests/integration/payments/support/orders";

let app: TestApp;
let shop: Awaited<ReturnType<typeof seedCatalogue>>;
let other: Awaited<ReturnType<typeof seedCatalogue>>;
const ROWS = 1005;

beforeAll(async () => {
  app = await startTestApp({ PAYMENTS_EVM_CHAIN_ID: 1, CRYPTO_RATES_JSON: '{"ETH":"3000","USDC":"1"}' });
  shop = await seedCatalogue();
  other = await seedCatalogue();
  const offer = await insertCryptoOrder("ETH", 3000);
  const base = Date.now() - 10 * 86_400_000;
  // Paid refunds (no open row per payment), pairs sharing a creation time so the id breaks ties.
  await db().refund.createMany({
    data: Array.from({ length: ROWS }, (_, i) => ({
      id: randomUUID(),
      orderId: offer.payment.orderId,
      paymentId: offer.paymentId,
      partnerId: shop.partnerId,
      method: "crypto",
      status: "PAID" as const,
      reason: `refund ${i}`,
      currency: "ETH",
      decimals: 18,
      amountAtomic: String(i + 1),
      payoutReference: `0x${i}`,
      paidAt: new Date(base),
      createdAt: new Date(base + Math.floor(i / 2) * 1000),
    })),
  });
}, 60_000);
afterAll(() => app.close());

const list = async (query: string, token = shop.adminToken) => app.fetch(`/v1/partner/refunds${query}`, { token });

test("every refund is reached through the pages, newest first, each once", async () => {
  const seen: { id: string; createdAt: string }[] = [];
  let pageToken = "";
  let pages = 0;
  do {
    const res = await list(`?pageSize=300${pageToken ? `&pageToken=${encodeURIComponent(pageToken)}` : ""}`);
    expect(res.status).toBe(200);
    const page = await res.json();
    expect(page.refunds.length).toBe(pages < 3 ? 300 : ROWS - 900);
    seen.push(...page.refunds);
    pageToken = page.nextPaginationToken;
    pages++;
  } while (pageToken);
  expect(pages).toBe(4);
  expect(new Set(seen.map((r) => r.id)).size).toBe(ROWS);
  const times = seen.map((r) => Date.parse(r.createdAt));
  expect(times).toEqual([...times].sort((a, b) => b - a));

  // Without pageSize: 100, and the largest page is 1000.
  const first = await (await list("")).json();
  expect(first.refunds).toHaveLength(100);
  expect((await (await list("?pageSize=1000")).json()).refunds).toHaveLength(1000);
  expect((await list("?pageSize=1001")).status).toBe(400);
});

test("a token is refused with 400 when forged, or carried to another filter or partner", async () => {
  const { nextPaginationToken } = await (await list("?pageSize=2")).json();
  expect(nextPaginationToken).not.toBe("");
  const forged = await list(`?pageToken=${encodeURIComponent(`${nextPaginationToken}x`)}`);
  expect(forged.status).toBe(400);
  expect(await forged.json()).toEqual({ errors: [{ field: "pageToken", info: expect.any(String) }] });
  expect((await list(`?status=DUE&pageToken=${encodeURIComponent(nextPaginationToken)}`)).status).toBe(400);
  const elsewhere = await list(`?pageToken=${encodeURIComponent(nextPaginationToken)}`, other.adminToken);
  expect(elsewhere.status).toBe(400);
  // The other partner sees none of these refunds.
  expect(await (await list("", other.adminToken)).json()).toEqual({ refunds: [], nextPaginationToken: "" });
});

test("the operator's local list pages the same way, over every partner", async () => {
  const headers = { "X-Local-Admin-Secret": app.localAdminSecret() };
  const first = await (await app.fetch("/api/internal/refunds?pageSize=1000", { headers })).json();
  expect(first.refunds).toHaveLength(1000);
  const rest = await (
    await app.fetch(`/api/internal/refunds?pageSize=1000&pageToken=${encodeURIComponent(first.nextPaginationToken)}`, {
      headers,
    })
  ).json();
  expect(rest.refunds).toHaveLength(ROWS - 1000);
  expect(rest.nextPaginationToken).toBe("");
});
