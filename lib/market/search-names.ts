import "server-only";
import { badRequest } from "@/lib/contract/errors";
import { MAX_SEARCH_NAMES, type NameAvailability } from "@/lib/contract/schemas/market";
import { nativeTlds } from "@/lib/resolution/native-tlds";
import { checkAvailability, type Availability } from "./catalogue";
import { centsToNumber } from "./pricing";

// GET /v1/market/search: availability and yearly price of one or several names, with a few free
// alternatives for names that cannot be bought because someone has them.

const MAX_SUGGESTIONS = 5;

export function splitQuery(q: string): string[] {
  const names = [...new Set(q.split(/[\s,]+/).filter(Boolean))];
  if (names.length > MAX_SEARCH_NAMES) throw badRequest("q", `Search at most ${MAX_SEARCH_NAMES} names at once.`);
  return names;
}

/** Candidate names close to a taken one: digits and prefixes on its label, and the label under other TLDs. */
export function candidatesFor(name: string, tlds: string[]): string[] {
  const dot = name.indexOf(".");
  const label = name.slice(0, dot);
  const rest = name.slice(dot + 1);
  const isSubdomain = rest.includes(".");
  const variants = [`${label}1`, `${label}2`, `my${label}`, `the${label}`, `${label}-app`, `get${label}`, `${label}hq`];
  const sameParent = variants.map((v) => `${v}.${rest}`);
  const otherTlds = isSubdomain ? [] : tlds.filter((tld) => tld !== rest).map((tld) => `${label}.${tld}`);
  return [...otherTlds, ...sameParent];
}

function present(result: Availability): NameAvailability {
  if (result.available)
    return { name: result.name, available: true, priceUsdPerYear: centsToNumber(result.perYearCents) };
  return {
    name: result.name,
    available: false,
    reason: result.reason,
    message: result.message,
    ...(result.perYearCents !== undefined && { priceUsdPerYear: centsToNumber(result.perYearCents) }),
    ...(result.expiresAt && { expiresAt: result.expiresAt.toISOString() }),
    ...(result.graceEndsAt && { graceEndsAt: result.graceEndsAt.toISOString() }),
  };
}

export async function searchNames(q: string): Promise<NameAvailability[]> {
  const names = splitQuery(q);
  const results = await checkAvailability(names);
  const wanting = results.filter(
    (r) => !r.available && (r.reason === "taken" || r.reason === "grace" || r.reason === "reserved"),
  );
  if (wanting.length === 0) return results.map(present);

  const tlds = [...(await nativeTlds())].sort();
  const candidates = new Map(wanting.map((r) => [r.name, candidatesFor(r.name, tlds)]));
  const checked = await checkAvailability([...new Set([...candidates.values()].flat())]);
  const free = new Map(checked.filter((c) => c.available).map((c) => [c.name, c]));
  return results.map((result) => {
    const shown = present(result);
    const options = candidates.get(result.name);
    if (!options) return shown;
    shown.suggestions = options
      .filter((option) => free.has(option))
      .slice(0, MAX_SUGGESTIONS)
      .map((option) => ({ name: option, priceUsdPerYear: centsToNumber(free.get(option)!.perYearCents) }));
    return shown;
  });
}
