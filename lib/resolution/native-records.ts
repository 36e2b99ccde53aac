import "server-only";
import { LRUCache } from "lru-cache";
import { config } from "@/lib/config";
import { database } from "@/lib/db";
import { prepared, sql, sqlBuilder } from "@/lib/db/sql";
import { Doorkeeper } from "@/lib/resolution/doorkeeper";
import { mayBeRegistered } from "@/lib/resolution/registered-names";
import { invalidatedSince, invalidationEpoch, onInvalidate } from "@/lib/db/invalidation";

// The records of native names as forward resolution reads them, kept in memory and loaded in
// batches. A name is kept from the second time it is asked (lib/resolution/doorkeeper.ts: names asked
// once do not churn the heap), a name nobody registered too (null), so asking again costs no
// query; every answer is dropped when `name:<name>` is published (registration, record edits,
// transfer, renewal), here at once and on every instance when the write commits
// (lib/db/invalidation.ts), and a load that was under way meanwhile is answered but not kept.
//
// A name the registry never held is answered null at once (lib/resolution/registered-names.ts).
//
// Names asked for while the database is busy wait for the next batch: all of them go in one
// query (`name = ANY($1)`), so fifty concurrent misses cost one round trip, not fifty queued ones.

export interface NativeRecords {
  name: string;
  ownerAddress: string;
  ownerKey: string;
  contentHash: string;
  expiresAt: Date | null;
  wallets: { coin: string; version: string; coinType: bigint; address: string }[];
  dnsRecords: { name: string; ttl: number; type: string; value: string }[];
  textRecords: { key: string; value: string }[];
}

// Each name with all its records, in the order the interface lists them: kept on the name's row
// by the record tables' triggers (prisma/migrations/20261212000000_domain_records_json), so a
// batch is one index lookup a name instead of three aggregates built for each.
const loadRecords = prepared((names: string[]) =>
  sqlBuilder
    .selectFrom("domain as d")
    .select(["d.name", "d.owner_address", "d.owner_key", "d.content_hash", "d.expires_at"])
    .select(
      sql<{ coin: string; version: string; coinType: string; address: string }[]>`d.records_wallets`.as("wallets"),
    )
    .select(sql<{ name: string; ttl: number; type: string; value: string }[]>`d.records_dns`.as("dns"))
    .select(sql<{ key: string; value: string }[]>`d.records_texts`.as("texts"))
    .where(sql<boolean>`d.name = ANY(${names}::text[])`)
    .where("d.suspended_at", "is", null),
);
type Row = Awaited<ReturnType<typeof loadRecords>>[number];

// Forward reads of a kept answer are served by the response cache (lib/http/response-cache.ts)
// before they get here; these records serve what it does not hold (other query variants, reverse
// lookups, batches, the gateway), which hot names cover. At about 700 bytes each (a heap snapshot
// after the bench's memory run), 4,096 names are 3 MB; the former 20,000 were 14 MB of the 300 MB.
export const KEPT_NAMES = 4096;
const MAX_BATCH = 500;
// Batches running at once: PGlite runs one statement at a time (one more waits in its queue, so it
// never idles for a round trip); PostgreSQL runs them side by side on the pool's connections.
const PARALLEL_BATCHES = { pglite: 2, postgres: 4 } as const;

interface Kept {
  records: NativeRecords | null;
  until: number;
}

const kept = new LRUCache<string, Kept>({ max: KEPT_NAMES });
const doorkeeper = new Doorkeeper();
// Batches not sent yet, oldest first: the last takes the names asked meanwhile until it is full.
const pending: Batch[] = [];
// Batches whose query is under way.
const sent = new Set<Batch>();
let flushScheduled = false;

/**
 * The record queries sent and the names they asked for (GET /metrics). Names over queries is how
 * many names a query carries: about the misses waiting on the database at once over the queries
 * in flight (docs/operations.md, thirty-fifth round).
 */
export const recordQueries = { sent: 0, names: 0 };

/**
 * The names one query answers, each with the promise its askers share. Made for each batch and
 * dropped whole once it has answered. Shared tables of waiting and loading names, grown and shrunk
 * by every batch, had their storage reallocated each time; with a promise and a waiter per name,
 * that was about a quarter of what survived scavenges under a stream of misses
 * (docs/operations.md, twentieth round).
 */
class Batch {
  readonly names: string[] = [];
  /** The loads a later ask may join; a name invalidated once the query is sent is left out. */
  readonly joinable = new Map<string, Promise<NativeRecords | null>>();
  private readonly settle = Promise.withResolvers<Map<string, NativeRecords>>();

  add(name: string): Promise<NativeRecords | null> {
    this.names.push(name);
    const load = this.settle.promise.then((found) => found.get(name) ?? null);
    this.joinable.set(name, load);
    return load;
  }

  /** Runs the query; its askers get their records, or the failure (also of a row it could not read). */
  async load(): Promise<void> {
    const since = invalidationEpoch();
    try {
      const rows = await loadRecords([this.names], "lookup");
      const found = new Map<string, NativeRecords>();
      for (const row of rows) found.set(row.name, recordsOf(row));
      const until = Date.now() + config().RESPONSE_CACHE_TTL_SECONDS * 1000;
      for (const name of this.names) {
        const askedBefore = doorkeeper.admit(name);
        if (askedBefore && !invalidatedSince([`name:${name}`], since))
          kept.set(ownCopy(name), { records: found.get(name) ?? null, until });
      }
      this.settle.resolve(found);
    } catch (error) {
      this.settle.reject(error);
    } finally {
      // Answered: a later ask queries again (or reads what was kept), never this load. The askers
      // resume only after this turn, so none of them can join it either.
      sent.delete(this);
      scheduleFlush();
    }
  }
}

// A request from now on must not join a load that may have read the old rows; one still waiting
// for its batch has read nothing yet and stays joinable.
onInvalidate(
  "name",
  (name) => {
    kept.delete(name);
    for (const batch of sent) batch.joinable.delete(name);
  },
  () => {
    kept.clear();
    for (const batch of sent) batch.joinable.clear();
  },
);

/**
 * The records of `name` (normalized), or null when it is not registered; expiry is the caller's to
 * judge. At once when known without a query (kept, or a name the registry never held), so that a
 * caller with nothing else to wait for answers in the turn it was asked; a promise otherwise.
 */
export function nativeRecords(name: string): NativeRecords | null | Promise<NativeRecords | null> {
  const hit = kept.get(name);
  if (hit && hit.until > Date.now()) return hit.records;
  if (!mayBeRegistered(name)) return null;
  const under = joinableLoad(name);
  if (under) return under;
  let batch = pending.at(-1);
  if (!batch || batch.names.length === MAX_BATCH) pending.push((batch = new Batch()));
  const load = batch.add(name);
  scheduleFlush();
  return load;
}

function joinableLoad(name: string): Promise<NativeRecords | null> | undefined {
  for (const batch of pending) {
    const load = batch.joinable.get(name);
    if (load) return load;
  }
  for (const batch of sent) {
    const load = batch.joinable.get(name);
    if (load) return load;
  }
  return undefined;
}

function scheduleFlush(): void {
  if (flushScheduled || pending.length === 0 || sent.size >= PARALLEL_BATCHES[database().kind]) return;
  flushScheduled = true;
  // After the I/O of this turn: every request that arrived with this one joins its batch.
  setImmediate(flush);
}

function flush(): void {
  flushScheduled = false;
  while (pending.length > 0 && sent.size < PARALLEL_BATCHES[database().kind]) {
    const batch = pending.shift()!;
    recordQueries.sent++;
    recordQueries.names += batch.names.length;
    sent.add(batch);
    void batch.load();
  }
}

/**
 * The name as a string of its own. A name taken from a request is a slice of the request's URL and
 * would keep the whole URL alive as long as the entry (40,000 URLs in the heap snapshot).
 */
function ownCopy(name: string): string {
  return JSON.parse(JSON.stringify(name)) as string;
}

/** How many names are kept (tests check the bound). */
export function keptNameCount(): number {
  return kept.size;
}

function recordsOf(row: Row): NativeRecords {
  return {
    name: row.name,
    ownerAddress: row.owner_address,
    ownerKey: row.owner_key,
    contentHash: row.content_hash,
    expiresAt: row.expires_at === null ? null : new Date(row.expires_at),
    wallets: row.wallets.map((wallet) => ({ ...wallet, coinType: BigInt(wallet.coinType) })),
    dnsRecords: row.dns,
    textRecords: row.texts,
  };
}
