import "server-only";
import { forbidden, unauthorized } from "@/lib/contract/errors";
import { database } from "@/lib/db";
import { onInvalidate } from "@/lib/db/invalidation";
import { verifyToken, type TokenClaims } from "./jwt";
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

/** A token row as the hot path checks it: the caller made once, the window in epoch milliseconds. */
interface KnownToken {
  caller: Readonly<Caller>;
  validFrom: number;
  validTill: number;
}

// Token rows by id, so the hot path checks revocation without a query. Deleting a token (or its
// partner) publishes an invalidation that every instance applies; see lib/db/invalidation.ts.
const MAX_CACHED_TOKENS = 10_000;
const tokenCache = new Map<string, KnownToken>();

onInvalidate(
  "token",
  (id) => tokenCache.delete(id),
  () => tokenCache.clear(),
);
onInvalidate("partner", (partnerId) => {
  for (const [id, token] of tokenCache) if (token.caller.partnerId === partnerId) tokenCache.delete(id);
});

// Ids of signed tokens whose row is gone (deleted, or its partner deleted): a replayed deleted
// token is refused without a query. Remembering a miss is safe because a token's row is
// committed before its value is ever returned, and ids are never reused.
const MAX_MISSING_TOKENS = 10_000;
const missingTokens = new Set<string>();

async function loadToken(id: string): Promise<KnownToken | undefined> {
  if (missingTokens.has(id)) return undefined;
  const [row] = await database().query<TokenRow>(
    `SELECT t.partner_id, t.type, t.valid_from, t.valid_till FROM access_token t WHERE t.id = $1`,
    [id],
  );
  if (!row) {
    if (missingTokens.size >= MAX_MISSING_TOKENS) missingTokens.delete(missingTokens.values().next().value!);
    missingTokens.add(id);
    return undefined;
  }
  const token: KnownToken = {
    caller: Object.freeze({ partnerId: row.partner_id, tokenId: id, type: row.type }),
    validFrom: new Date(row.valid_from).getTime(),
    validTill: new Date(row.valid_till).getTime(),
  };
  if (tokenCache.size >= MAX_CACHED_TOKENS) tokenCache.delete(tokenCache.keys().next().value!);
  tokenCache.set(id, token);
  return token;
}

// Signature verdicts by the exact Authorization header, good and bad: a client sends the same
// header on every request, so the pattern and the HMAC run once per header, and refusing a bad
// token stays cheaper than serving a good one. Bounded; oldest out first.
const MAX_KNOWN_HEADERS = 10_000;
type Verdict = { secret: string; claims: TokenClaims; refusal?: undefined } | { secret: string; refusal: string };
const verdictByHeader = new Map<string, Verdict>();

function claimsOf(header: string): TokenClaims {
  const secret = signingSecret();
  let verdict = verdictByHeader.get(header);
  if (!verdict || verdict.secret !== secret) {
    verdict = verify(header, secret);
    if (verdictByHeader.size >= MAX_KNOWN_HEADERS) verdictByHeader.delete(verdictByHeader.keys().next().value!);
    verdictByHeader.set(header, verdict);
  }
  if (verdict.refusal !== undefined) throw unauthorized(verdict.refusal);
  return verdict.claims;
}

function verify(header: string, secret: string): Verdict {
  const match = BEARER.exec(header.trim());
  if (!match) return { secret, refusal: "Malformed Authorization header: expected `Bearer <access token>`." };
  const verified = verifyToken(match[1], secret);
  if (verified.ok) return { secret, claims: verified.claims };
  const refusal =
    verified.reason === "signature" ? "The access token's signature is not valid." : "The access token is malformed.";
  return { secret, refusal };
}

/**
 * Checks a request's bearer token: signature, validity window to the millisecond, that the
 * token still exists (deletion revokes at once) and that its type may call this endpoint.
 * A token this instance knows is checked at once; an unknown one is looked up (a promise).
 */
export function authenticate(request: Request, allow: readonly TokenType[]): Caller | Promise<Caller> {
  const header = request.headers.get("authorization");
  if (!header) throw unauthorized("Missing Authorization header: send `Bearer <access token>`.");
  const claims = claimsOf(header);
  const known = tokenCache.get(claims.jti);
  if (known) return admit(known, claims, allow);
  if (missingTokens.has(claims.jti)) throw unauthorized("The access token has been deleted.");
  return loadToken(claims.jti).then((token) => admit(token, claims, allow));
}

function admit(token: KnownToken | undefined, claims: TokenClaims, allow: readonly TokenType[]): Caller {
  if (!token || token.caller.partnerId !== claims.sub) throw unauthorized("The access token has been deleted.");
  const now = Date.now();
  if (now < token.validFrom)
    throw unauthorized(`The access token is not valid before ${new Date(token.validFrom).toISOString()}.`);
  if (now >= token.validTill)
    throw unauthorized(`The access token expired at ${new Date(token.validTill).toISOString()}.`);
  const { type } = token.caller;
  if (!allow.includes(type))
    throw forbidden(`This endpoint needs a token of type ${allow.join(" or ")}; this token is ${type}.`);
  return token.caller;
}
