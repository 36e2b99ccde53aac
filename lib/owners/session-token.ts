import "server-only";
import { encodeJwtHeader, signCompactJwt, verifyCompactJwt } from "@/lib/partners/jwt";
import { ownerKey } from "@/lib/siwe/owner-keys";

// Owner session tokens: HS256 compact JWTs of their own type. Their header differs from a
// partner access token's (which is refused before any claim is read by the partner check) and
// their key is derived for owner sessions only, so neither kind of token passes for the other.

export interface OwnerClaims {
  /** The signed-in EVM address, EIP-55 checksummed. */
  sub: string;
  /** The owner_session row, which must still exist (signing out deletes it). */
  jti: string;
  iat: number;
  exp: number;
}

const OWNER_TOKEN_HEADER = encodeJwtHeader({ alg: "HS256", typ: "owner-session+jwt" });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

export function signOwnerToken(claims: OwnerClaims): string {
  return signCompactJwt(OWNER_TOKEN_HEADER, claims, ownerKey("session"));
}

export function verifyOwnerToken(token: string): OwnerClaims | null {
  const verified = verifyCompactJwt(token, OWNER_TOKEN_HEADER, ownerKey("session"));
  if (!verified.ok) return null;
  const claims = verified.payload as Partial<OwnerClaims> | null;
  if (
    typeof claims !== "object" ||
    claims === null ||
    typeof claims.sub !== "string" ||
    !ADDRESS.test(claims.sub) ||
    typeof claims.jti !== "string" ||
    !UUID.test(claims.jti) ||
    !Number.isInteger(claims.iat) ||
    !Number.isInteger(claims.exp)
  )
    return null;
  return claims as OwnerClaims;
}

export interface Owner {
  /** EIP-55 checksummed. */
  address: string;
  /** Lower case, as names' owner keys and reverse records store it. */
  addressKey: string;
  sessionId: string;
}
