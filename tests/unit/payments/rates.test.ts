import { describe, expect, test } from "vitest";
import fc from "fast-check";
import { parseConfig } from "@/lib/config";
import { paymentCurrency } from "@/lib/payments/crypto/currencies";
import { BUILT_IN_TEST_RATES, fixedRates, formatUnits, quote, RateError } from "@/lib/payments/crypto/rates";

const cfg = parseConfig({ PAYMENTS_EVM_CHAIN_ID: "1" });
const ETH = paymentCurrency("ETH", cfg);
const USDC = paymentCurrency("USDC", cfg);
const BTC = paymentCurrency("BTC", cfg);

describe("quote", () => {
  test("rounds up to the next smallest unit", () => {
    // $12.34 / $3000 = 0.00411333… ETH = 4113333333333333.33… wei
    expect(quote(1234, ETH).amountAtomic).toBe(4113333333333334n);
    expect(quote(1234, ETH).amountDisplay).toBe("0.004113333333333334");
    // $100 / $60000 = 166666.66… sat
    expect(quote(10_000, BTC).amountAtomic).toBe(166667n);
    expect(quote(10_000, BTC).amountDisplay).toBe("0.00166667");
  });

  test("exact conversions are not rounded", () => {
    expect(quote(3000, ETH).amountAtomic).toBe(10n ** 16n);
    expect(quote(1234, USDC).amountAtomic).toBe(12_340_000n);
    expect(quote(1234, USDC).amountDisplay).toBe("12.34");
  });

  test("uses decimal rates exactly", () => {
    const rates = { usdPerUnit: { USDC: "0.9998" }, source: "CRYPTO_RATES_JSON", isTest: true };
    // $10 / 0.9998 = 10.0020004000800160… USDC
    expect(quote(1000, USDC, rates).amountAtomic).toBe(10_002_001n);
    expect(() => quote(1000, ETH, rates)).toThrow("No USD rate for ETH in CRYPTO_RATES_JSON.");
    expect(() => quote(0, USDC, rates)).toThrow(RateError);
  });

  test("property: the amount is the least whole number of units worth at least the price", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000_00 }),
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 0, max: 6 }),
        fc.constantFrom(ETH, USDC, BTC),
        (cents, rateInt, rateScale, currency) => {
          const rate = formatUnits(BigInt(rateInt), rateScale);
          const { amountAtomic } = quote(cents, currency, {
            usdPerUnit: { [currency.code]: rate },
            source: "CRYPTO_RATES_JSON",
            isTest: true,
          });
          // value in USD cents × 10^(decimals+scale): amount × rateInt × 100 vs cents × 10^(decimals+scale)
          const price = BigInt(cents) * 10n ** BigInt(currency.decimals + rateScale);
          const worth = (units: bigint) => units * BigInt(rateInt) * 100n;
          return worth(amountAtomic) >= price && worth(amountAtomic - 1n) < price;
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("fixedRates", () => {
  test("the built-in table is reported as test configuration", () => {
    expect(fixedRates(cfg)).toEqual({
      usdPerUnit: BUILT_IN_TEST_RATES,
      source: "built-in test rates",
      isTest: true,
    });
  });

  test("CRYPTO_RATES_JSON replaces the table, still as test rates; numbers and strings kept exactly", () => {
    const table = fixedRates(parseConfig({ CRYPTO_RATES_JSON: '{"eth": 3512.25, "BTC": "97000.5", "DOGE": 0.1}' }));
    expect(table).toEqual({
      usdPerUnit: { ETH: "3512.25", BTC: "97000.5" },
      source: "CRYPTO_RATES_JSON",
      isTest: true,
    });
  });

  test("bad CRYPTO_RATES_JSON is a clear error", () => {
    expect(() => fixedRates(parseConfig({ CRYPTO_RATES_JSON: "{eth" }))).toThrow(
      "CRYPTO_RATES_JSON is not valid JSON.",
    );
    expect(() => fixedRates(parseConfig({ CRYPTO_RATES_JSON: '{"ETH": "-3"}' }))).toThrow(/CRYPTO_RATES_JSON ETH/);
    expect(() => fixedRates(parseConfig({ CRYPTO_RATES_JSON: '{"ETH": "0.00"}' }))).toThrow(/greater than zero/);
    expect(() => fixedRates(parseConfig({ CRYPTO_RATES_JSON: '{"ETH": 1e21}' }))).toThrow(/plain positive decimal/);
  });
});

test("formatUnits writes exact decimals without trailing zeros", () => {
  expect(formatUnits(0n, 18)).toBe("0");
  expect(formatUnits(1n, 18)).toBe("0.000000000000000001");
  expect(formatUnits(1_500_000n, 6)).toBe("1.5");
  expect(formatUnits(42n, 0)).toBe("42");
});
