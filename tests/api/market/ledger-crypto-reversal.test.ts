// Issue 31 (the ledger): a partner's crypto sale is split at the fee decided with its order, and a
// completed sale that is reversed (its order REFUNDED, the money owed back to the buyer) takes back
// what is left of its split, once: the partner is no longer owed a share of it, and the books still
// balance.
import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { config, setConfig } from "@/lib/config";
import { db } from "@/lib/db";
import { checkLedgerBalance } from "@/lib/operator/ledger-balance";
import { onCryptoPaymentCredited } from "@/lib/market/crypto-payment-events";
import { reverseCompletedOrder } from "@/lib/market/reverse-order";
import { recordTransfers } from "@/lib/payments/crypto/record-transfers";
import { startTestApp, type TestApp } from "@/tests/support/app";
import { ETH_WALLET, OWNER, seedCatalogue } from "@/tests/support/market-fixtures";

let app: TestApp;
let shop: Awaited<ReturnType<typeof seedCatalogue>>;

beforeAll(async () => {
  app = await startTestApp({ UNPAID_HOLDS_PER_CLIENT: 0, UNPAID_HOLDS_PER_OWNER: 0 });
  shop = await seedCatalogue();
});
afterAll(() => app?.close());

async function completedSale(beforePaid?: () => void) {
  const res = await app.fetch("/v1/market/crypto/purchase", {
    method: "POST",
    json: {
      currency: "USDC",
      domain: `rev${randomUUID().slice(0, 8)}.${shop.parentName}`,
      ownerAddress: OWNER,
      ownerEmail: "buyer@example.com",
      ownerName: "Ada Buyer",
      walletAddrs: [{ coinId: 60, addr: ETH_WALLET }],
      years: 1,
    },
  });
  const { paymentId, orderId } = await res.json();
  beforePaid?.();
  const payment = await db().payment.findUniqueOrThrow({ where: { id: paymentId } });
  const txHash = `0x${randomBytes(32).toString("hex")}`;
  await recordTransfers(
    payment.chain!,
    [{ paymentId, txHash, logIndex: 0, blockNumber: 100n, blockTime: new Date(), amount: 2_500_000n }],
    { headBlock: 110n },
  );
  await onCryptoPaymentCredited(paymentId);
  return db().order.findUniqueOrThrow({ where: { id: orderId } });
}

const splitOf = async (orderId: string) =>
  (await db().ledgerEntry.findMany({ where: { orderId, kind: { in: ["platform_fee", "partner_share"] } } }))
    .map((e) => [e.kind, e.amountAtomic.toFixed(0)])
    .sort();

describe("the split of a crypto sale", () => {
  test("is at the fee decided with the order, not at the settings when it completes", async () => {
    const settings = config();
    try {
      // The operator raises the fee to 50% while the buyer's offer runs (10% + 30 cents when it was made).
      const order = await completedSale(() => setConfig({ ...settings, PLATFORM_FEE_PERCENT: 50 }));
      expect(order.orderStatus).toBe("COMPLETED");
      expect((await db().payment.findUniqueOrThrow({ where: { orderId: order.id } })).platformFeeCents).toBe(55);
      expect(await splitOf(order.id)).toEqual([
        ["partner_share", "1950000"],
        ["platform_fee", "550000"],
      ]);
    } finally {
      setConfig(settings);
    }
  });
});

describe("a reversed crypto sale", () => {
  test("takes back its split once; the books balance", async () => {
    const order = await completedSale();
    expect(order.orderStatus).toBe("COMPLETED");
    expect(await splitOf(order.id)).toEqual([
      ["partner_share", "1950000"],
      ["platform_fee", "550000"],
    ]);
    const reverse = () => db().$transaction((tx) => reverseCompletedOrder(tx, order, "Refunded by the operator."));
    expect(await reverse()).toBe(true);
    expect(await reverse()).toBe(false);
    expect(await splitOf(order.id)).toEqual([
      ["partner_share", "-1950000"],
      ["partner_share", "1950000"],
      ["platform_fee", "-550000"],
      ["platform_fee", "550000"],
    ]);
    // The money is still with the platform until the refund owed is paid back: the order kept
    // nothing, owes it back, and its split is nothing.
    await db().refund.create({
      data: {
        id: randomUUID(),
        orderId: order.id,
        paymentId: order.paymentReferenceId,
        partnerId: order.partnerId,
        method: "crypto",
        status: "DUE",
        reason: "Refunded by the operator.",
        currency: "USDC",
        decimals: 6,
        amountAtomic: "2500000",
        openFor: order.paymentReferenceId,
      },
    });
    expect((await checkLedgerBalance()).problems).toEqual([]);
  });
});
