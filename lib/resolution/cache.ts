import "server-only";
import { LRUCache } from "lru-cache";

// A bounded cache of slow answers: least-recently-used eviction at `maxEntries` (lru-cache), a freshness TTL
// per entry (the source decides it, e.g. a DNS TTL), a stale window during which the old answer
// is served while one background load refreshes it, and one in-flight load per key however many
// callers ask at once. Failed loads are not cached; a failed refresh keeps the stale answer.

export interface Loaded<V> {
  value: V;
  /** How long the value is fresh, in milliseconds. */
  ttlMs: number;
}

export interface TtlCacheOptions {
  maxEntries: number;
  /** How long past its TTL an entry may still be served while it is refreshed. */
  staleMs: number;
  now?: () => number;
}

interface Entry<V> {
  value: V;
  freshUntil: number;
  staleUntil: number;
}

export class TtlCache<V> {
  private readonly entries: LRUCache<string, Entry<V>>;
  private readonly inFlight = new Map<string, Promise<V>>();
  private readonly staleMs: number;
  private readonly now: () => number;

  constructor(options: TtlCacheOptions) {
    if (!Number.isInteger(options.maxEntries) || options.maxEntries < 1)
      throw new Error("maxEntries must be a positive integer");
    this.entries = new LRUCache({ max: options.maxEntries });
    this.staleMs = Math.max(0, options.staleMs);
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The cached value (fresh or stale), refreshing in the background when stale; else loads it. */
  async get(key: string, load: () => Promise<Loaded<V>>, signal?: AbortSignal): Promise<V> {
    const entry = this.entries.get(key);
    const now = this.now();
    if (entry && now < entry.staleUntil) {
      if (now >= entry.freshUntil) void this.refresh(key, load).catch(() => undefined);
      return entry.value;
    }
    if (entry) this.entries.delete(key);
    return abortable(this.refresh(key, load), signal);
  }

  /** The cached value without loading, or undefined; stale values count. */
  peek(key: string): V | undefined {
    const entry = this.entries.peek(key);
    return entry && this.now() < entry.staleUntil ? entry.value : undefined;
  }

  set(key: string, value: V, ttlMs: number): void {
    const now = this.now();
    const freshUntil = now + Math.max(0, ttlMs);
    this.entries.set(key, { value, freshUntil, staleUntil: freshUntil + this.staleMs });
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  private refresh(key: string, load: () => Promise<Loaded<V>>): Promise<V> {
    const running = this.inFlight.get(key);
    if (running) return running;
    const started = (async () => {
      try {
        const { value, ttlMs } = await load();
        this.set(key, value, ttlMs);
        return value;
      } finally {
        this.inFlight.delete(key);
      }
    })();
    this.inFlight.set(key, started);
    return started;
  }
}

/** Lets one caller stop waiting for a shared promise without cancelling it for the others. */
function abortable<T>(promise: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(signal.reason ?? new DOMException("Aborted", "AbortError"));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason ?? new DOMException("Aborted", "AbortError"));
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}
