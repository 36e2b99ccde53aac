import "server-only";
import { ApiError, forbidden, unauthorized } from "@/lib/contract/errors";
import { authFailureBudget } from "@/lib/http/rate-limit";
import { prepared, sqlBuilder } from "@/lib/db/sql";
import { ACCESS_TOKEN_HEADER } from "@/lib/partners/jwt";
import { verifyOwnerToken, type Owner } from "@/lib/owners/session-token";

// The owner endpoints' credential: an owner session token from POST /v1/owner/session. A partner
// access token is refused here (403 when it is a well-formed one: a credential of the wrong kind),
// and owner tokens are refused by the partner endpoints.

const ownerSession = prepared((id: string) =>
  sqlBuilder.selectFrom("owner_session").select(["address", "expires_at"]).where("id", "=", id),
);

const BEARER = /^Bearer ([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$/;

/**
 * The owner the request's token names. Each 401 counts against the client address's budget of
 * failed authentications, the one partner tokens spend (lib/http/handler.ts); once it is spent,
 * what would be a 401 is a 429. A valid token still passes.
 */
export async function authenticateOwner(request: Request, now = new Date()): Promise<Owner> {
  try {
    return await checkOwnerToken(request, now);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      const failures = authFailureBudget(request);
      if (failures?.spent()) throw failures.refusal();
      failures?.count();
    }
    throw error;
  }
}

async function checkOwnerToken(request: Request, now: Date): Promise<Owner> {
  const header = request.headers.get("authorization");
  if (!header)
    throw unauthorized(
      "Missing Authorization header: sign in with Ethereum (POST /v1/owner/session) and send `Bearer <token>`.",
    );
  const match = BEARER.exec(header.trim());
  if (!match) throw unauthorized("Malformed Authorization header: expected `Bearer <owner session token>`.");
  if (match[1] === ACCESS_TOKEN_HEADER)
    throw forbidden(
      "A partner access token may not call owner endpoints: sign in with Ethereum (POST /v1/owner/session) " +
        "and use that token.",
    );
  const claims = verifyOwnerToken(`${match[1]}.${match[2]}.${match[3]}`);
  if (!claims) throw unauthorized("The owner session token is not valid.");
  const [session] = await ownerSession([claims.jti]);
  if (!session || session.address !== claims.sub.toLowerCase())
    throw unauthorized("The owner session has ended (signed out): sign in again.");
  if (new Date(session.expires_at).getTime() <= now.getTime())
    throw unauthorized(`The owner session expired at ${new Date(session.expires_at).toISOString()}: sign in again.`);
  return { address: claims.sub, addressKey: session.address, sessionId: claims.jti };
}
