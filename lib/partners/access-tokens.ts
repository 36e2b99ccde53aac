import "server-only";
import { randomUUID } from "node:crypto";
import type { AccessToken as AccessTokenRow } from "@prisma/client";
import { ApiError, badRequest, conflict, notFound } from "@/lib/contract/errors";
import type { AccessToken } from "@/lib/contract/schemas/partner";
import { config } from "@/lib/config";
import { db } from "@/lib/db";
import { run, sql, sqlBuilder } from "@/lib/db/sql";
import { invalidate } from "@/lib/db/invalidation";
import { signToken } from "./jwt";
import { signingSecret } from "./signing-secret";
import type { TokenType } from "./authenticate";

export interface NewAccessToken {
  label: string;
  type: TokenType;
  validFrom: Date;
  validTill: Date;
}

const DAY_MS = 86_400_000;

/** The latest validTill a token created now may have (ACCESS_TOKEN_MAX_DAYS from now). */
export function latestValidTill(now = new Date()): Date {
  return new Date(now.getTime() + config().ACCESS_TOKEN_MAX_DAYS * DAY_MS);
}

/**
 * A token's window is bounded: it ends at most ACCESS_TOKEN_MAX_DAYS after it starts and after
 * now, so a leaked token cannot outlive the bound (9999-12-31 is refused).
 */
function checkWindow(input: NewAccessToken, now: Date): void {
  const days = config().ACCESS_TOKEN_MAX_DAYS;
  if (input.validTill.getTime() - input.validFrom.getTime() > days * DAY_MS)
    throw badRequest("validTill", `validTill must be at most ${days} days after validFrom.`);
  if (input.validTill.getTime() > latestValidTill(now).getTime())
    throw badRequest("validTill", `validTill must be at most ${days} days from now.`);
}

/**
 * At most ACCESS_TOKENS_PER_PARTNER live (unexpired) tokens: 409, not 429, since waiting does not
 * help (only deleting a token or its expiry does), and limits are per partner anyway (issue 32).
 */
function tooManyTokens(most: number): ApiError {
  return conflict(
    "body",
    `This partner already has ${most} live access tokens, the most it may hold; delete one ` +
      "(DELETE /v1/partner/access-token) or wait until one expires.",
  );
}

/** Creates a token for a partner; the returned `value` is the only time the JWT is shown. */
export async function createAccessToken(
  partnerId: string,
  input: NewAccessToken,
  now = new Date(),
): Promise<AccessToken> {
  checkWindow(input, now);
  const id = randomUUID();
  const value = signToken(
    {
      sub: partnerId,
      jti: id,
      typ: input.type,
      nbf: Math.floor(input.validFrom.getTime() / 1000),
      exp: Math.ceil(input.validTill.getTime() / 1000),
      iat: Math.floor(Date.now() / 1000),
    },
    signingSecret(),
  );
  // Written with a raw statement: a Prisma create cost ~2 ms of CPU, most of a token request, and
  // dashboards make and revoke tokens in bursts.
  const row: AccessTokenRow = {
    id,
    partnerId,
    label: input.label,
    type: input.type,
    validFrom: input.validFrom,
    validTill: input.validTill,
    hint: value.slice(-6),
    createdAt: now,
    updatedAt: now,
  };
  const most = config().ACCESS_TOKENS_PER_PARTNER;
  // One statement (prisma/migrations/20261213000000_access_token_in_one_statement): it takes the
  // partner's row as the lock, counts the live tokens and writes this one, so the row is held for
  // the statement only. Held across a transaction's round trips instead, creations queued on it
  // under load, each holding a connection of the pool while it waited (docs/operations.md).
  const [{ created }] = await run(
    sql<{ created: boolean }>`SELECT create_access_token(${row.id}::uuid, ${partnerId}::uuid, ${row.label},
      ${row.type}::"TokenType", ${row.validFrom}::timestamptz, ${row.validTill}::timestamptz, ${row.hint},
      ${now}::timestamptz, ${most}::integer) AS created`,
  );
  if (!created) throw tooManyTokens(most);
  return toAccessToken(row, value);
}

export async function listAccessTokensOfPartner(partnerId: string): Promise<AccessToken[]> {
  const rows = await db().accessToken.findMany({
    where: { partnerId },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
  });
  return rows.map((row) => toAccessToken(row, redacted(row.hint)));
}

/** Deletes one of the partner's tokens; it is refused from the next request on. */
export async function deleteAccessTokenOfPartner(partnerId: string, id: string): Promise<void> {
  const deleted = await run(
    sqlBuilder.deleteFrom("access_token").where("id", "=", id).where("partner_id", "=", partnerId).returning("id"),
  );
  if (deleted.length === 0) throw notFound("id", "This partner has no access token with that id.");
  await invalidate("token", id);
}

function redacted(hint: string): string {
  return `••••••${hint}`;
}

function toAccessToken(row: AccessTokenRow, value: string): AccessToken {
  return {
    id: row.id,
    partnerId: row.partnerId,
    label: row.label,
    type: row.type,
    validFrom: row.validFrom.toISOString(),
    validTill: row.validTill.toISOString(),
    value,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
