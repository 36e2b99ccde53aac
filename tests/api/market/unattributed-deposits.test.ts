// Issue 29, item 11, as the operator sees it: money found on a finished deposit address that no
// payment was credited with is listed by the local command route behind `npm run partner --
// deposits` (loopback and the local secret only), until resolved.
import { afterAll, beforeAll, expect, test } from "vitest";
import { db } from "@/lib/db";
import { recordFinalCheck, unattributedReason } from "@/lib/payments/crypto/derive-address";
import { startTestApp, type TestApp } from "@/tests/support/app";
import { insertCryptoOrder } from "@/tests/integration/payments/support/orders";

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ PAYMENTS_EVM_CHAIN_ID: 1, CRYPTO_RATES_JSON: '{"ETH":"3000","USDC":"1"}' });
});
afterAll(() => app.close());

test("GET /api/internal/deposits lists ETH found on a USDC order's address for the operator only", async () => {
  const offer = await insertCryptoOrder("USDC", 3000, new Date(Date.now() - 48 * 3600_000));
  const deposit = {
    paymentId: offer.paymentId,
    orderId: offer.payment.orderId,
    depositAddress: offer.address.toLowerCase(),
    tokenContract: offer.payment.tokenContract,
  };
  const reason = unattributedReason("ETH", "USDC", offer.payment.orderId);
  expect(
    await recordFinalCheck("eip155:1", deposit, [{ currency: "ETH", decimals: 18, amountAtomic: 5n, reason }]),
  ).toBe(1);
  // A second look at the same payment records nothing more.
  expect(
    await recordFinalCheck("eip155:1", deposit, [{ currency: "ETH", decimals: 18, amountAtomic: 5n, reason }]),
  ).toBe(0);

  const refused = await app.fetch("/api/internal/deposits");
  expect(refused.status).toBe(403);
  const res = await app.fetch("/api/internal/deposits", {
    headers: { "X-Local-Admin-Secret": app.localAdminSecret() },
  });
  expect(res.status).toBe(200);
  const { deposits } = await res.json();
  expect(deposits).toEqual([
    {
      id: expect.any(String),
      orderId: offer.payment.orderId,
      paymentId: offer.paymentId,
      chain: "eip155:1",
      depositAddress: offer.address.toLowerCase(),
      currency: "ETH",
      decimals: 18,
      amountAtomic: "5",
      reason: expect.stringContaining("which asked for USDC"),
      foundAt: expect.any(String),
    },
  ]);

  await db().unattributedDeposit.updateMany({ data: { resolvedAt: new Date() } });
  const after = await app.fetch("/api/internal/deposits", {
    headers: { "X-Local-Admin-Secret": app.localAdminSecret() },
  });
  expect((await after.json()).deposits).toEqual([]);
});
