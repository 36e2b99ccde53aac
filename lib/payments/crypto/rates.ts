import "server-only";
import { z } from "zod";
import { config, type Config } from "@/lib/config";
import {
  CRYPTO_CURRENCIES,
  CurrencyUnavailableError,
  type CryptoCurrencyCode,
  type PaymentCurrency,
} from "./currencies";
import { logger } from "@/lib/log";

// USD prices of the payment currencies and the conversion of a USD price into an exact amount.
// Money is bigint throughout: a rate is kept as the decimal string it was written as.
// Live rates come from CRYPTO_RATES_URL (Coinbase's `exchange-rates` or CoinGecko's `simple/price`
// JSON), fetched again when older than CRYPTO_RATES_REFRESH_SECONDS; past
// CRYPTO_RATES_MAX_AGE_SECONDS no offer is made. Fixed tables (the built-in one, CRYPTO_RATES_JSON)
// are test rates, labelled as such in every offer.

/** Test rates, used only when neither CRYPTO_RATES_URL nor CRYPTO_RATES_JSON is set. */
export const BUILT_IN_TEST_RATES: Record<CryptoCurrencyCode, string> = {
  ETH: "3000",
  USDC: "1",
  BTC: "60000",
};

export interface RateTable {
  /** USD per whole coin, as a plain decimal string. */
  usdPerUnit: Partial<Record<CryptoCurrencyCode, string>>;
  /** "built-in test rates", "CRYPTO_RATES_JSON", or the live source's format and URL (without its query). */
  source: string;
  isTest: boolean;
  /** When these rates were read from their live source; absent for a fixed table. */
  fetchedAt?: Date;
}

export class RateError extends Error {}

/** No rates young enough to price an offer: the purchase answers 503 with this message. */
export class RatesUnavailableError extends CurrencyUnavailableError {}

const DECIMAL = /^(0|[1-9]\d*)(\.\d+)?$/;

const PositiveDecimal = z
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
  );

const RatesJson = z.record(z.string(), PositiveDecimal);

const isCurrency = (code: string): code is CryptoCurrencyCode =>
  (CRYPTO_CURRENCIES as readonly string[]).includes(code);

/** The fixed table of this configuration: CRYPTO_RATES_JSON, or the built-in test rates. */
export function fixedRates(cfg: Config = config()): RateTable {
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
    if (isCurrency(upper)) usdPerUnit[upper] = value;
  }
  return { usdPerUnit, source: "CRYPTO_RATES_JSON", isTest: true };
}

/** True when this configuration prices offers at fixed test rates rather than a live source. */
export function ratesAreTest(cfg: Config = config()): boolean {
  return !cfg.CRYPTO_RATES_URL;
}

// Coinbase `GET /v2/exchange-rates?currency=X`: `{ data: { currency: X, rates: { CODE: "units of CODE per X" } } }`.
const CoinbaseRates = z.object({
  data: z.object({ currency: z.string(), rates: z.record(z.string(), z.unknown()) }),
});
// CoinGecko `GET /api/v3/simple/price?ids=ethereum,usd-coin,bitcoin&vs_currencies=usd`.
const COINGECKO_IDS: Record<string, CryptoCurrencyCode> = { ethereum: "ETH", "usd-coin": "USDC", bitcoin: "BTC" };
const CoinGeckoRates = z.record(z.string(), z.object({ usd: z.unknown() }).loose());

/** 1 / value, rounded down to 12 decimals: a lower USD price asks the buyer for more, never less. */
function inverse(value: string): string {
  const { numerator, scale } = parseDecimal(value);
  const digits = 12;
  const scaled = 10n ** BigInt(scale + digits) / numerator;
  return formatUnits(scaled, digits);
}

/** The rates one source's JSON gives, by its shape. */
export function parseRatesDocument(json: unknown): { usdPerUnit: RateTable["usdPerUnit"]; format: string } {
  const usdPerUnit: RateTable["usdPerUnit"] = {};
  const coinbase = CoinbaseRates.safeParse(json);
  if (coinbase.success) {
    const base = coinbase.data.data.currency.toUpperCase();
    const rates = coinbase.data.data.rates;
    if (base === "USD") {
      for (const code of CRYPTO_CURRENCIES) {
        const rate = PositiveDecimal.safeParse(rates[code]);
        if (rate.success) usdPerUnit[code] = inverse(rate.data);
      }
    } else if (isCurrency(base)) {
      const usd = PositiveDecimal.safeParse(rates.USD);
      if (usd.success) usdPerUnit[base] = usd.data;
    }
    return { usdPerUnit, format: "coinbase" };
  }
  const gecko = CoinGeckoRates.safeParse(json);
  if (gecko.success) {
    for (const [id, prices] of Object.entries(gecko.data)) {
      const code = COINGECKO_IDS[id];
      const usd = PositiveDecimal.safeParse(prices.usd);
      if (code && usd.success) usdPerUnit[code] = usd.data;
    }
    return { usdPerUnit, format: "coingecko" };
  }
  throw new RateError("the answer is neither Coinbase's exchange-rates nor CoinGecko's simple/price JSON");
}

const MAX_RATES_BYTES = 1 << 20;

/** A URL as a rate source's name: its query may hold an API key. */
function sourceName(url: string): string {
  const { origin, pathname } = new URL(url);
  return origin + pathname;
}

async function fetchSource(
  url: string,
  timeoutMs: number,
): Promise<{ usdPerUnit: RateTable["usdPerUnit"]; source: string }> {
  const res = await fetch(url, { headers: { accept: "application/json" }, signal: AbortSignal.timeout(timeoutMs) });
  if (!res.ok) throw new RateError(`${sourceName(url)} answered ${res.status}`);
  const text = await res.text();
  if (text.length > MAX_RATES_BYTES) throw new RateError(`${sourceName(url)} answered more than 1 MB`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new RateError(`${sourceName(url)} did not answer JSON`);
  }
  const { usdPerUnit, format } = parseRatesDocument(json);
  return { usdPerUnit, source: `${format} ${sourceName(url)}` };
}

/** Fetches every configured source once and merges their rates. */
export async function fetchLiveRates(cfg: Config = config(), now = () => new Date()): Promise<RateTable> {
  // Space-separated: CoinGecko's own URLs hold commas.
  const urls = (cfg.CRYPTO_RATES_URL ?? "").split(/\s+/).filter(Boolean);
  const fetched = await Promise.all(urls.map((url) => fetchSource(url, cfg.RESOLUTION_TIMEOUT_MS)));
  const usdPerUnit: RateTable["usdPerUnit"] = {};
  for (const one of fetched) Object.assign(usdPerUnit, one.usdPerUnit);
  if (Object.keys(usdPerUnit).length === 0) throw new RateError("no source gave a USD rate for ETH, USDC or BTC");
  return { usdPerUnit, source: fetched.map((f) => f.source).join(", "), isTest: false, fetchedAt: now() };
}

// The live rates of this process, fetched on demand: one fetch at a time, and after a failure no
// new attempt for a few seconds, so a dead source is not asked by every purchase.
const FAILURE_PAUSE_MS = 5_000;
const live: { urls?: string; table?: RateTable; fetching?: Promise<void>; failedAt?: number; failure?: string } = {};

function refreshLive(cfg: Config): Promise<void> {
  if (live.fetching) return live.fetching;
  const urls = cfg.CRYPTO_RATES_URL;
  const fetching: Promise<void> = fetchLiveRates(cfg)
    .then(
      (table) => {
        if (live.urls !== urls) return;
        live.table = table;
        live.failure = undefined;
        live.failedAt = undefined;
      },
      (error: unknown) => {
        if (live.urls !== urls) return;
        live.failure = error instanceof Error ? error.message : String(error);
        live.failedAt = Date.now();
        logger("rates").warn(`fetching exchange rates failed: ${live.failure}`);
      },
    )
    .finally(() => {
      if (live.fetching === fetching) live.fetching = undefined;
    });
  live.fetching = fetching;
  return fetching;
}

/** Forgets the live rates (tests). */
export function resetLiveRatesForTests(): void {
  live.urls = live.table = live.fetching = live.failedAt = live.failure = undefined;
}

/**
 * The rates an offer is priced at now: the fixed table without CRYPTO_RATES_URL, otherwise the
 * live rates, fetched again when stale. Throws RatesUnavailableError when none is young enough.
 */
export async function currentRates(cfg: Config = config()): Promise<RateTable> {
  if (!cfg.CRYPTO_RATES_URL) return fixedRates(cfg);
  // Rates of other sources (a configuration changed in this process) are never served.
  if (live.urls !== cfg.CRYPTO_RATES_URL) {
    resetLiveRatesForTests();
    live.urls = cfg.CRYPTO_RATES_URL;
  }
  const age = () => (live.table?.fetchedAt ? Date.now() - live.table.fetchedAt.getTime() : Infinity);
  const maxAgeMs = cfg.CRYPTO_RATES_MAX_AGE_SECONDS * 1000;
  const paused = live.failedAt !== undefined && Date.now() - live.failedAt < FAILURE_PAUSE_MS;
  if (age() >= cfg.CRYPTO_RATES_REFRESH_SECONDS * 1000 && !paused) {
    const fetching = refreshLive(cfg);
    if (age() >= maxAgeMs) await fetching;
  }
  if (live.table && age() < maxAgeMs) return live.table;
  const last = live.table
    ? `the last rates are ${Math.round(age() / 1000)} s old ` +
      `(CRYPTO_RATES_MAX_AGE_SECONDS=${cfg.CRYPTO_RATES_MAX_AGE_SECONDS})`
    : "no rates have been fetched yet";
  throw new RatesUnavailableError(
    `Crypto offers are paused: ${last}${live.failure ? `, and the rate source failed: ${live.failure}` : ""}. ` +
      "Try again shortly or pay by card.",
  );
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
  ratesFetchedAt?: Date;
}

/** Converts a USD price into the currency, rounding up to the next smallest unit so the seller never gets less. */
export function quote(usdCents: number | bigint, currency: PaymentCurrency, rates: RateTable = fixedRates()): Quote {
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
    ratesFetchedAt: rates.fetchedAt,
  };
}
