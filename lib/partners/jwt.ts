import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";

// Access tokens are compact JWTs signed with HS256 and nothing else: the header is fixed, so
// `alg: none`, another algorithm or a forged header is refused before any claim is read.

export interface TokenClaims {
  /** Partner id. */
  sub: string;
  /** Token id: the access_token row that must still exist. */
  jti: string;
  typ: "ADMIN" | "CUSTOMER";
  /** validFrom and validTill, in seconds. */
  nbf: number;
  exp: number;
  iat: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The encoded header of every partner access token. */
export const ACCESS_TOKEN_HEADER = base64url(JSON.stringify({ alg: "HS256", typ: "JWT" }));
const HEADER = ACCESS_TOKEN_HEADER;

export function signToken(claims: TokenClaims, secret: string): string {
  return signCompactJwt(HEADER, claims, secret);
}

/** An HS256 compact JWT under a fixed, already encoded header. */
export function signCompactJwt(header: string, claims: object, secret: string): string {
  const payload = base64url(JSON.stringify(claims));
  const signature = createHmac("sha256", secret).update(`${header}.${payload}`).digest("base64url");
  return `${header}.${payload}.${signature}`;
}

/** The encoded form of a JWT header, for signCompactJwt and verifyCompactJwt. */
export function encodeJwtHeader(header: object): string {
  return base64url(JSON.stringify(header));
}

/**
 * Checks a compact JWT's form, its header (exactly `header`) and signature; answers its payload,
 * parsed but not yet checked. Claims, time window and revocation are the caller's.
 */
export function verifyCompactJwt(
  token: string,
  header: string,
  secret: string,
): { ok: true; payload: unknown } | { ok: false; reason: VerifyFailure } {
  const parts = token.split(".");
  if (parts.length !== 3 || token.length > 2048) return { ok: false, reason: "malformed" };
  const [given, payload, signature] = parts;
  if (given !== header) return { ok: false, reason: "malformed" };
  const expected = createHmac("sha256", secret).update(`${given}.${payload}`).digest();
  const actual = Buffer.from(signature, "base64url");
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected))
    return { ok: false, reason: "signature" };
  try {
    return { ok: true, payload: JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) };
  } catch {
    return { ok: false, reason: "malformed" };
  }
}

export type VerifyFailure = "malformed" | "signature";

/** Checks the form and signature; the time window and revocation are the caller's. */
export function verifyToken(
  token: string,
  secret: string,
): { ok: true; claims: TokenClaims } | { ok: false; reason: VerifyFailure } {
  const verified = verifyCompactJwt(token, HEADER, secret);
  if (!verified.ok) return verified;
  const claims = verified.payload;
  // Ids must be uuids before they reach a query; checked once per token, with the signature.
  if (!isClaims(claims) || !UUID.test(claims.jti) || !UUID.test(claims.sub)) return { ok: false, reason: "malformed" };
  return { ok: true, claims };
}

function isClaims(value: unknown): value is TokenClaims {
  const c = value as Partial<TokenClaims> | null;
  return (
    typeof c === "object" &&
    c !== null &&
    typeof c.sub === "string" &&
    typeof c.jti === "string" &&
    (c.typ === "ADMIN" || c.typ === "CUSTOMER") &&
    Number.isInteger(c.nbf) &&
    Number.isInteger(c.exp)
  );
}

function base64url(text: string): string {
  return Buffer.from(text, "utf8").toString("base64url");
}
