// The bounded TTL cache: freshness, stale-while-revalidate, LRU bound, in-flight de-duplication.
import { describe, expect, it } from "vitest";
import { TtlCache } from "@/lib/resolution/cache";

function clock(start = 1_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

describe("TtlCache", () => {
  it("loads once and serves the value while fresh", async () => {
    const time = clock();
    const cache = new TtlCache<string>({ maxEntries: 10, staleMs: 0, now: time.now });
    let loads = 0;
    const load = async () => ({ value: `v${++loads}`, ttlMs: 1000 });
    expect(await cache.get("k", load)).toBe("v1");
    time.advance(999);
    expect(await cache.get("k", load)).toBe("v1");
    time.advance(1);
    expect(await cache.get("k", load)).toBe("v2");
    expect(loads).toBe(2);
  });

  it("serves a stale value at once and refreshes it in the background", async () => {
    const time = clock();
    const cache = new TtlCache<string>({ maxEntries: 10, staleMs: 5000, now: time.now });
    await cache.get("k", async () => ({ value: "old", ttlMs: 1000 }));
    time.advance(2000);
    const refresh = deferred<{ value: string; ttlMs: number }>();
    expect(await cache.get("k", () => refresh.promise)).toBe("old");
    refresh.resolve({ value: "new", ttlMs: 1000 });
    await refresh.promise;
    await Promise.resolve();
    expect(cache.peek("k")).toBe("new");
  });

  it("keeps the stale value when the refresh fails", async () => {
    const time = clock();
    const cache = new TtlCache<string>({ maxEntries: 10, staleMs: 5000, now: time.now });
    await cache.get("k", async () => ({ value: "old", ttlMs: 1000 }));
    time.advance(1500);
    expect(await cache.get("k", async () => Promise.reject(new Error("source down")))).toBe("old");
    await new Promise((r) => setTimeout(r, 0));
    expect(cache.peek("k")).toBe("old");
  });

  it("loads again once the stale window has passed", async () => {
    const time = clock();
    const cache = new TtlCache<string>({ maxEntries: 10, staleMs: 500, now: time.now });
    await cache.get("k", async () => ({ value: "old", ttlMs: 1000 }));
    time.advance(1501);
    expect(await cache.get("k", async () => ({ value: "new", ttlMs: 1000 }))).toBe("new");
  });

  it("shares one in-flight load among concurrent callers", async () => {
    const cache = new TtlCache<number>({ maxEntries: 10, staleMs: 0 });
    const pending = deferred<{ value: number; ttlMs: number }>();
    let loads = 0;
    const load = () => {
      loads++;
      return pending.promise;
    };
    const all = Promise.all([cache.get("k", load), cache.get("k", load), cache.get("k", load)]);
    pending.resolve({ value: 7, ttlMs: 1000 });
    expect(await all).toEqual([7, 7, 7]);
    expect(loads).toBe(1);
  });

  it("does not cache failures", async () => {
    const cache = new TtlCache<number>({ maxEntries: 10, staleMs: 0 });
    await expect(cache.get("k", async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await cache.get("k", async () => ({ value: 1, ttlMs: 1000 }))).toBe(1);
  });

  it("evicts the least recently used entry beyond maxEntries", async () => {
    const cache = new TtlCache<string>({ maxEntries: 2, staleMs: 0 });
    cache.set("a", "A", 10_000);
    cache.set("b", "B", 10_000);
    expect(cache.peek("a")).toBe("A");
    await cache.get("a", async () => ({ value: "unused", ttlMs: 1 }));
    cache.set("c", "C", 10_000);
    expect(cache.size).toBe(2);
    expect(cache.peek("b")).toBeUndefined();
    expect(cache.peek("a")).toBe("A");
    expect(cache.peek("c")).toBe("C");
  });

  it("lets one caller stop waiting without failing the shared load", async () => {
    const cache = new TtlCache<number>({ maxEntries: 10, staleMs: 0 });
    const pending = deferred<{ value: number; ttlMs: number }>();
    const controller = new AbortController();
    const impatient = cache.get("k", () => pending.promise, controller.signal);
    const patient = cache.get("k", () => pending.promise);
    controller.abort(new Error("client went away"));
    await expect(impatient).rejects.toThrow("client went away");
    pending.resolve({ value: 3, ttlMs: 1000 });
    expect(await patient).toBe(3);
  });

  it("caches null answers like any other", async () => {
    const cache = new TtlCache<string | null>({ maxEntries: 10, staleMs: 0 });
    let loads = 0;
    const load = async () => ({ value: (loads++, null), ttlMs: 1000 });
    expect(await cache.get("k", load)).toBeNull();
    expect(await cache.get("k", load)).toBeNull();
    expect(loads).toBe(1);
  });
});
