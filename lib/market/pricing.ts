// Prices of the catalogue, in USD cents. Second-level names under a native TLD are priced by the
// length of their label (short names are scarce); sub-domains at the price their parent's owner set.

export const BASE_CURRENCY = "USD";

/** Yearly price in cents by label length in characters; the last entry covers every longer label. */
const TLD_PRICE_CENTS_BY_LENGTH: readonly { maxLength: number; cents: number }[] = [
  { maxLength: 1, cents: 64_000 },
  { maxLength: 2, cents: 32_000 },
  { maxLength: 3, cents: 16_000 },
  { maxLength: 4, cents: 4_000 },
  { maxLength: Infinity, cents: 1_000 },
];

const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });

/**
 * Characters as a person counts them: grapheme clusters (Unicode UAX #29), so an emoji built of
 * several code points (a family, a flag, a skin tone) is one character, and so is a letter with
 * combining marks.
 */
export function labelLength(label: string): number {
  let count = 0;
  for (const _ of graphemes.segment(label)) count++;
  return count;
}

export function tldNamePricePerYearCents(label: string): number {
  const length = labelLength(label);
  return TLD_PRICE_CENTS_BY_LENGTH.find((tier) => length <= tier.maxLength)!.cents;
}

export function totalPriceCents(perYearCents: number, years: number): number {
  if (!Number.isInteger(years) || years < 1 || years > 10)
    throw new RangeError("years must be a whole number from 1 to 10");
  return perYearCents * years;
}

/** Cents as the decimal string stored on Order.price for a USD amount ("12.50"). */
export function centsToDecimal(cents: number): string {
  const whole = Math.trunc(cents / 100);
  const fraction = String(cents % 100).padStart(2, "0");
  return `${whole}.${fraction}`;
}

export function centsToNumber(cents: number): number {
  return cents / 100;
}
