// Issue 31 (the ledger): what the platform holds for a partner from its crypto sales is paid out by
// the operator and recorded as a `payout` row; the partner's statement shows it as paid out and
// holds the rest. The same reference records once; more than is held, another amount under the
// same reference, an unknown partner or a partner's own token are refused, and nothing is written.
import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "@/lib/db";
import { onCryptoPaymentCredited } from "@/lib/market/crypto-payment-events";
import { signOperatorToken } from "@/lib/operator/operator-token";
import { recordTransfers } from "@/lib/payments/crypto/record-transfers";
import { startTestApp, type TestApp } from "@/tests/support/app";
import { ETH_WALLET, OWNER, seedCatalogue } from "@/tests/support/market-fixtures";

let app: TestApp;
let shop: Awaited<ReturnType<typeof seedCatalogue>>;
let operator: string;

beforeAll(async () => {
  app = await startTestApp({ UNPAID_HOLDS_PER_CLIENT: 0, UNPAID_HOLDS_PER_OWNER: 0 });
  shop = await seedCatalogue();
  operator = signOperatorToken(1).token;
  // A $2.50 sub-name paid in USDC: 2.50 USDC, the fee 10% + 30 cents (0.55), the partner's 1.95 held.
  const res = await app.fetch("/v1/market/crypto/purchase", {
    method: "POST",
    json: {
      currency: "USDC",
      domain: `pay${randomUUID().slice(0, 8)}.${shop.parentName}`,
      ownerAddress: OWNER,
      ownerEmail: "buyer@example.com",
      ownerName: "Ada Buyer",
      walletAddrs: [{ coinId: 60, addr: ETH_WALLET }],
      years: 1,
    },
  });
  expect(res.status).toBe(200);
  const { paymentId, orderId } = await res.json();
  const payment = await db().payment.findUniqueOrThrow({ where: { id: paymentId } });
  await recordTransfers(
    payment.chain!,
    [
      {
        paymentId,
        txHash: `0x${randomBytes(32).toString("hex")}`,
        logIndex: 0,
        blockNumber: 100n,
        blockTime: new Date(),
        amount: 2_500_000n,
      },
    ],
    { headBlock: 110n },
  );
  await onCryptoPaymentCredited(paymentId);
  expect((await db().order.findUniqueOrThrow({ where: { id: orderId } })).orderStatus).toBe("COMPLETED");
});
afterAll(() => app?.close());

const payout = (body: object, token = operator) =>
  app.fetch("/v1/operator/partner-payouts", {
    method: "POST",
    token,
    json: { partnerId: shop.partnerId, currency: "USDC", ...body },
  });
const usdcTotals = async () =>
  (await (await app.fetch("/v1/partner/statement", { token: shop.adminToken })).json()).totals.find(
    (t: { currency: string }) => t.currency === "USDC",
  );

describe("POST /v1/operator/partner-payouts", () => {
  test("the operator pays part of what is held; the statement shows it paid and holds the rest", async () => {
    expect(await usdcTotals()).toMatchObject({ sales: "2.500000", platformFees: "0.550000", owed: "1.950000" });
    const res = await payout({ amountAtomic: "1000000", reference: "0xfeed01" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      partnerId: shop.partnerId,
      currency: "USDC",
      amountAtomic: "1000000",
      reference: "0xfeed01",
      heldAtomic: "950000",
    });
    // The same payout again is the same payout.
    expect(await (await payout({ amountAtomic: "1000000", reference: "0xfeed01" })).json()).toMatchObject({
      heldAtomic: "950000",
    });
    expect(await usdcTotals()).toMatchObject({ owed: "1.950000", paidOut: "1.000000" });
    expect(await db().ledgerEntry.count({ where: { kind: "payout" } })).toBe(1);
    // In the operator's audit log once (the repeat wrote nothing), with its reference.
    const audit = await app.fetch(`/v1/operator/audit?target=partner:${shop.partnerId}`, { token: operator });
    expect(audit.status).toBe(200);
    expect((await audit.json()).entries).toEqual([
      expect.objectContaining({
        action: "partner-payout",
        target: `partner:${shop.partnerId}`,
        operator: expect.stringMatching(/^operator/),
        reason: expect.stringContaining("0xfeed01"),
        detail: { currency: "USDC", amountAtomic: "1000000", reference: "0xfeed01" },
      }),
    ]);
  });

  test("more than is held, a reference reused, an unknown partner: refused, nothing written", async () => {
    const tooMuch = await payout({ amountAtomic: "950001", reference: "0xfeed02" });
    expect(tooMuch.status).toBe(409);
    expect(await tooMuch.json()).toEqual({ field: "amountAtomic", info: expect.stringContaining("holds 950000") });
    const reused = await payout({ amountAtomic: "5", reference: "0xfeed01" });
    expect(reused.status).toBe(409);
    expect((await reused.json()).field).toBe("reference");
    const nobody = await payout({ partnerId: randomUUID(), amountAtomic: "5", reference: "0xfeed03" });
    expect(nobody.status).toBe(404);
    const bad = await payout({ amountAtomic: "-5", reference: "" });
    expect(bad.status).toBe(400);
    expect(await db().ledgerEntry.count({ where: { kind: "payout" } })).toBe(1);
    expect(await db().operatorAudit.count({ where: { action: "partner-payout" } })).toBe(1);
  });

  test("only the operator: a partner's ADMIN token is 401", async () => {
    const res = await payout({ amountAtomic: "1", reference: "0xfeed04" }, shop.adminToken);
    expect(res.status).toBe(401);
    expect(await db().ledgerEntry.count({ where: { kind: "payout" } })).toBe(1);
  });
});
