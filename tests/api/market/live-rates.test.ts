// Issue 31, live exchange rates, over real HTTP: crypto offers are priced at the rates a live
// source (Coinbase's exchange-rates or CoinGecko's simple/price JSON, served here by a local
// server) gave, the rate and its source are stored with the payment, a moved market moves the next
// offer, and rates older than CRYPTO_RATES_MAX_AGE_SECONDS refuse offers (503, nothing written).
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "@/lib/db";
import { parseRatesDocument } from "@/lib/payments/crypto/rates";
import { startTestApp, type TestApp } from "@/tests/support/app";
import { countRows, ETH_WALLET, OWNER, seedCatalogue } from "@/tests/support/market-fixtures";
import { startRatesServer, type RatesServer } from "@/tests/support/rates-server";

let app: TestApp;
let rates: RatesServer;
let partnerId: string;

beforeAll(async () => {
  rates = await startRatesServer({ ETH: "2500", USDC: "1", BTC: "50000" });
  app = await startTestApp({
    CRYPTO_RATES_URL: rates.coingeckoUrl(),
    CRYPTO_RATES_REFRESH_SECONDS: 1,
    CRYPTO_RATES_MAX_AGE_SECONDS: 3,
    UNPAID_HOLDS_PER_CLIENT: 0,
    UNPAID_HOLDS_PER_OWNER: 0,
  });
  ({ partnerId } = await seedCatalogue());
});
afterAll(async () => {
  await app?.close();
  await rates?.close();
});

const buy = (currency = "ETH") =>
  app.fetch("/v1/market/crypto/purchase", {
    method: "POST",
    json: {
      currency,
      domain: `rate${randomUUID().slice(0, 8)}.web3`,
      ownerAddress: OWNER,
      ownerEmail: "buyer@example.com",
      ownerName: "Ada Buyer",
      partnerId,
      walletAddrs: [{ coinId: 60, addr: ETH_WALLET }],
      years: 1,
    },
  });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("live rates", () => {
  test("an offer is priced at the source's rate, which is stored with the payment", async () => {
    const res = await buy("ETH");
    expect(res.status).toBe(200);
    const offer = await res.json();
    // $10 at $2500 per ETH: exactly 0.004 ETH.
    expect(offer.paymentDetails).toMatchObject({
      usdPerUnit: "2500",
      rateSource: `coingecko ${rates.coingeckoUrl().split("?")[0]}`,
      testConfiguration: true, // the deposit key is still the test mnemonic's
    });
    expect(offer.paymentDetails.amountAtomic).toBe("4000000000000000");
    expect(Date.now() - Date.parse(offer.paymentDetails.rateFetchedAt)).toBeLessThan(10_000);
    const payment = await db().payment.findUniqueOrThrow({ where: { id: offer.paymentId } });
    expect(payment).toMatchObject({ usdPerUnit: "2500", rateSource: offer.paymentDetails.rateSource });
    expect(payment.rateFetchedAt?.toISOString()).toBe(offer.paymentDetails.rateFetchedAt);
  });

  test("a 20% move of the market moves the next offer once the rates are refreshed", async () => {
    rates.setPrices({ ETH: "2000", USDC: "1", BTC: "50000" });
    await sleep(1_200);
    // An ask past the refresh interval still answers the old rate while it fetches (on each
    // instance, when there are two); a few asks later every instance has the new one.
    let offer = await (await buy("ETH")).json();
    for (let ask = 0; ask < 6 && offer.paymentDetails.usdPerUnit !== "2000"; ask++) {
      await sleep(300);
      offer = await (await buy("ETH")).json();
    }
    expect(offer.paymentDetails.usdPerUnit).toBe("2000");
    expect(offer.paymentDetails.amountAtomic).toBe("5000000000000000");
  });

  test("a source down past the maximum age: offers are 503 with the reason, and nothing is written", async () => {
    rates.setFailing(true);
    await sleep(3_300);
    const before = await countRows();
    const res = await buy("BTC");
    expect(res.status).toBe(503);
    const body = await res.json();
    expect(body.field).toBe("currency");
    expect(body.info).toContain("CRYPTO_RATES_MAX_AGE_SECONDS=3");
    expect(await countRows()).toEqual(before);

    rates.setFailing(false);
    // Failures pause fetching for a few seconds, so a dead source is not asked by every purchase.
    await sleep(5_200);
    expect((await buy("BTC")).status).toBe(200);
  });
});

describe("the sources' formats", () => {
  test("Coinbase with USD as base is inverted, rounded down so the buyer is asked at least the price", () => {
    expect(
      parseRatesDocument({
        data: { currency: "USD", rates: { ETH: "0.0004", BTC: "0.00003", USDC: "1", EUR: "0.9" } },
      }),
    ).toEqual({ format: "coinbase", usdPerUnit: { ETH: "2500", BTC: "33333.333333333333", USDC: "1" } });
  });

  test("Coinbase with a coin as base and CoinGecko's simple/price are read as USD per coin", () => {
    expect(parseRatesDocument({ data: { currency: "ETH", rates: { USD: "3012.45", EUR: "2800" } } })).toEqual({
      format: "coinbase",
      usdPerUnit: { ETH: "3012.45" },
    });
    expect(
      parseRatesDocument({ ethereum: { usd: 3012.45 }, bitcoin: { usd: 97000 }, "usd-coin": { usd: 0.9998 } }),
    ).toEqual({ format: "coingecko", usdPerUnit: { ETH: "3012.45", BTC: "97000", USDC: "0.9998" } });
  });

  test("anything else is refused, and so are non-positive prices", () => {
    expect(() => parseRatesDocument({ price: 3000 })).toThrow(/neither Coinbase/);
    expect(parseRatesDocument({ ethereum: { usd: -1 } }).usdPerUnit).toEqual({});
    expect(parseRatesDocument({ data: { currency: "USD", rates: { ETH: "0" } } }).usdPerUnit).toEqual({});
  });
});
