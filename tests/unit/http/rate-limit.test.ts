import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { databaseCounterStore, RateLimiter, type CounterStore, type FlushItem } from "@/lib/http/rate-limit";
import { closeDatabase, database, openDatabase } from "@/lib/db";

const MINUTE = 60_000;
// A fixed instant 10 s into a minute, so windows end at predictable times.
const T0 = Date.UTC(2030, 0, 1, 12, 0, 10);

function clock(start = T0) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

/** A store that keeps counts in memory, like the table does. */
function memoryStore(): CounterStore & { calls: FlushItem[][] } {
  const rows = new Map<string, { count: number; resetAt: number }>();
  const store = (async (items: FlushItem[]) => {
    store.calls.push(items);
    return items.map((item) => {
      const row = rows.get(item.key);
      const next =
        !row || row.resetAt < item.resetAt
          ? { count: item.increment, resetAt: item.resetAt }
          : { count: row.count + item.increment, resetAt: row.resetAt };
      rows.set(item.key, next);
      return { key: item.key, ...next };
    });
  }) as CounterStore & { calls: FlushItem[][] };
  store.calls = [];
  return store;
}

describe("RateLimiter in one instance", () => {
  test("admits up to the limit, then refuses until the window ends", () => {
    const time = clock();
    const limiter = new RateLimiter({ windowSeconds: 60, flushMs: 1000, store: memoryStore(), now: time.now });
    const decisions = Array.from({ length: 4 }, () => limiter.hit("k", 3));
    expect(decisions.map((d) => [d.allowed, d.remaining])).toEqual([
      [true, 2],
      [true, 1],
      [true, 0],
      [false, 0],
    ]);
    expect(decisions[3].resetSeconds).toBe(50);
    expect(decisions[3].limit).toBe(3);

    time.advance(50_000);
    const next = limiter.hit("k", 3);
    expect(next).toEqual({ allowed: true, limit: 3, remaining: 2, resetSeconds: 60 });
    limiter.stop();
  });

  test("keys are counted apart", () => {
    const limiter = new RateLimiter({ windowSeconds: 60, flushMs: 1000, store: memoryStore(), now: clock().now });
    expect(limiter.hit("a", 1).allowed).toBe(true);
    expect(limiter.hit("a", 1).allowed).toBe(false);
    expect(limiter.hit("b", 1).allowed).toBe(true);
    limiter.stop();
  });

  test("a flush sends each key's increments once, in key order, with the window's end", async () => {
    const store = memoryStore();
    const limiter = new RateLimiter({ windowSeconds: 60, flushMs: 1000, store, now: clock().now });
    for (let i = 0; i < 3; i++) limiter.hit("b", 10);
    limiter.hit("a", 10);
    await limiter.flush();
    await limiter.flush();
    const resetAt = Math.ceil(T0 / MINUTE) * MINUTE;
    expect(store.calls).toEqual([
      [
        { key: "a", increment: 1, resetAt },
        { key: "b", increment: 3, resetAt },
      ],
    ]);
    limiter.stop();
  });

  test("when the store fails, the increments still count here and are sent by the next flush", async () => {
    const store = memoryStore();
    let failing = true;
    const errors: unknown[] = [];
    const limiter = new RateLimiter({
      windowSeconds: 60,
      flushMs: 1000,
      store: async (items) => {
        if (failing) throw new Error("connect ECONNREFUSED");
        return store(items);
      },
      onStoreError: (error) => errors.push(error),
      now: clock().now,
    });
    limiter.hit("k", 3);
    limiter.hit("k", 3);
    await limiter.flush();
    expect(errors).toHaveLength(1);
    expect(limiter.hit("k", 3).remaining).toBe(0);
    expect(limiter.hit("k", 3).allowed).toBe(false);
    failing = false;
    await limiter.flush();
    expect(store.calls).toEqual([[{ key: "k", increment: 3, resetAt: expect.any(Number) }]]);
    limiter.stop();
  });
});

describe("RateLimiter over the shared table", () => {
  beforeAll(() => openDatabase());
  afterAll(closeDatabase);

  test("two instances see their combined count after a flush", async () => {
    const time = clock(Date.now());
    const first = new RateLimiter({ windowSeconds: 60, flushMs: 60_000, store: databaseCounterStore, now: time.now });
    const second = new RateLimiter({ windowSeconds: 60, flushMs: 60_000, store: databaseCounterStore, now: time.now });
    const limit = 10;
    for (let i = 0; i < 4; i++) expect(first.hit("shared", limit).allowed).toBe(true);
    for (let i = 0; i < 4; i++) expect(second.hit("shared", limit).allowed).toBe(true);
    await Promise.all([first.flush(), second.flush()]);
    // The second flush to land learned the total; the first learns it from its next flush.
    expect(first.hit("shared", limit).allowed).toBe(true);
    await first.flush();
    const [row] = await database().query<{ count: number }>(`SELECT count FROM rate_limit_window WHERE key = 'shared'`);
    expect(row.count).toBe(9);

    expect(first.hit("shared", limit)).toMatchObject({ allowed: true, remaining: 0 });
    expect(first.hit("shared", limit).allowed).toBe(false);
    expect(second.hit("shared", limit).allowed).toBe(true);
    await second.flush();
    expect(second.hit("shared", limit).allowed).toBe(false);
    first.stop();
    second.stop();
  });

  test(
    "a row of an ended window starts over; " + "a late flush of an ended window does not add to the new one",
    async () => {
      const now = Date.now();
      const endedWindow = (Math.floor(now / MINUTE) + 0) * MINUTE;
      const currentWindow = endedWindow + MINUTE;
      await databaseCounterStore([{ key: "rollover", increment: 50, resetAt: endedWindow }]);
      const [fresh] = await databaseCounterStore([{ key: "rollover", increment: 2, resetAt: currentWindow }]);
      expect(fresh).toEqual({ key: "rollover", count: 2, resetAt: currentWindow });
      const [late] = await databaseCounterStore([{ key: "rollover", increment: 7, resetAt: endedWindow }]);
      expect(late).toEqual({ key: "rollover", count: 2, resetAt: currentWindow });
    },
  );
});
