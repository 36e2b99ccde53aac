// Exact decimals in JSON answers. The interface types `amount` and `price` as numbers; going
// through a double would turn 0.033333333333333334 ETH into 0.03333333333333333, 2 wei short of
// what the URI asks. JSON.rawJSON writes the decimal's own digits into the JSON text.

const { rawJSON } = JSON as unknown as { rawJSON(text: string): object };

const DECIMAL = /^-?(0|[1-9]\d*)(\.\d+)?$/;

/**
 * The decimal string as a JSON number, digit for digit (trailing fraction zeros dropped). Typed
 * as number because that is what a client reads; only JSON.stringify should see it.
 */
export function exactNumber(decimal: string): number {
  if (!DECIMAL.test(decimal)) throw new RangeError(`Not a plain decimal: ${decimal}`);
  const trimmed = decimal.includes(".") ? decimal.replace(/\.?0+$/, "") : decimal;
  return rawJSON(trimmed) as unknown as number;
}
