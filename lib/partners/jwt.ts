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
const HEADER = base64url(JSON.stringify({ alg: "HS256", typ: "JWT" }));

export function signToken(claims: TokenClaims, secret: string): string {
  const payload = base64url(JSON.stringify(claims));
  const signature = createHmac("sha256", secret).update(`${HEADER}.${payload}`).digest("base64url");
  return `${HEADER}.${payload}.${signature}`;
}

export type VerifyFailure = "malformed" | "signature";

/** Checks the form and signature; the time window and revocation are the caller's. */
export function verifyToken(
  token: string,
  secret: string,
): { ok: true; claims: TokenClaims } | { ok: false; reason: VerifyFailure } {
  const parts = token.split(".");
  if (parts.length !== 3 || token.length > 2048) return { ok: false, reason: "malformed" };
  const [header, payload, signature] = parts;
  if (header !== HEADER) return { ok: false, reason: "malformed" };
  const expected = createHmac("sha256", secret).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: "signature" };
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    return { ok: false, reason: "malformed" };
  }
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
