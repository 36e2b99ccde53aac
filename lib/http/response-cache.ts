import "server-only";
import { config, responseCacheMb } from "@/lib/config";
import { keptResults } from "@/lib/memo/kept-results";
import { invalidatedSince, invalidationEpoch, onAnyInvalidation } from "@/lib/db/invalidation";
import { ApiError } from "@/lib/contract/errors";
import { Doorkeeper } from "@/lib/resolution/doorkeeper";
import { keptRefusalTags } from "@/lib/resolution/kept-refusals";
import { headerListOf, jsonFromList, serializedBodyOf, type Answer } from "./handler";

// Serialized bodies of read endpoints, by request key, so a warm read costs no query and no
// serialization. Each entry names the tags it was computed from (`name:alice.web3`,
// `order:<id>`…); a write publishes those tags through lib/db/invalidation.ts and every instance
// drops the entries. Entries also age out (RESPONSE_CACHE_TTL_SECONDS) since some answers depend
// on the clock (expiry of names and page tokens). Bounded by total bytes, least recently used first.
// A refusal that only a write can change (a name nobody registered) is kept the same way, as the
// error to throw again, so asking for an unknown name again costs no query. An answer is kept
// from the second time its key is asked (lib/resolution/doorkeeper.ts): keys asked once, such as a
// client's stream of unique names, fill neither the cache nor the heap.

export interface CachedResponse {
  status: number;
  /** A kept refusal: answered again (the endpoint's wrapper renders it) instead of a body. */
  error?: ApiError;
  /** The body's bytes: a Buffer, or a string holding them one per character (latin1). */
  body: Buffer | string;
  /** As node:http takes them: [name, value, …]. */
  headers: readonly string[];
  tags: readonly string[];
}

// A class, so that tens of thousands of entries share one hidden class (object literals built by
// spreading ended up with one each: ~250 bytes of shape per entry).
class Entry implements CachedResponse {
  /** Read since it last reached the front of the eviction order (second chance). */
  used = false;

  constructor(
    readonly status: number,
    /**
     * One character per byte: a one-byte string costs its length and a 16-byte header, where a
     * Buffer costs two objects and a native allocation besides.
     */
    readonly body: string,
    readonly headers: readonly string[],
    readonly tags: readonly string[],
    readonly expiresAt: number,
    readonly error: ApiError | undefined,
  ) {}
}

/**
 * A flat copy of a string. Keys and tags are built by concatenation (a rope of the parts, one of
 * which may be a slice of the whole request URL); a long-lived key should hold only its own characters.
 */
function flat(text: string): string {
  return JSON.parse(JSON.stringify(text)) as string;
}

// What an entry costs besides its body: the Map slot, the key, the entry object, its tag index.
const ENTRY_OVERHEAD_BYTES = 400;
// A kept refusal: the error object, its message and its stack as text.
const ERROR_BYTES = 1024;

function sizeOf(key: string, body: string, error: ApiError | undefined): number {
  return body.length + key.length + ENTRY_OVERHEAD_BYTES + (error ? ERROR_BYTES : 0);
}

// Cached responses of one endpoint carry the same few headers; one shared list serves them all.
const sharedHeaders = keptResults(
  (text: string): readonly string[] => Object.freeze(JSON.parse(text) as string[]),
  1000,
);

function intern(headers: readonly string[]): readonly string[] {
  return sharedHeaders(JSON.stringify(headers));
}

export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  // A tag's keys: most tags name one entry, kept as a bare string rather than a Set of one.
  private readonly keysByTag = new Map<string, string | Set<string>>();
  private bytes = 0;
  /** Where eviction goes on from: see evictOne(). */
  private hand: MapIterator<[string, Entry]> | undefined;

  constructor(
    private readonly maxBytes: number,
    private readonly ttlMs: number,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: string, now = Date.now()): Entry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= now) {
      this.delete(key);
      return undefined;
    }
    // A read only marks the entry; eviction passes a marked entry once, clearing its mark, instead
    // of dropping it (the second-chance approximation of least-recently-used, without a Map write
    // per hit: evictOne()).
    entry.used = true;
    return entry;
  }

  set(key: string, entry: CachedResponse, now = Date.now()): void {
    this.delete(key);
    const body = typeof entry.body === "string" ? entry.body : entry.body.toString("latin1");
    const size = sizeOf(key, body, entry.error);
    if (size > this.maxBytes / 16) return;
    key = flat(key);
    const tags = entry.tags.map(flat);
    this.entries.set(key, new Entry(entry.status, body, intern(entry.headers), tags, now + this.ttlMs, entry.error));
    this.bytes += size;
    for (const tag of tags) {
      const keys = this.keysByTag.get(tag);
      if (keys === undefined) this.keysByTag.set(tag, key);
      else if (typeof keys === "string") {
        if (keys !== key) this.keysByTag.set(tag, new Set([keys, key]));
      } else keys.add(key);
    }
    while (this.bytes > this.maxBytes) this.evictOne();
  }

  /**
   * Drops the first entry the hand finds unread since it last passed, clearing the marks of those
   * read meanwhile (second chance, the clock algorithm). The hand is a live iterator of the Map, so
   * each eviction goes on from where the last one stopped. Walking from the first entry each time,
   * as this did, crossed every entry deleted since the Map last rebuilt its table (they stay there
   * as holes, in front): at 20,000 entries, about 10 µs for each answer a full cache took in.
   */
  private evictOne(): void {
    for (;;) {
      let next = this.hand?.next();
      if (next === undefined || next.done) {
        this.hand = this.entries.entries();
        next = this.hand.next();
        if (next.done) return;
      }
      const [key, entry] = next.value;
      if (!entry.used) return this.delete(key);
      entry.used = false;
    }
  }

  dropTag(tag: string): void {
    const keys = this.keysByTag.get(tag);
    if (keys === undefined) return;
    for (const key of typeof keys === "string" ? [keys] : [...keys]) this.delete(key);
  }

  clear(): void {
    this.entries.clear();
    this.hand = undefined;
    this.keysByTag.clear();
    this.bytes = 0;
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= sizeOf(key, entry.body, entry.error);
    for (const tag of entry.tags) {
      const keys = this.keysByTag.get(tag);
      if (keys === key) this.keysByTag.delete(tag);
      else if (typeof keys === "object") {
        keys.delete(key);
        if (keys.size === 0) this.keysByTag.delete(tag);
      }
    }
  }
}

let cache: ResponseCache | undefined;
// An answer is kept from the second time its key is asked (lib/resolution/doorkeeper.ts).
const doorkeeper = new Doorkeeper();

function responseCache(): ResponseCache {
  if (!cache) {
    const cfg = config();
    cache = new ResponseCache(responseCacheMb(cfg) * 1024 * 1024, cfg.RESPONSE_CACHE_TTL_SECONDS * 1000);
    onAnyInvalidation(
      (message) => cache!.dropTag(message),
      () => cache!.clear(),
    );
  }
  return cache;
}

export interface Cacheable {
  response: Response;
  /** What the answer was computed from; null when it must not be cached (e.g. another source's TTL rules). */
  tags: readonly string[] | null;
}

/** Reads answered from the cache and produced anew since the process started (GET /metrics). */
export const cacheReads = { hits: 0, misses: 0 };

/**
 * The cached answer for `key`, or the produced one, kept when it succeeded and named its tags.
 * Callers authenticate and authorize before asking, and put in the key whatever the answer
 * depends on (the partner, the query). A producer that knows its answer at once (a native name
 * whose records are kept, one the registry never held) returns it at once, and so does this: the
 * request is answered in the turn it arrived, with no promise along the way. A refusal, returned
 * by the producer or kept, is returned too (lib/http/handler.ts's Answer); one the producer throws
 * is thrown on.
 */
export function cachedRead(
  key: string,
  produce: () => Cacheable | ApiError | Promise<Cacheable | ApiError>,
): Answer | Promise<Answer> {
  const store = responseCache();
  const hit = store.get(key);
  // A hit is answered without a promise, so the whole warm read runs in one turn.
  if (hit) {
    cacheReads.hits++;
    return hit.error ?? jsonFromList(hit.body, hit.status, hit.headers);
  }
  cacheReads.misses++;
  const miss = new Miss(store, key);
  let produced;
  try {
    produced = produce();
  } catch (error) {
    return miss.refused(error);
  }
  if (produced instanceof Promise)
    return produced.then(
      (cacheable) => miss.answered(cacheable),
      (error: unknown) => miss.refused(error),
    );
  return miss.answered(produced);
}

/** One key's answer being produced: kept, or not, once it is known. */
class Miss {
  // What was invalidated while the answer was being computed may be in it: such an answer is
  // served to this request but not kept.
  private readonly since = invalidationEpoch();
  private readonly askedBefore: boolean;

  constructor(
    private readonly store: ResponseCache,
    private readonly key: string,
  ) {
    this.askedBefore = doorkeeper.admit(key);
  }

  answered(produced: Cacheable | ApiError): Answer {
    if (produced instanceof ApiError) return this.refused(produced);
    const { response, tags } = produced;
    const body = serializedBodyOf(response);
    const headers = headerListOf(response);
    if (tags && body && headers && response.status === 200 && this.keeps(tags))
      this.store.set(this.key, { status: response.status, body, headers, tags });
    return response;
  }

  /** The refusal, kept when it may be; an ApiError is returned, anything else thrown on. */
  refused(error: unknown): ApiError {
    if (!(error instanceof ApiError)) throw error;
    const tags = keptRefusalTags(error);
    if (tags && this.keeps(tags))
      this.store.set(this.key, { status: error.status, body: "", headers: [], tags, error });
    return error;
  }

  private keeps(tags: readonly string[]): boolean {
    return this.askedBefore && !invalidatedSince(tags, this.since);
  }
}
