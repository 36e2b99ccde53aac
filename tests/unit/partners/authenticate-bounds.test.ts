// The caches the hot path checks a token against (lib/partners/authenticate.ts) keep at most
// CACHED_TOKENS entries each, however many tokens, deleted token ids or Authorization headers
// arrive; a token dropped from them is looked up again and still admitted.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { setConfig } from "@/lib/config";
import { ApiError } from "@/lib/contract/errors";
import { closeDatabase, database, openDatabase } from "@/lib/db";
import { authenticate, authenticationCacheSizes, CACHED_TOKENS } from "@/lib/partners/authenticate";
import { signToken } from "@/lib/partners/jwt";
import { resetSigningSecretForTests } from "@/lib/partners/signing-secret";

const SECRET = "bounds-test-secret-bounds-test-secret-0123";
const PARTNER = randomUUID();
const MORE = CACHED_TOKENS + 50;
let tokenLookups = 0;

beforeAll(async () => {
  setConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", JWT_SECRET: SECRET });
  resetSigningSecretForTests();
  await openDatabase();
  await database().query(`INSERT INTO partner (id, name, updated_at) VALUES ($1, 'bounds', now())`, [PARTNER]);
  const lookup = database().query.bind(database());
  database().query = (text, params) => {
    // The token lookup is the one statement that reads access_token (Kysely writes it lower-case, quoted).
    if (text.includes(`from "access_token"`)) tokenLookups++;
    return lookup(text, params);
  };
}, 120_000);
afterAll(closeDatabase);

const now = Math.floor(Date.now() / 1000);
const header = (jti: string) =>
  `Bearer ${signToken({ sub: PARTNER, jti, typ: "ADMIN", nbf: now - 60, exp: now + 3600, iat: now - 60 }, SECRET)}`;
const request = (authorization: string) =>
  new Request("http://localhost/v1/resolve/a.web3", { headers: { authorization } });

async function refusalOf(run: () => unknown): Promise<string> {
  try {
    await run();
  } catch (error) {
    if (error instanceof ApiError) return `${error.status} ${error.items[0].info}`;
    throw error;
  }
  return "admitted";
}

describe("authentication caches stay bounded", () => {
  test(`${MORE} tokens: at most ${CACHED_TOKENS} kept; the first, dropped, is looked up again`, async () => {
    const ids = Array.from({ length: MORE }, () => randomUUID());
    await database().query(
      `INSERT INTO access_token (id, partner_id, label, type, valid_from, valid_till, hint, updated_at)
       SELECT id, $2, 'bound', 'ADMIN', now() - interval '1 minute', now() + interval '1 hour', 'h', now()
         FROM unnest($1::uuid[]) AS id`,
      [ids, PARTNER],
    );
    for (const id of ids) expect((await authenticate(request(header(id)), ["ADMIN"])).tokenId).toBe(id);
    const sizes = authenticationCacheSizes();
    expect(sizes.tokens).toBe(CACHED_TOKENS);
    expect(sizes.headers).toBe(CACHED_TOKENS);
    tokenLookups = 0;
    // The latest is kept (no query); the first was dropped (one query), and is admitted.
    expect((await authenticate(request(header(ids[MORE - 1])), ["ADMIN"])).tokenId).toBe(ids[MORE - 1]);
    expect(tokenLookups).toBe(0);
    expect((await authenticate(request(header(ids[0])), ["ADMIN"])).tokenId).toBe(ids[0]);
    expect(tokenLookups).toBe(1);
    expect(authenticationCacheSizes().tokens).toBe(CACHED_TOKENS);
  }, 120_000);

  test(`${MORE} deleted token ids: at most ${CACHED_TOKENS} remembered, each refused`, async () => {
    const ids = Array.from({ length: MORE }, () => randomUUID());
    for (const id of ids)
      expect(await refusalOf(() => authenticate(request(header(id)), ["ADMIN"]))).toBe(
        "401 The access token has been deleted.",
      );
    expect(authenticationCacheSizes().missing).toBe(CACHED_TOKENS);
    // A remembered one is refused without a query; a forgotten one after one.
    tokenLookups = 0;
    await refusalOf(() => authenticate(request(header(ids[MORE - 1])), ["ADMIN"]));
    expect(tokenLookups).toBe(0);
    expect(await refusalOf(() => authenticate(request(header(ids[0])), ["ADMIN"]))).toBe(
      "401 The access token has been deleted.",
    );
    expect(tokenLookups).toBe(1);
  }, 120_000);

  test("headers that end alike each get their own verdict", async () => {
    const id = randomUUID();
    await database().query(
      `INSERT INTO access_token (id, partner_id, label, type, valid_from, valid_till, hint, updated_at)
       VALUES ($1, $2, 'alike', 'ADMIN', now() - interval '1 minute', now() + interval '1 hour', 'h', now())`,
      [id, PARTNER],
    );
    const good = header(id);
    // The same signature under another payload (its first character changed): not a valid token.
    const [, payload] = good.split(".");
    const forged = good.replace(`.${payload}.`, `.${payload[0] === "A" ? "B" : "A"}${payload.slice(1)}.`);
    expect(forged.slice(-32)).toBe(good.slice(-32));
    for (let round = 0; round < 3; round++) {
      expect((await authenticate(request(good), ["ADMIN"])).tokenId).toBe(id);
      expect(await refusalOf(() => authenticate(request(forged), ["ADMIN"]))).toBe(
        "401 The access token's signature is not valid.",
      );
    }
  });

  test(`${MORE} malformed headers: at most ${CACHED_TOKENS} verdicts kept, each refused`, async () => {
    for (let i = 0; i < MORE; i++)
      expect(await refusalOf(() => authenticate(request(`Bearer not-a-token-${i}`), ["ADMIN"]))).toBe(
        "401 Malformed Authorization header: expected `Bearer <access token>`.",
      );
    expect(authenticationCacheSizes().headers).toBe(CACHED_TOKENS);
  });
});
