import "server-only";
import { forbidden, unauthorized } from "@/lib/api/errors";
import { database } from "@/lib/db";
import { onInvalidate } from "@/lib/db/invalidation";
import { verifyToken } from "./jwt";
import { signingSecret } from "./signing-secret";

export type TokenType = "ADMIN" | "CUSTOMER";

export interface Caller {
  partnerId: string;
  tokenId: string;
  type: TokenType;
}

const BEARER = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/;

type TokenRow = {
  partner_id: string;
  type: TokenType;
  valid_from: Date;
  valid_till: Date;
};

// Token rows by id, so the hot path checks revocation without a query. Deleting a token (or its
// partner) publishes an invalidation that every instance applies; see lib/db/invalidation.ts.
const MAX_CACHED_TOKENS = 10_000;
const tokenCache = new Map<string, TokenRow>();

onInvalidate("token", (id) => tokenCache.delete(id), () => tokenCache.clear());
onInvalidate("partner", (partnerId) => {
  for (const [id, row] of tokenCache) if (row?.partner_id === partnerId) tokenCache.delete(id);
});

async function loadToken(id: string): Promise<TokenRow | null> {
  const cached = tokenCache.get(id);
  if (cached) return cached;
  const [row] = await database().query<TokenRow>(
    `SELECT t.partner_id, t.type, t.valid_from, t.valid_till FROM access_token t WHERE t.id = $1`,
    [id],
  );
  // Only existing tokens are kept: a miss is not remembered, so a token created on another
  // instance is found as soon as it is committed.
  if (row) {
    if (tokenCache.size >= MAX_CACHED_TOKENS) tokenCache.delete(tokenCache.keys().next().value!);
    tokenCache.set(id, row);
  }
  return row ?? null;
}

/**
 * Checks a request's bearer token: signature, validity window to the millisecond, that the
 * token still exists (deletion revokes at once) and that its type may call this endpoint.
 */
export async function authenticate(request: Request, allow: readonly TokenType[]): Promise<Caller> {
  const header = request.headers.get("authorization");
  if (!header) throw unauthorized("Missing Authorization header: send `Bearer <access token>`.");
  const match = BEARER.exec(header.trim());
  if (!match) throw unauthorized("Malformed Authorization header: expected `Bearer <access token>`.");

  const verified = verifyToken(match[1], signingSecret());
  if (!verified.ok) {
    throw unauthorized(verified.reason === "signature" ? "The access token's signature is not valid." : "The access token is malformed.");
  }
  const { claims } = verified;

  const row = await loadToken(claims.jti);
  if (!row || row.partner_id !== claims.sub) throw unauthorized("The access token has been deleted.");

  const now = Date.now();
  if (now < new Date(row.valid_from).getTime()) {
    throw unauthorized(`The access token is not valid before ${new Date(row.valid_from).toISOString()}.`);
  }
  if (now >= new Date(row.valid_till).getTime()) {
    throw unauthorized(`The access token expired at ${new Date(row.valid_till).toISOString()}.`);
  }
  if (!allow.includes(row.type)) {
    throw forbidden(`This endpoint needs a token of type ${allow.join(" or ")}; this token is ${row.type}.`);
  }
  return { partnerId: row.partner_id, tokenId: claims.jti, type: row.type };
}
