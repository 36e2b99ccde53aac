// A reference of `npm run bench:http`, no goal's: a node:http server doing the least the API must
// do for one kind of answer, written for that answer alone, so the table can say how much of our
// gap to bare node:http is work that cannot be skipped and how much is our shared pipeline. Run as
// `node scripts/bench/floor-server.mjs <config.json>`; the config (FloorConfig below) chooses what
// it serves:
// - `answers`: kept answers (the warm read): the answer found by a key made of its path and query;
// - `database`: forward resolution of names asked once (the cache miss), on PostgreSQL (`url`,
//   through `pg`) or on a copy of the embedded database's directory (`pglite`, opened on this
//   server's one thread with the session lib/db/pglite-host uses, so without its hand-off to a
//   worker). A name the registry never held is answered 404 without a query, as the API's Bloom
//   filter answers it (here a Set of every name, read once); the others are read in batches, one
//   query for every name asked while the database was busy (`name = ANY($1)` on the columns the
//   records' triggers keep, as lib/resolution/native-records.ts reads them), and their answer is
//   the API's ResolveResult.
// Either way it checks the Host, finds the token by its tail and compares it whole, checks its
// expiry and type, counts the partner's fixed window (clock-aligned windows of `windowSeconds`, as
// the API's), counts each status, and sends the header lines our server sent for that kind of
// answer (`lines`, `refusalLines` for a 404), with the window's live remaining count and reset and
// a fresh request id. What the API also does (the arrival order, outbound metering, CORS, its
// Request and Response views, the routes of every other endpoint, keeping what it read) is left out.
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import http from "node:http";
import { ens_normalize } from "@adraffy/ens-normalize";
import pg from "pg";
import { DirectPGlite } from "../../lib/db/pglite-host/direct-pglite.mjs";
import { postgresModule } from "../../lib/db/pglite-host/postgres-module.mjs";
import { Session } from "../../lib/db/pglite-host/wire.mjs";

/**
 * @typedef {{
 *   authorization: string;
 *   windowSeconds: number;
 *   lines: string[];
 *   refusalLines?: string[];
 *   answers?: [string, string][];
 *   database?: { url: string } | { pglite: string };
 * }} FloorConfig
 */

const config = /** @type {FloorConfig} */ (JSON.parse(readFileSync(process.argv[2], "utf8")));
const RESOLVE = "/v1/resolve/";
// As lib/resolution/native-records.ts: batches of up to 500 names, 4 at once on PostgreSQL's pool;
// the embedded database runs here on this thread, one statement at a time.
const MAX_BATCH = 500;
const RECORDS = `SELECT name, owner_address, content_hash, expires_at, records_wallets AS wallets,
    records_dns AS dns, records_texts AS texts
  FROM "domain" WHERE name = ANY($1::text[]) AND suspended_at IS NULL`;

const HOST = /^(?:[a-z0-9-]+\.)*[a-z0-9-]+(?::\d{1,5})?$/i;
const PLAIN_NAME = /^[a-z0-9-]+(?:\.[a-z0-9-]+)+$/;
const keyOf = (/** @type {string} */ url) => {
  const query = url.indexOf("?");
  return (query < 0 ? url : url.slice(0, query)) + "|" + (query < 0 ? "" : url.slice(query));
};
const answers = new Map((config.answers ?? []).map(([url, body]) => [keyOf(url), { status: 200, body }]));
const header = config.authorization;
const issued = { header, partnerId: "bench", type: "ADMIN", validTill: Date.now() + 864e5 };
const tokens = new Map([[header.slice(-32), issued]]);
const allowed = ["ADMIN", "CUSTOMER"];
const lines = config.lines;
const refusalLines = config.refusalLines ?? lines;
const limitAt = lines.indexOf("ratelimit-limit") + 1;
const limit = limitAt > 0 ? Number(lines[limitAt]) : 1e9;
const windowMs = config.windowSeconds * 1000;
/** @type {Map<string, { start: number; used: number }>} */
const windows = new Map();
/** @type {Map<number, number>} */
const statuses = new Map();
const count = (/** @type {number} */ status) => statuses.set(status, (statuses.get(status) ?? 0) + 1);

/** @param {http.ServerResponse} res @param {number} status */
function refuse(res, status) {
  count(status);
  res.writeHead(status);
  res.end();
}

/**
 * The answer with `template`'s header lines, the window's values live and the request id fresh.
 * `body` is text (UTF-8 on the wire), or a kept answer's bytes one per character (`latin1`).
 * @param {http.ServerResponse} res @param {number} status @param {string} body @param {string[]} template
 * @param {{ start: number; used: number }} window @param {number} now
 * @param {"utf8" | "latin1"} [encoding]
 */
function send(res, status, body, template, window, now, encoding = "utf8") {
  count(status);
  const out = ["content-type", "application/json; charset=utf-8"];
  for (let at = 0; at < template.length; at += 2) {
    const name = template[at];
    out.push(
      name,
      name === "ratelimit-remaining"
        ? String(limit - window.used)
        : name === "ratelimit-reset"
          ? String(Math.ceil((window.start + windowMs - now) / 1000))
          : name === "x-request-id"
            ? randomUUID()
            : template[at + 1],
    );
  }
  out.push("content-length", String(Buffer.byteLength(body, encoding)));
  res.writeHead(status, out);
  res.end(body, encoding);
}

const store = config.database ? await openStore(config.database) : undefined;

const server = http.createServer((req, res) => {
  if (!HOST.test(req.headers.host ?? "")) return refuse(res, 400);
  const given = req.headers.authorization ?? "";
  const token = tokens.get(given.slice(-32));
  const now = Date.now();
  if (!token || token.header !== given || now >= token.validTill) return refuse(res, 401);
  if (!allowed.includes(token.type)) return refuse(res, 403);
  const start = now - (now % windowMs);
  let window = windows.get(token.partnerId);
  if (!window || window.start !== start) windows.set(token.partnerId, (window = { start, used: 0 }));
  if (++window.used > limit) return refuse(res, 429);
  const url = req.url ?? "";
  if (!url.startsWith("/v1/")) return refuse(res, 404);
  const answer = answers.get(keyOf(url));
  if (answer) return send(res, answer.status, answer.body, lines, window, now, "latin1");
  if (!store || !url.startsWith(RESOLVE)) return refuse(res, 404);
  const name = nameOf(url.slice(RESOLVE.length));
  if (name === undefined) return refuse(res, 400);
  const tld = name.slice(name.lastIndexOf(".") + 1);
  // Names of other services are not this server's: the bench asks only native ones.
  if (!store.tlds.has(tld)) return refuse(res, 404);
  const held = window;
  if (!store.names.has(name)) return send(res, 404, notRegistered(name), refusalLines, held, now);
  store.ask(name).then(
    (row) => {
      const at = Date.now();
      if (row === undefined || (row.expires_at !== null && new Date(row.expires_at).getTime() <= at))
        send(res, 404, notRegistered(name), refusalLines, held, at);
      else send(res, 200, resultOf(row), lines, held, at);
    },
    (/** @type {unknown} */ error) => {
      count(500);
      res.writeHead(500);
      res.end(String(error));
    },
  );
});
server.keepAliveTimeout = 65_000;
server.listen(0, "127.0.0.1", () => {
  const address = /** @type {import("node:net").AddressInfo} */ (server.address());
  console.log("floor listening on http://127.0.0.1:" + address.port);
});

/** The API's 404 body for a native name nobody holds. @param {string} name */
function notRegistered(name) {
  return JSON.stringify({ field: "domain", info: `${name} is not registered with native.` });
}

/**
 * The name of a resolution path, normalized as the API does (plain ASCII labels are their own
 * form), or undefined when it is not a valid name.
 * @param {string} segment
 */
function nameOf(segment) {
  const query = segment.indexOf("?");
  let name = query < 0 ? segment : segment.slice(0, query);
  try {
    if (name.includes("%")) name = decodeURIComponent(name);
    if (PLAIN_NAME.test(name) && !name.split(".").some((label) => label.slice(2, 4) === "--")) return name;
    return ens_normalize(name);
  } catch {
    return undefined;
  }
}

/**
 * @typedef {{ name: string; owner_address: string; content_hash: string; expires_at: string | Date | null;
 *   wallets: { coin: string; version: string; address: string }[];
 *   dns: { name: string; ttl: number; type: string; value: string }[];
 *   texts: { key: string; value: string }[] }} RecordRow
 */

/** @param {RecordRow} row */
function resultOf(row) {
  return JSON.stringify({
    contentHash: row.content_hash,
    dnsRecords: row.dns.map(({ name, ttl, type, value }) => ({ name, ttl, type, value })),
    domain: row.name,
    nameService: "native",
    ownerAddress: row.owner_address,
    txtRecords: row.texts.map(({ key, value }) => ({ key, value })),
    wallets: row.wallets.map(({ address, coin, version }) => ({ address, coin, version })),
  });
}

/**
 * The registry's names and native TLDs, read once, and a batched reader of records.
 * @param {{ url: string } | { pglite: string }} database
 */
async function openStore(database) {
  /** @type {(sql: string, params: unknown[]) => Promise<unknown[]>} */
  let query;
  let parallel;
  if ("url" in database) {
    const pool = new pg.Pool({ connectionString: database.url, max: 4 });
    query = async (sql, params) => (await pool.query(sql, params)).rows;
    parallel = 4;
  } else {
    const db = new DirectPGlite(database.pglite, { wasmModule: await postgresModule() });
    await db.waitReady;
    const session = new Session(db, () => undefined);
    await session.script("SET client_min_messages TO warning; SET log_min_messages TO error");
    await session.loadArrayTypes();
    query = async (sql, params) => /** @type {unknown[]} */ ((await session.run(sql, params)).rows);
    parallel = 1;
  }
  const names = new Set(
    /** @type {{ name: string }[]} */ (await query(`SELECT name FROM "domain"`, [])).map((row) => row.name),
  );
  const tlds = new Set(
    /** @type {{ name: string }[]} */ (await query(`SELECT name FROM tld WHERE name_service = 'native'`, [])).map(
      (row) => row.name,
    ),
  );
  /** @type {{ names: string[]; settle: PromiseWithResolvers<Map<string, RecordRow>> }[]} */
  const pending = [];
  let running = 0;
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    while (pending.length > 0 && running < parallel) {
      const batch = /** @type {(typeof pending)[number]} */ (pending.shift());
      running++;
      query(RECORDS, [batch.names]).then(
        (rows) => {
          running--;
          batch.settle.resolve(new Map(/** @type {RecordRow[]} */ (rows).map((row) => [row.name, row])));
          schedule();
        },
        (error) => {
          running--;
          batch.settle.reject(error);
          schedule();
        },
      );
    }
  };
  // After the I/O of this turn, as the API's batches: every request that arrived with this one joins.
  const schedule = () => {
    if (scheduled || pending.length === 0 || running >= parallel) return;
    scheduled = true;
    setImmediate(flush);
  };
  return {
    names,
    tlds,
    /** @param {string} name @returns {Promise<RecordRow | undefined>} */
    ask(name) {
      let batch = pending.at(-1);
      if (!batch || batch.names.length === MAX_BATCH)
        pending.push((batch = { names: [], settle: Promise.withResolvers() }));
      batch.names.push(name);
      schedule();
      return batch.settle.promise.then((found) => found.get(name));
    },
  };
}
