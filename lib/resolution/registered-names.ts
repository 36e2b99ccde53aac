import "server-only";
import { database, isDatabaseOpen, type Database } from "@/lib/db";
import { onInvalidate } from "@/lib/db/invalidation";
import { prepared, sqlBuilder } from "@/lib/db/sql";
import { errorText, logger } from "@/lib/log";
import { hashTwice } from "./string-hashes";

// Which names the registry may hold, kept in memory as a Bloom filter of every row of the domain
// table (suspended, expired and unused rows too), so that a name it never held is answered as
// unregistered without a query: a client probing unique names (an availability sweep, a crawler, a
// flood of random labels) costs the database nothing. The filter never says no to a name the table
// holds: it is read page by page after this process subscribed to `name:` invalidations, and every
// name published from then on is added (a registration publishes `name:<name>` here at once and on
// every instance when it commits, lib/registry/register-name.ts). So another instance's new name is
// unknown here until its notification arrives, as a kept answer is (lib/resolution/native-records.ts).
// Names are never taken out: a revoked one costs a query, as before. Until the filter is read, and
// again after the listening connection was lost (notifications may be missing), every name is asked
// of the database.

const PAGE_NAMES = 5_000;
// 16 bits a name and 4 probes: about 0.24% of the names never held still cost a query.
const BITS_PER_NAME = 16;
const PROBES = 4;
const MIN_BITS = 1 << 20;
// After a lost listening connection the filter is read again once it reconnected (lib/db/index.ts
// tries again after a second; every failed try reports another loss and postpones this).
const READ_AFTER_LOSS_MS = 3_000;
const READ_AFTER_FAILURE_MS = 5_000;

export class NameFilter {
  private readonly bits: Int32Array;
  private readonly mask: number;
  private readonly hashes = new Uint32Array(2);
  /** Names added; past `capacity` the filter answers "maybe" too often and is read again, larger. */
  count = 0;
  readonly capacity: number;

  constructor(expectedNames: number) {
    let size = MIN_BITS;
    while (size < (expectedNames + (expectedNames >>> 2)) * BITS_PER_NAME) size *= 2;
    this.bits = new Int32Array(size >>> 5);
    this.mask = size - 1;
    this.capacity = size / BITS_PER_NAME;
  }

  add(name: string): void {
    hashTwice(name, this.hashes);
    const step = this.hashes[1] | 1;
    for (let i = 0, bit = this.hashes[0]; i < PROBES; i++, bit = (bit + step) >>> 0) {
      const at = bit & this.mask;
      this.bits[at >>> 5] |= 1 << (at & 31);
    }
    this.count++;
  }

  /** False only for a name never added. */
  mayHold(name: string): boolean {
    hashTwice(name, this.hashes);
    const step = this.hashes[1] | 1;
    for (let i = 0, bit = this.hashes[0]; i < PROBES; i++, bit = (bit + step) >>> 0) {
      const at = bit & this.mask;
      if ((this.bits[at >>> 5] & (1 << (at & 31))) === 0) return false;
    }
    return true;
  }
}

interface State {
  filter: NameFilter | null;
  /** The database the filter was read from: another one (tests open several) is read anew. */
  readFor: Database | null;
  reading: Promise<void> | null;
  /** Names published while a read is under way, added when it ends. */
  published: string[] | null;
  /** Bumped when a read under way may have missed names (a lost listener): its result is dropped. */
  generation: number;
  notBefore: number;
  subscribed: boolean;
}

// One per process, on globalThis: under Next.js several route bundles carry this module.
const SLOT = Symbol.for("namesvc.registered-names");
const state = ((globalThis as { [SLOT]?: State })[SLOT] ??= {
  filter: null,
  readFor: null,
  reading: null,
  published: null,
  generation: 0,
  notBefore: 0,
  subscribed: false,
});

if (!state.subscribed) {
  state.subscribed = true;
  onInvalidate(
    "name",
    (name) => {
      state.published?.push(name);
      const filter = state.filter;
      if (!filter) return;
      filter.add(name);
      if (filter.count > filter.capacity) state.filter = null;
    },
    () => {
      state.filter = null;
      state.generation++;
      state.notBefore = Date.now() + READ_AFTER_LOSS_MS;
    },
  );
}

const countNames = prepared(() => sqlBuilder.selectFrom("domain").select((eb) => eb.fn.countAll<string>().as("names")));
const namesAfter = prepared((after: string, limit: number) =>
  sqlBuilder.selectFrom("domain").select("name").where("name", ">", after).orderBy("name").limit(limit),
);

/**
 * False when the registry never held `name` (normalized): no query needed to call it unregistered.
 * True when it may (or while the names are being read).
 */
export function mayBeRegistered(name: string): boolean {
  const filter = currentFilter();
  if (filter) return filter.mayHold(name);
  void readRegisteredNames();
  return true;
}

/** The filter, when it was read from the open database and is still to be trusted. */
function currentFilter(): NameFilter | null {
  return state.readFor === database() ? state.filter : null;
}

/** Reads the registry's names into the filter unless it is read or being read; resolves when done. */
export function readRegisteredNames(): Promise<void> {
  if (currentFilter()) return Promise.resolve();
  if (state.reading) return state.reading;
  if (Date.now() < state.notBefore) return Promise.resolve();
  const generation = state.generation;
  const db = database();
  state.published = [];
  state.reading = readAll()
    .then(
      (filter) => {
        for (const name of state.published ?? []) filter.add(name);
        if (generation === state.generation && isDatabaseOpen() && database() === db) {
          state.filter = filter;
          state.readFor = db;
        }
      },
      (error: unknown) => {
        state.notBefore = Date.now() + READ_AFTER_FAILURE_MS;
        logger("resolve").warn(`reading the registry's names failed: ${errorText(error)}`);
      },
    )
    .finally(() => {
      state.reading = null;
      state.published = null;
    });
  return state.reading;
}

async function readAll(): Promise<NameFilter> {
  const [{ names }] = await countNames([]);
  const filter = new NameFilter(Number(names));
  let after = "";
  for (;;) {
    const page = await namesAfter([after, PAGE_NAMES]);
    for (const row of page) filter.add(row.name);
    if (page.length < PAGE_NAMES) return filter;
    after = page[page.length - 1].name;
  }
}
