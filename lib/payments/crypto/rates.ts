import "server-only";
import { z } from "zod";
import { config, type Config } from "@/lib/config";
import { CRYPTO_CURRENCIES, type CryptoCurrencyCode, type PaymentCurrency } from "./currencies";

// USD prices of the payment currencies and the conversion of a USD price into an exact amount.
// Money is bigint throughout: a rate is kept as the decimal string it was written as.

/** Test rates, used only when CRYPTO_RATES_JSON is unset (and then reported as test configuration). */
export const BUILT_IN_TEST_RATES: Record<CryptoCurrencyCode, string> = {
  ETH: "3000",
  USDC: "1",
  BTC: "60000",
};

export interface RateTable {
  /** USD per whole coin, as a plain decimal string. */
  usdPerUnit: Partial<Record<CryptoCurrencyCode, string>>;
  source: "built-in test rates" | "CRYPTO_RATES_JSON";
  isTest: boolean;
}

export class RateError extends Error {}

const DECIMAL = /^(0|[1-9]\d*)(\.\d+)?$/;

const RatesJson = z.record(
  z.string(),
  z
    .union([
      z
        .number()
        .positive()
        .transform((n) => String(n)),
      z.string().trim(),
    ])
    .pipe(
      z
        .string()
        .regex(DECIMAL, "must be a plain positive decimal such as 3000 or 0.9998")
        .refine((s) => /[1-9]/.test(s), "must be greater than zero"),
    ),
);

export function configuredRates(cfg: Config = config()): RateTable {
  if (!cfg.CRYPTO_RATES_JSON)
    return { usdPerUnit: { ...BUILT_IN_TEST_RATES }, source: "built-in test rates", isTest: true };
  let raw: unknown;
  try {
    raw = JSON.parse(cfg.CRYPTO_RATES_JSON);
  } catch {
    throw new RateError("CRYPTO_RATES_JSON is not valid JSON.");
  }
  const parsed = RatesJson.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new RateError(`CRYPTO_RATES_JSON ${issue.path.join(".")}: ${issue.message}`);
  }
  const usdPerUnit: RateTable["usdPerUnit"] = {};
  for (const [code, value] of Object.entries(parsed.data)) {
    const upper = code.toUpperCase();
    if ((CRYPTO_CURRENCIES as readonly string[]).includes(upper)) usdPerUnit[upper as CryptoCurrencyCode] = value;
  }
  return { usdPerUnit, source: "CRYPTO_RATES_JSON", isTest: false };
}

/** A decimal string as an integer numerator over 10^scale. */
function parseDecimal(value: string): { numerator: bigint; scale: number } {
  const [whole, fraction = ""] = value.split(".");
  return { numerator: BigInt(whole + fraction), scale: fraction.length };
}

/** Atomic units as a plain decimal of whole coins, trailing zeros dropped ("12000000", 6 → "12"). */
export function formatUnits(atomic: bigint, decimals: number): string {
  const negative = atomic < 0n;
  const digits = (negative ? -atomic : atomic).toString().padStart(decimals + 1, "0");
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, "");
  return `${negative ? "-" : ""}${whole}${fraction ? `.${fraction}` : ""}`;
}

export interface Quote {
  /** Exact amount due in the smallest unit (wei, token units, satoshi). */
  amountAtomic: bigint;
  /** The same amount in whole coins, exact ("0.004113333333333334"). */
  amountDisplay: string;
  usdPerUnit: string;
  rateSource: RateTable["source"];
  isTestRate: boolean;
}

/** Converts a USD price into the currency, rounding up to the next smallest unit so the seller never gets less. */
export function quote(
  usdCents: number | bigint,
  currency: PaymentCurrency,
  rates: RateTable = configuredRates(),
): Quote {
  const cents = BigInt(usdCents);
  if (cents <= 0n) throw new RateError("A crypto offer needs a positive USD price.");
  const usdPerUnit = rates.usdPerUnit[currency.code];
  if (!usdPerUnit) throw new RateError(`No USD rate for ${currency.code} in ${rates.source}.`);
  const rate = parseDecimal(usdPerUnit);
  // atomic = cents / 100 / (numerator / 10^scale) * 10^decimals
  const numerator = cents * 10n ** BigInt(rate.scale + currency.decimals);
  const denominator = 100n * rate.numerator;
  const amountAtomic = (numerator + denominator - 1n) / denominator;
  return {
    amountAtomic,
    amountDisplay: formatUnits(amountAtomic, currency.decimals),
    usdPerUnit,
    rateSource: rates.source,
    isTestRate: rates.isTest,
  };
}
