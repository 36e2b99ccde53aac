import "server-only";
import { config, type Config } from "@/lib/config";
import { isDatabaseOpen } from "@/lib/db";
import { keptResults } from "@/lib/memo/kept-results";
import { prepared, run, sql, sqlBuilder } from "@/lib/db/sql";
import { clientAddress } from "./client-address";
import { ApiError } from "@/lib/contract/errors";
import { countsPerToken, type RateLimitClass } from "./route-policy";
import { errorText, logger } from "@/lib/log";

// Fixed-window rate limits, per partner or per client address, shared by every instance through the
// rate_limit_window table, without a database call on the request path. Windows are aligned to the
// epoch (a 60 s window ends at every whole minute), so instances agree on them without talking.
// Each instance counts in memory and, every RATE_LIMIT_FLUSH_MS, adds its unflushed increments to
// the shared rows in one statement that returns the global counts. A request is admitted while the
// last known global count plus this instance's increments since stays under the limit. Between
// flushes the instances may together admit up to (instances x request rate x flush interval) more
// than the limit; a fixed window also lets a client spend two windows' worth across a boundary.
// When the database is unreachable the limits hold per instance and the increments wait for the
// next flush.

export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
}

export interface FlushItem {
  key: string;
  increment: number;
  resetAt: number;
}

/** Adds increments to the shared counters; returns each key's global count in its window. */
export type CounterStore = (items: FlushItem[]) => Promise<{ key: string; count: number; resetAt: number }[]>;

interface Counter {
  resetAt: number;
  /** Global count as of the last flush that reached the database (includes our flushed hits). */
  global: number;
  /** Increments sent in a flush that has not answered yet. */
  inFlight: number;
  /** Increments not sent yet. */
  pending: number;
}

export interface RateLimiterOptions {
  windowSeconds: number;
  flushMs: number;
  store: CounterStore;
  now?: () => number;
  onStoreError?: (error: unknown) => void;
}

/** Counters kept at most; past this, ended windows are dropped at the next flush. */
const MAX_COUNTERS = 100_000;

export class RateLimiter {
  private readonly counters = new Map<string, Counter>();
  private readonly dirty = new Set<string>();
  private readonly windowMs: number;
  private readonly now: () => number;
  private timer: ReturnType<typeof setInterval> | undefined;
  private flushing: Promise<void> | undefined;
  private nextSweep = 0;

  constructor(private readonly options: RateLimiterOptions) {
    this.windowMs = options.windowSeconds * 1000;
    this.now = options.now ?? Date.now;
  }

  /**
   * Counts `cost` requests under `key` if the limit admits all of them (a batch counts each of
   * its items); a refused hit counts nothing.
   */
  hit(key: string, limit: number, cost = 1): RateLimitDecision {
    const now = this.now();
    const resetAt = (Math.floor(now / this.windowMs) + 1) * this.windowMs;
    let counter = this.counters.get(key);
    if (!counter) {
      counter = { resetAt, global: 0, inFlight: 0, pending: 0 };
      this.counters.set(key, counter);
    } else if (counter.resetAt !== resetAt) {
      counter.resetAt = resetAt;
      counter.global = counter.inFlight = counter.pending = 0;
    }
    const resetSeconds = Math.ceil((resetAt - now) / 1000);
    const used = counter.global + counter.inFlight + counter.pending;
    if (used + cost > limit) return { allowed: false, limit, remaining: Math.max(limit - used, 0), resetSeconds };
    counter.pending += cost;
    this.dirty.add(key);
    this.timer ??= setInterval(() => void this.flush(), this.options.flushMs).unref();
    return { allowed: true, limit, remaining: limit - used - cost, resetSeconds };
  }

  /** True when `key` has spent its limit in the current window (nothing is counted). */
  spent(key: string, limit: number): boolean {
    const counter = this.counters.get(key);
    if (!counter) return false;
    const resetAt = (Math.floor(this.now() / this.windowMs) + 1) * this.windowMs;
    return counter.resetAt === resetAt && counter.global + counter.inFlight + counter.pending >= limit;
  }

  /** Sends the unflushed increments; concurrent calls share one flush. */
  flush(): Promise<void> {
    this.flushing ??= this.flushOnce().finally(() => (this.flushing = undefined));
    return this.flushing;
  }

  private async flushOnce(): Promise<void> {
    const now = this.now();
    if (now >= this.nextSweep || this.counters.size > MAX_COUNTERS) this.sweep(now);
    if (this.dirty.size === 0) return;
    const items: FlushItem[] = [];
    for (const key of this.dirty) {
      const counter = this.counters.get(key);
      if (!counter || counter.pending === 0 || counter.resetAt <= now) continue;
      items.push({ key, increment: counter.pending, resetAt: counter.resetAt });
      counter.inFlight += counter.pending;
      counter.pending = 0;
    }
    this.dirty.clear();
    if (items.length === 0) return;
    // One lock order for every instance, so concurrent flushes cannot deadlock.
    items.sort((a, b) => (a.key < b.key ? -1 : 1));
    try {
      const rows = await this.options.store(items);
      const globals = new Map(rows.map((row) => [row.key, row]));
      for (const item of items) {
        const counter = this.counters.get(item.key);
        if (!counter || counter.resetAt !== item.resetAt) continue;
        counter.inFlight -= item.increment;
        const row = globals.get(item.key);
        if (row && row.resetAt === item.resetAt) counter.global = Math.max(counter.global, row.count);
        else counter.global += item.increment;
      }
    } catch (error) {
      for (const item of items) {
        const counter = this.counters.get(item.key);
        if (!counter || counter.resetAt !== item.resetAt) continue;
        counter.inFlight -= item.increment;
        counter.pending += item.increment;
        this.dirty.add(item.key);
      }
      this.options.onStoreError?.(error);
    }
  }

  /** Drops counters of ended windows with nothing left to send. */
  private sweep(now: number): void {
    this.nextSweep = now + this.windowMs;
    for (const [key, counter] of this.counters) {
      if (counter.resetAt <= now && counter.inFlight === 0) {
        this.counters.delete(key);
        this.dirty.delete(key);
      }
    }
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}

// Each window's count grows by its increment, or starts again when the window is newer.
const addToWindows = prepared((keys: string[], increments: number[], resetAts: string[]) =>
  sqlBuilder
    .insertInto("rate_limit_window")
    .columns(["key", "count", "reset_at"])
    .expression(sql`SELECT * FROM unnest(${keys}::text[], ${increments}::int[], ${resetAts}::timestamptz[])`)
    .onConflict((conflict) =>
      conflict.column("key").doUpdateSet({
        count: sql`CASE
          WHEN rate_limit_window.reset_at < excluded.reset_at THEN excluded.count
          WHEN rate_limit_window.reset_at = excluded.reset_at THEN rate_limit_window.count + excluded.count
          ELSE rate_limit_window.count END`,
        reset_at: sql`GREATEST(rate_limit_window.reset_at, excluded.reset_at)`,
      }),
    )
    .returning(["key", "count", "reset_at"]),
);

const PRUNE_EVERY_MS = 10 * 60_000;
let lastPrune = Date.now();

/** The shared table of the open database. Rows of windows long ended are deleted now and then. */
export const databaseCounterStore: CounterStore = async (items) => {
  if (!isDatabaseOpen()) throw new Error("The database is not open.");
  const rows = await addToWindows([
    items.map((item) => item.key),
    items.map((item) => item.increment),
    items.map((item) => new Date(item.resetAt).toISOString()),
  ]);
  if (Date.now() - lastPrune > PRUNE_EVERY_MS) {
    lastPrune = Date.now();
    await run(sqlBuilder.deleteFrom("rate_limit_window").where(sql<boolean>`reset_at < now() - interval '1 hour'`));
  }
  return rows.map((row) => ({ key: row.key, count: Number(row.count), resetAt: new Date(row.reset_at).getTime() }));
};

function limitOf(limitClass: RateLimitClass, cfg: Config = config()): number {
  switch (limitClass) {
    case "resolve":
      return cfg.RATE_LIMIT_RESOLVE_PER_TOKEN;
    case "partner":
      return cfg.RATE_LIMIT_PARTNER_PER_TOKEN;
    case "read":
      return cfg.RATE_LIMIT_READ_PER_ADDRESS;
    case "purchase":
      return cfg.RATE_LIMIT_PURCHASE_PER_ADDRESS;
    case "lookup":
      return cfg.RATE_LIMIT_LOOKUP_PER_ADDRESS;
    case "owner":
      return cfg.RATE_LIMIT_OWNER_PER_ADDRESS;
  }
}

let shared: { cfg: Config; limiter: RateLimiter } | undefined;
let storeFailing = false;
let clock: () => number = Date.now;

/** Fixes the process limiter's clock: tests keep their requests in one window, whatever the time. */
export function setRateLimitClock(now: () => number = Date.now): void {
  clock = now;
}

/** The process's limiter, or null when rate limits are disabled. */
export function rateLimiter(): RateLimiter | null {
  const cfg = config();
  if (!cfg.RATE_LIMIT_ENABLED) return null;
  if (shared?.cfg !== cfg) {
    shared?.limiter.stop();
    const limiter = new RateLimiter({
      windowSeconds: cfg.RATE_LIMIT_WINDOW_SECONDS,
      flushMs: cfg.RATE_LIMIT_FLUSH_MS,
      now: () => clock(),
      store: async (items) => {
        const rows = await databaseCounterStore(items);
        if (storeFailing) logger("rate-limit").warn("shared counters reachable again");
        storeFailing = false;
        return rows;
      },
      onStoreError: (error) => {
        if (!storeFailing)
          logger("rate-limit").warn(`shared counters unreachable, limiting per instance: ${errorText(error)}`);
        storeFailing = true;
      },
    });
    shared = { cfg, limiter };
  }
  return shared.limiter;
}

/**
 * The IETF draft's RateLimit-* fields (delta-seconds reset), sent on every limited endpoint. Named
 * in lower case, as they go out: lower-casing a name already so costs no new string per request.
 */
export function setRateLimitHeaders(headers: Headers, decision: RateLimitDecision): void {
  headers.set("ratelimit-limit", String(decision.limit));
  headers.set("ratelimit-remaining", String(decision.remaining));
  headers.set("ratelimit-reset", String(decision.resetSeconds));
}

function tooManyRequests(decision: RateLimitDecision, per: "partner" | "address"): ApiError {
  const seconds = String(decision.resetSeconds);
  return new ApiError(
    429,
    "rate",
    `Too many requests: at most ${decision.limit} per ${config().RATE_LIMIT_WINDOW_SECONDS} seconds per ` +
      `${per === "partner" ? "partner (all its access tokens together)" : "client address"}; retry in ${seconds} ` +
      "seconds.",
    {
      "Retry-After": seconds,
      "RateLimit-Limit": String(decision.limit),
      "RateLimit-Remaining": String(decision.remaining),
      "RateLimit-Reset": seconds,
    },
  );
}

// Counter keys by kind and class, then by partner or address: a caller's key is made once, and a
// key string already hashed is what the limiter's maps look up (a key built per request is a new
// string to hash each time). Bounded; emptied when full.
const MAX_KEYS_PER_CLASS = 10_000;
const counterKeys = {
  p: new Map<string, (id: string) => string>(),
  a: new Map<string, (id: string) => string>(),
};

function counterKey(kind: "p" | "a", limitClass: string, id: string): string {
  const byClass = counterKeys[kind];
  let keyOf = byClass.get(limitClass);
  if (keyOf === undefined)
    byClass.set(limitClass, (keyOf = keptResults((of: string) => `${kind}:${limitClass}:${of}`, MAX_KEYS_PER_CLASS)));
  return keyOf(id);
}

/**
 * Counts the request (or `cost` requests: a batch counts each item, an outbound lookup what it
 * cost) against its class's limit: per partner where the endpoint authenticates, so every token
 * of a partner draws on one budget (issue 32: a new token is no new budget), and per client
 * address otherwise. Throws the 429 when the limit does not admit it.
 */
export function enforceRateLimit(
  limitClass: RateLimitClass | null,
  request: Request,
  partnerId: string | undefined,
  cost = 1,
): RateLimitDecision | undefined {
  if (limitClass === null) return undefined;
  const limiter = rateLimiter();
  if (!limiter) return undefined;
  const perPartner = partnerId !== undefined && countsPerToken(limitClass);
  const key = perPartner ? counterKey("p", limitClass, partnerId) : counterKey("a", limitClass, clientAddress(request));
  const decision = limiter.hit(key, limitOf(limitClass), cost);
  if (!decision.allowed) throw tooManyRequests(decision, perPartner ? "partner" : "address");
  return decision;
}

/**
 * Failed authentications (401s) of one client address: past RATE_LIMIT_AUTH_FAILURES_PER_ADDRESS
 * in a window, a failed authentication is answered 429 until the window ends.
 */
export interface AuthFailureBudget {
  /** True when the address has no failures left in this window. */
  spent(): boolean;
  /** Counts one failure. */
  count(): void;
  /** The 429 of a spent budget. */
  refusal(): ApiError;
}

export function authFailureBudget(request: Request): AuthFailureBudget | undefined {
  const limiter = rateLimiter();
  if (!limiter) return undefined;
  const limit = config().RATE_LIMIT_AUTH_FAILURES_PER_ADDRESS;
  const key = `a:auth-failure:${clientAddress(request)}`;
  return {
    spent: () => limiter.spent(key, limit),
    count: () => void limiter.hit(key, limit),
    refusal() {
      const decision = limiter.hit(key, limit, 0);
      const seconds = String(decision.resetSeconds);
      return new ApiError(
        429,
        "rate",
        `Too many failed authentications: at most ${limit} per ${config().RATE_LIMIT_WINDOW_SECONDS} ` +
          `seconds per client address; retry in ${seconds} seconds.`,
        { "Retry-After": seconds },
      );
    },
  };
}
