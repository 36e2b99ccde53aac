// Issue 31 item 3, with the local rate server: a crypto payment arriving after its offer expired
// is valued at the rate of its arrival, read when the watcher credits it and stored with the
// payment. The market fell: the offer's amount is short at the new rate, so the order is
// underpaid (owed back, as today). The market rose: the same amount pays more than the price, and
// the excess is owed back. Money seen in time (in flight) keeps the offer's rate. The ledger's sale
// carries the USD value at arrival.
import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "@/lib/db";
import { onCryptoPaymentCredited } from "@/lib/market/crypto-payment-events";
import { expireUnpaidOffers } from "@/lib/market/expire-offers";
import { recordTransfers } from "@/lib/payments/crypto/record-transfers";
import { resetLiveRatesForTests } from "@/lib/payments/crypto/rates";
import { startTestApp, type TestApp } from "@/tests/support/app";
import { ETH_WALLET, OWNER, seedCatalogue } from "@/tests/support/market-fixtures";
import { startRatesServer, type RatesServer } from "@/tests/support/rates-server";

let app: TestApp;
let rates: RatesServer;
let partnerId: string;

beforeAll(async () => {
  rates = await startRatesServer({ ETH: "2500", USDC: "1", BTC: "50000" });
  app = await startTestApp({
    CRYPTO_RATES_URL: rates.coingeckoUrl(),
    CRYPTO_RATES_REFRESH_SECONDS: 1,
    CRYPTO_RATES_MAX_AGE_SECONDS: 60,
    UNPAID_HOLDS_PER_CLIENT: 0,
    UNPAID_HOLDS_PER_OWNER: 0,
  });
  ({ partnerId } = await seedCatalogue());
});
afterAll(async () => {
  await app?.close();
  await rates?.close();
});

/** A $10 ETH offer at $2500 (0.004 ETH) whose offer has run out, and the market at `price` now. */
async function expiredOffer(price: string) {
  rates.setPrices({ ETH: "2500", USDC: "1", BTC: "50000" });
  resetLiveRatesForTests();
  const res = await app.fetch("/v1/market/crypto/purchase", {
    method: "POST",
    json: {
      currency: "ETH",
      domain: `late${randomUUID().slice(0, 8)}.web3`,
      ownerAddress: OWNER,
      ownerEmail: "buyer@example.com",
      ownerName: "Ada Buyer",
      partnerId,
      walletAddrs: [{ coinId: 60, addr: ETH_WALLET }],
      years: 1,
    },
  });
  expect(res.status).toBe(200);
  const offer = await res.json();
  expect(offer.paymentDetails.amountAtomic).toBe("4000000000000000");
  const past = new Date(Date.now() - 60_000);
  await db().order.update({ where: { id: offer.orderId }, data: { expiresAt: past } });
  await db().payment.update({ where: { id: offer.paymentId }, data: { expiresAt: past } });
  await expireUnpaidOffers();
  rates.setPrices({ ETH: price, USDC: "1", BTC: "50000" });
  resetLiveRatesForTests();
  return { orderId: offer.orderId as string, paymentId: offer.paymentId as string };
}

/** The watcher credits `amount` wei to the payment in a block of now, and the market settles it. */
async function pay(paymentId: string, amount: bigint) {
  const payment = await db().payment.findUniqueOrThrow({ where: { id: paymentId } });
  await recordTransfers(
    payment.chain!,
    [
      {
        paymentId,
        txHash: `0x${randomBytes(32).toString("hex")}`,
        logIndex: -1,
        blockNumber: 100n,
        blockTime: new Date(),
        amount,
        fromAddress: "0x000000000000000000000000000000000000beef",
      },
    ],
    { headBlock: 110n },
  );
  await onCryptoPaymentCredited(paymentId);
}

const orderOf = async (id: string) => (await app.fetch(`/v1/market/order/${id}`)).json();

describe("a payment after its offer expired", () => {
  test("the market fell to $2000: the offer's 0.004 ETH is short at the arrival rate; all owed back", async () => {
    const { orderId, paymentId } = await expiredOffer("2000");
    await pay(paymentId, 4_000_000_000_000_000n);
    const order = await orderOf(orderId);
    expect(order.orderStatus).toBe("FAILED");
    expect(order.orderStatusReason).toContain("Underpaid: received 0.004 ETH of 0.005 ETH due");
    expect(order.orderStatusReason).toContain("valued at the rate of its arrival, 2000 USD per ETH");
    expect(await db().payment.findUniqueOrThrow({ where: { id: paymentId } })).toMatchObject({
      usdPerUnit: "2500",
      arrivalUsdPerUnit: "2000",
      arrivalRateSource: `coingecko ${rates.coingeckoUrl().split("?")[0]}`,
      arrivalAmountDue: "5000000000000000",
    });
    const [refund] = await db().refund.findMany({ where: { orderId } });
    expect(refund).toMatchObject({ status: "DUE", amountAtomic: "4000000000000000" });
    // Valued in the ledger at arrival: 0.004 ETH at $2000 is $8.
    const [sale] = await db().ledgerEntry.findMany({ where: { orderId, kind: "sale" } });
    expect(sale!.usdCents).toBe(800n);
  });

  test("the market rose to $4000: 0.0025 ETH pays the price then, and the rest is owed back", async () => {
    const { orderId, paymentId } = await expiredOffer("4000");
    await pay(paymentId, 4_000_000_000_000_000n);
    const order = await orderOf(orderId);
    expect(order.orderStatus).toBe("COMPLETED");
    const [refund] = await db().refund.findMany({ where: { orderId } });
    expect(refund).toMatchObject({ status: "DUE", amountAtomic: "1500000000000000" });
  });

  test("an unchanged market: the late payment completes as before, at the same amount", async () => {
    const { orderId, paymentId } = await expiredOffer("2500");
    await pay(paymentId, 4_000_000_000_000_000n);
    expect((await orderOf(orderId)).orderStatus).toBe("COMPLETED");
    expect(await db().refund.count({ where: { orderId } })).toBe(0);
    expect((await db().payment.findUniqueOrThrow({ where: { id: paymentId } })).arrivalAmountDue).toEqual(
      "4000000000000000",
    );
  });

  test("a top-up of the late payment is held to the same arrival price and valued at the arrival rate", async () => {
    const { orderId, paymentId } = await expiredOffer("2000");
    await pay(paymentId, 4_000_000_000_000_000n);
    expect((await orderOf(orderId)).orderStatus).toBe("FAILED");
    // The market moves again; the price stays the one of the first arrival (0.005 ETH).
    rates.setPrices({ ETH: "1000", USDC: "1", BTC: "50000" });
    resetLiveRatesForTests();
    await pay(paymentId, 1_000_000_000_000_000n);
    expect((await orderOf(orderId)).orderStatus).toBe("COMPLETED");
    const sales = await db().ledgerEntry.findMany({
      where: { orderId, kind: "sale" },
      orderBy: { amountAtomic: "asc" },
    });
    expect(sales.map((e) => [e.amountAtomic.toFixed(0), e.usdCents])).toEqual([
      ["1000000000000000", 200n],
      ["4000000000000000", 800n],
    ]);
  });

  test("a late top-up of money paid in time keeps the offer's price", async () => {
    const { orderId, paymentId } = await expiredOffer("2000");
    const payment = await db().payment.findUniqueOrThrow({ where: { id: paymentId } });
    // Half paid before the offer ran out, the rest after, at a market that has fallen since.
    await recordTransfers(
      payment.chain!,
      [
        {
          paymentId,
          txHash: `0x${randomBytes(32).toString("hex")}`,
          logIndex: -1,
          blockNumber: 99n,
          blockTime: new Date(payment.expiresAt!.getTime() - 1_000),
          amount: 2_000_000_000_000_000n,
        },
      ],
      { headBlock: 110n },
    );
    await pay(paymentId, 2_000_000_000_000_000n);
    expect((await orderOf(orderId)).orderStatus).toBe("COMPLETED");
    expect((await db().payment.findUniqueOrThrow({ where: { id: paymentId } })).arrivalUsdPerUnit).toBeNull();
  });

  test("money seen in time (in flight) keeps the offer's rate however the market moved", async () => {
    const { orderId, paymentId } = await expiredOffer("2000");
    const payment = await db().payment.findUniqueOrThrow({ where: { id: paymentId } });
    await db().payment.update({
      where: { id: paymentId },
      data: {
        unconfirmedAmount: "4000000000000000",
        unconfirmedSince: new Date(payment.expiresAt!.getTime() - 1_000),
        inFlightUntil: new Date(Date.now() + 3_600_000),
      },
    });
    await pay(paymentId, 4_000_000_000_000_000n);
    expect((await orderOf(orderId)).orderStatus).toBe("COMPLETED");
    expect((await db().payment.findUniqueOrThrow({ where: { id: paymentId } })).arrivalUsdPerUnit).toBeNull();
  });
});
