import "server-only";
import { createHmac, randomUUID } from "node:crypto";
import { encodeJwtHeader, signCompactJwt, verifyCompactJwt } from "@/lib/partners/jwt";
import { signingSecret } from "@/lib/partners/signing-secret";

// The operator's credential: an HS256 JWT of its own type, under a key derived from the service's
// signing secret for this purpose only, so it never passes for a partner's access token or an
// owner's session, nor they for it. It lives OPERATOR_TOKEN_DAYS at most; changing JWT_SECRET
// revokes every one.

export interface OperatorClaims {
  sub: "operator";
  jti: string;
  /** Who the token was printed for (`npm run operator -- token <days> <name>`), named in the audit log. */
  name?: string;
  iat: number;
  exp: number;
}

const OPERATOR_TOKEN_HEADER = encodeJwtHeader({ alg: "HS256", typ: "operator+jwt" });

let derived: { secret: string; key: string } | undefined;

function operatorKey(): string {
  const secret = signingSecret();
  if (derived?.secret !== secret)
    derived = { secret, key: createHmac("sha256", secret).update("namesvc operator v1").digest("base64url") };
  return derived.key;
}

export const OPERATOR_NAME = /^[\w .@-]{1,64}$/;

export function signOperatorToken(days: number, now = Date.now(), name?: string): { token: string; expiresAt: Date } {
  const iat = Math.floor(now / 1000);
  const exp = iat + Math.round(days * 86_400);
  const claims: OperatorClaims = { sub: "operator", jti: randomUUID(), iat, exp, ...(name && { name }) };
  return { token: signCompactJwt(OPERATOR_TOKEN_HEADER, claims, operatorKey()), expiresAt: new Date(exp * 1000) };
}

/** The claims of a valid, unexpired operator token; null for anything else. */
export function verifyOperatorToken(token: string, now = Date.now()): OperatorClaims | null {
  const verified = verifyCompactJwt(token, OPERATOR_TOKEN_HEADER, operatorKey());
  if (!verified.ok) return null;
  const claims = verified.payload as Partial<OperatorClaims> | null;
  if (
    typeof claims !== "object" ||
    claims === null ||
    claims.sub !== "operator" ||
    typeof claims.jti !== "string" ||
    (claims.name !== undefined && (typeof claims.name !== "string" || !OPERATOR_NAME.test(claims.name))) ||
    !Number.isInteger(claims.iat) ||
    !Number.isInteger(claims.exp) ||
    claims.exp! * 1000 <= now
  )
    return null;
  return claims as OperatorClaims;
}

/** The operator's token of a request's `Authorization: Bearer`, when it carries a valid one. */
export function operatorOf(request: Request): OperatorClaims | null {
  const header = request.headers.get("authorization");
  const match = header ? /^Bearer ([A-Za-z0-9_.-]{1,2048})$/.exec(header) : null;
  return match ? verifyOperatorToken(match[1]!) : null;
}
