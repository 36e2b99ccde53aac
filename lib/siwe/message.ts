import "server-only";
import { createSiweMessage, parseSiweMessage, type SiweMessage } from "viem/siwe";
import { badRequest } from "@/lib/contract/errors";
import { config, type Config } from "@/lib/config";

// Sign-In with Ethereum (EIP-4361) messages: which hosts a message may name and its exact form.
// Shared by the owners' sign-in, the partners' wallet sign-in and the claims of ENS parents.

const LOOPBACK_HOST = /^(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?$/;
const DATE_FIELDS = ["Issued At", "Expiration Time", "Not Before"] as const;

// secp256k1's group order. For every signature (r, s, v), (r, n - s, v ^ 1) verifies too; only the
// low-s one is accepted (as Ethereum does for transactions since EIP-2), so a signature has one form.
const SECP256K1_N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

/** A 65-byte r‖s‖v signature, as a plain key makes. */
export function isPlainKeySignature(signature: string): boolean {
  return /^0x[0-9a-fA-F]{130}$/.test(signature);
}

/** True when a 65-byte `0x` signature's s is above n/2. */
export function hasHighS(signature: string): boolean {
  return BigInt(`0x${signature.slice(66, 130)}`) > SECP256K1_N / 2n;
}

/** The entry of OWNER_SIGN_IN_DOMAINS that stands for this machine's loopback hosts, on any port. */
export const LOOPBACK_ENTRY = "loopback";

/** The entries of OWNER_SIGN_IN_DOMAINS, lower case. */
export function signInDomains(cfg: Config = config()): string[] {
  return cfg.OWNER_SIGN_IN_DOMAINS.split(",")
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
}

/**
 * Hosts a sign-in message may name: OWNER_SIGN_IN_DOMAINS (`loopback` among them admitting the
 * loopback hosts), or the loopback hosts when it is empty (refused in production by
 * lib/server/startup-checks.ts unless it is the demo).
 */
export function isSignInHost(host: string): boolean {
  const allowed = signInDomains();
  if ((allowed.length === 0 || allowed.includes(LOOPBACK_ENTRY)) && LOOPBACK_HOST.test(host)) return true;
  return host !== LOOPBACK_ENTRY && allowed.includes(host);
}

/**
 * `canonical` with its times as `message` writes them (in the lines after its URI): RFC 3339
 * allows forms without milliseconds or with an offset, which parse to the same instant.
 */
function withWrittenTimes(canonical: string, message: string): string {
  const tail = (text: string) => text.slice(Math.max(0, text.lastIndexOf("\nURI: ")));
  const written = tail(message);
  let rebuilt = tail(canonical);
  for (const label of DATE_FIELDS) {
    const line = new RegExp(`^${label}: (.+)$`, "m");
    const value = line.exec(written)?.[1];
    if (value !== undefined) rebuilt = rebuilt.replace(line, () => `${label}: ${value}`);
  }
  return canonical.slice(0, canonical.length - tail(canonical).length) + rebuilt;
}

/** The parsed message, or a 400 when the text is not an EIP-4361 message in its exact form. */
export function parseSignInMessage(message: string): SiweMessage {
  const fields = parseSiweMessage(message);
  for (const field of ["domain", "address", "uri", "version", "chainId", "nonce", "issuedAt"] as const)
    if (fields[field] === undefined)
      throw badRequest("message", `The message is not an EIP-4361 message: no ${field}.`);
  let canonical: string;
  try {
    canonical = createSiweMessage(fields as SiweMessage);
  } catch {
    throw badRequest("message", "The message is not an EIP-4361 message: a field is not valid.");
  }
  if (withWrittenTimes(canonical, message) !== message)
    throw badRequest("message", "The message is not in EIP-4361's exact form (its address EIP-55 checksummed).");
  return fields as SiweMessage;
}
