import "server-only";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { PrismaClient } from "@prisma/client";
import type { SqlDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { config, usesPostgresServer } from "@/lib/config";
import { serveInArrivalOrder } from "./arrival-order";
import { migrate } from "./migrate";
import { watchReads } from "./read-watchdog";
import { logger } from "@/lib/log";
import type { Database, Row } from "./types";

// One database handle for the process: Prisma for the domain code, plus a raw query function
// for the few hot paths and for migrations. PGlite (embedded, one process) by default,
// PostgreSQL when DATABASE_URL is a postgres URL.

export type { Database, Row } from "./types";

export interface OpenOptions {
  /** postgres:// URL; otherwise PGlite. */
  url?: string;
  /** PGlite data directory; in memory when absent. */
  dataDir?: string;
  /** Apply pending migrations (default true). */
  migrate?: boolean;
  poolSize?: number;
}

const holder = globalThis as { __namesvcDb?: Database };

export function db(): PrismaClient {
  return database().prisma;
}

export function database(): Database {
  if (!holder.__namesvcDb) throw new Error("The database is not open: call openDatabase() at start-up.");
  return holder.__namesvcDb;
}

export function isDatabaseOpen(): boolean {
  return holder.__namesvcDb !== undefined;
}

/** Opens the database the configuration names (PGlite under DATA_DIR, or PostgreSQL). */
export async function openConfiguredDatabase(): Promise<Database> {
  const cfg = config();
  if (usesPostgresServer(cfg)) return openDatabase({ url: cfg.DATABASE_URL });
  return openDatabase({ dataDir: path.resolve(cfg.DATA_DIR, "pglite") });
}

export async function openDatabase(options: OpenOptions = {}): Promise<Database> {
  if (holder.__namesvcDb) return holder.__namesvcDb;
  const opened = options.url ? await openPostgres(options.url, options.poolSize) : await openPglite(options.dataDir);
  if (options.migrate !== false) await migrate(opened);
  holder.__namesvcDb = opened;
  return opened;
}

export async function closeDatabase(): Promise<void> {
  const current = holder.__namesvcDb;
  holder.__namesvcDb = undefined;
  await current?.close();
}

async function openPglite(dataDir?: string): Promise<Database> {
  const { PrismaPGlite } = await import("pglite-prisma-adapter");
  const { EmbeddedDatabase } = await import("./embedded");
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // PGlite runs in a worker thread of its own (lib/db/pglite-host.mjs): no query runs on this thread.
  const host = await EmbeddedDatabase.start(dataDir);
  // The adapter is typed against PGlite itself and an older driver-adapter-utils; it only calls
  // query, exec and transaction, which the host's client provides, and passes values through.
  const adapter = new PrismaPGlite(host.prismaClient() as never) as unknown as SqlDriverAdapterFactory;
  const prisma = new PrismaClient({ adapter });
  const session = {
    async query<T extends Row>(text: string, params: unknown[] = []) {
      return (await host.query<T>(text, params)).rows;
    },
    async exec(script: string) {
      await host.exec(script);
    },
  };
  return {
    kind: "pglite",
    prisma,
    ...session,
    lookup: session.query,
    withConnection: (work) => work(session),
    listen: (channel, onPayload, onLost) => host.listen(channel, onPayload, onLost),
    async close() {
      await prisma.$disconnect();
      await host.close();
    },
  };
}

/** How many distinct lookup statements are prepared by name on each lookup connection. */
const LOOKUP_STATEMENTS = 32;
// "cached plan must not change result type", "invalid SQL statement name".
const STALE_STATEMENT_CODES = new Set(["0A000", "26000"]);

// Resolution's lookups (`name = ANY($1)` and two by address) are planned once per statement: left
// to choose, PostgreSQL planned `name = ANY($1)` anew on every execution (its generic plan, costed
// for ten names, looked dearer than the custom plans it had made), and under cache misses the
// database took about a quarter more CPU per answer than with one plan (docs/operations.md,
// thirty-second round). The generic plans are the index scans the custom ones were. Set on the
// lookup connections only, at connection start: the main pool's statements (Prisma's, the market's)
// keep PostgreSQL's own choice.
const LOOKUP_SESSION_OPTIONS = "-c plan_cache_mode=force_generic_plan";

/**
 * The startup options of the lookup connections: LOOKUP_SESSION_OPTIONS, unless whatever answers
 * at `url` refuses a connection that carries them and accepts one without (PgBouncer refuses a
 * setting it does not track; an engine may not know the setting): the lookups then connect without
 * them and are planned as the database chooses. A refusal of both (a wrong password) or no answer
 * at all says nothing about the options: they are kept, and the start fails at its migrations as
 * before (where nothing answers, after one connection timeout more). Options in DATABASE_URL take
 * their place.
 */
async function lookupSessionOptions(
  pg: typeof import("pg").default,
  url: string,
  timeoutMs: number,
): Promise<string | undefined> {
  const connects = async (options: string | undefined) => {
    const probe = new pg.Client({ connectionString: url, options, connectionTimeoutMillis: timeoutMs });
    try {
      await probe.connect();
      return true;
    } catch (error) {
      return error as Error;
    } finally {
      await probe.end().catch(() => undefined);
    }
  };
  const refused = await connects(LOOKUP_SESSION_OPTIONS);
  // Only an answer (not a socket's error or a timeout) can be a refusal of the options.
  if (refused === true || !(refused instanceof pg.DatabaseError) || (await connects(undefined)) !== true)
    return LOOKUP_SESSION_OPTIONS;
  logger("db").warn(
    `the database refused the lookup connections' options (${refused.message}); ` +
      "their lookups are planned as it chooses",
  );
  return undefined;
}

async function openPostgres(url: string, poolSize = config().DB_POOL_SIZE): Promise<Database> {
  const pg = (await import("pg")).default;
  const { PrismaPg } = await import("@prisma/adapter-pg");
  const cfg = config();
  const unwatch: (() => void)[] = [];
  // With the server down or stalled, a request fails within these bounds (503) instead of waiting.
  const poolOf = (max: number, options?: string) => {
    const pool = new pg.Pool({
      connectionString: url,
      max,
      options,
      connectionTimeoutMillis: cfg.DB_CONNECT_TIMEOUT_MS,
      statement_timeout: cfg.DB_STATEMENT_TIMEOUT_MS,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    pool.on("error", (error) => logger("db").error(`idle client error: ${error.message}`));
    // A server that stops answering (not refusing) cannot enforce statement_timeout itself.
    unwatch.push(watchReads(pool, cfg.DB_STATEMENT_TIMEOUT_MS + 2000));
    return pool;
  };
  const pool = poolOf(poolSize);
  serveInArrivalOrder(pool, poolSize, cfg.DB_CONNECT_TIMEOUT_MS);
  const lookups = poolOf(cfg.DB_LOOKUP_POOL_SIZE, await lookupSessionOptions(pg, url, cfg.DB_CONNECT_TIMEOUT_MS));
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  const listeners = new Set<InstanceType<typeof pg.Client>>();
  let closed = false;
  // Resolution's lookups are a few fixed statements run thousands of times a second: each is
  // prepared once per connection under a name and then only bound and executed. Sent unnamed, the
  // server parsed and planned it every time: about 170 µs of its CPU a batch, against 70 to 90
  // named, and 15 to 20% more of ours (docs/operations.md, thirty-first round). Only the first
  // LOOKUP_STATEMENTS texts get a name, so a caller building its text per call cannot make every
  // connection keep statements without bound; later ones go unnamed, as before.
  const statementNames = new Map<string, string>();
  const lookupStatementName = (text: string): string | undefined => {
    let name = statementNames.get(text);
    if (name === undefined && statementNames.size < LOOKUP_STATEMENTS)
      statementNames.set(text, (name = `namesvc_lookup_${statementNames.size + 1}`));
    return name;
  };
  return {
    kind: "postgres",
    prisma,
    async query<T extends Row>(text: string, params: unknown[] = []) {
      return (await pool.query(text, params)).rows as T[];
    },
    async lookup<T extends Row>(text: string, params: unknown[] = []) {
      const name = lookupStatementName(text);
      try {
        return (await lookups.query({ name, text, values: params })).rows as T[];
      } catch (error) {
        // A statement prepared before a migration changed the columns it returns (another instance
        // migrated) fails on its connection, which the pool then closes; sent unnamed, it is parsed
        // against the schema as it is now.
        if (name === undefined || !STALE_STATEMENT_CODES.has((error as { code?: unknown }).code as string)) throw error;
        return (await lookups.query(text, params)).rows as T[];
      }
    },
    async exec(script) {
      await pool.query(script);
    },
    async withConnection(work) {
      const client = await pool.connect();
      try {
        return await work({
          query: async <T extends Row>(text: string, params: unknown[] = []) =>
            (await client.query(text, params)).rows as T[],
          exec: async (script: string) => void (await client.query(script)),
        });
      } finally {
        client.release();
      }
    },
    async listen(channel, onPayload, onLost) {
      let client: InstanceType<typeof pg.Client> | undefined;
      let stopped = false;
      const connect = async (): Promise<void> => {
        const next = new pg.Client({ connectionString: url });
        next.on("notification", (message) => {
          if (message.channel === channel) onPayload(message.payload ?? "");
        });
        next.on("error", () => undefined);
        next.on("end", () => {
          listeners.delete(next);
          if (stopped || closed) return;
          onLost?.();
          setTimeout(() => void connect().catch(() => next.emit("end")), 1000).unref();
        });
        await next.connect();
        await next.query(`LISTEN "${channel.replace(/"/g, "")}"`);
        listeners.add(next);
        client = next;
      };
      await connect();
      return async () => {
        stopped = true;
        if (client) listeners.delete(client);
        await client?.end().catch(() => undefined);
      };
    },
    async close() {
      closed = true;
      for (const stop of unwatch) stop();
      await Promise.all([...listeners].map((client) => client.end().catch(() => undefined)));
      await prisma.$disconnect();
      await Promise.all([pool.end(), lookups.end()]);
    },
  };
}
