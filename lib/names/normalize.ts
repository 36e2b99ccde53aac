// Name normalization: ENSIP-15 for web3 names (native, ENS, UD), UTS-46 for ICANN names, so
// `ALICE.web3` and `alice.web3` are one name, and names with control or confusable characters
// are refused with the reason. The name is judged as given: ENSIP-15 has no trimming, so
// " alice.web3" and "alice.web3." are invalid (a page may trim what a person typed; the API
// does not guess).
import { domainToASCII, domainToUnicode } from "node:url";
import { ens_normalize, ens_tokenize } from "@adraffy/ens-normalize";
import { LRUCache } from "lru-cache";

export class InvalidNameError extends Error {}

const MAX_NAME_LENGTH = 253;

// ENSIP-15 normalization costs microseconds per name and every read of a name repeats it: the
// last few thousand inputs keep their answer (only valid names; a refusal is recomputed). Inputs
// are at most MAX_NAME_LENGTH characters, so 4,096 of them with their forms stay under 3 MB.
export const REMEMBERED_NAMES = 4096;
const normalizedNames = new LRUCache<string, string>({ max: REMEMBERED_NAMES });

/** ENSIP-15 normalized form of a web3 name; throws InvalidNameError with the reason. */
export function normalizeWeb3Name(input: string): string {
  // Plain names are checked faster than they are looked up, and a stream of them each asked once
  // would only churn the cache.
  if (input.length <= MAX_NAME_LENGTH && isPlainAsciiName(input)) return input;
  let normalized = normalizedNames.get(input);
  if (normalized === undefined) {
    normalized = normalizeWeb3NameOnce(input);
    normalizedNames.set(input, normalized);
  }
  return normalized;
}

/** How many inputs keep their normalized form (tests check the bound). */
export function rememberedNameCount(): number {
  return normalizedNames.size;
}

// Labels of lower-case ASCII letters, digits and hyphens are their own ENSIP-15 form unless the
// 3rd and 4th characters are "--" (the "label extension" rule): such names skip ens_normalize, a
// tenth of a cache-miss resolution's CPU. Anything else (capitals, `_`, `$`, non-ASCII) goes the
// full way. tests/unit/names/normalize.test.ts checks the shortcut against ens_normalize.
const DOT = 0x2e;
const HYPHEN = 0x2d;

export function isPlainAsciiName(input: string): boolean {
  // One pass over the characters, allocating nothing (the end counts as a dot).
  let labelStart = 0;
  for (let i = 0; i <= input.length; i++) {
    const c = i === input.length ? DOT : input.charCodeAt(i);
    if (c === DOT) {
      if (i === labelStart) return false;
      labelStart = i + 1;
    } else if (c === HYPHEN) {
      if (i - labelStart === 3 && input.charCodeAt(i - 1) === HYPHEN) return false;
    } else if (!((c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39))) return false;
  }
  return true;
}

function normalizeWeb3NameOnce(input: string): string {
  if (input === "") throw new InvalidNameError("The name is empty.");
  if (input.length > MAX_NAME_LENGTH)
    throw new InvalidNameError(`The name is longer than ${MAX_NAME_LENGTH} characters.`);
  let normalized: string;
  try {
    normalized = ens_normalize(input);
  } catch (error) {
    throw new InvalidNameError(`The name is not valid (ENSIP-15): ${(error as Error).message}.`);
  }
  if (normalized.split(".").some((label) => label === "")) throw new InvalidNameError("The name has an empty label.");
  return normalized;
}

/**
 * Whether the name holds a white-space character that no name may hold. JavaScript's `\s` also
 * matches U+FEFF, which ENSIP-15 (and UTS-46) ignore: a name with it is valid and means the name
 * without it. So a character counts only when `\s` matches it and ENSIP-15 disallows it.
 */
export function containsWhitespace(name: string): boolean {
  if (!/\s/u.test(name)) return false;
  return ens_tokenize(name).some((token) => token.type === "disallowed" && /\s/u.test(String.fromCodePoint(token.cp)));
}

/** UTS-46 form of an ICANN name: the ASCII (punycode) form for lookups, Unicode for display. */
export function normalizeIcannName(input: string): { ascii: string; unicode: string } {
  // One final dot is DNS's absolute form of the same name; whitespace is not part of any name.
  const relative = input.replace(/\.$/, "");
  // domainToASCII applies UTS-46 processing (mapping, validity, punycode) and answers "" when it fails.
  const ascii = relative.length > 0 && relative.length <= MAX_NAME_LENGTH ? domainToASCII(relative) : "";
  if (
    ascii === "" ||
    !ascii.includes(".") ||
    ascii.split(".").some((label) => label.length === 0 || label.length > 63)
  ) {
    throw new InvalidNameError("The name is not a valid domain name (UTS-46).");
  }
  if (!/^[a-z0-9.-]+$/.test(ascii))
    throw new InvalidNameError("The name contains characters a domain name cannot hold.");
  return { ascii, unicode: domainToUnicode(ascii) };
}

/** The top-level label of a name, lower-cased, without normalizing the rest. */
export function tldOf(name: string): string {
  const relative = name.replace(/\.$/, "");
  const dot = relative.lastIndexOf(".");
  return (dot === -1 ? relative : relative.slice(dot + 1)).toLowerCase();
}
