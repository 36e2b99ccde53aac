// The read watchdog of the PostgreSQL pools: a query seen running for the whole timeout has its
// connection closed with the error lib/contract/errors.ts answers as 503; a query that answers in
// time, an idle connection and one the pool removed are left alone. The real driver against a
// frozen server: tests/integration/faults/database-down.test.ts.
import { EventEmitter } from "node:events";
import type { Pool } from "pg";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { isDatabaseUnavailable } from "@/lib/contract/errors";
import { READ_TIMEOUT_MESSAGE, watchReads } from "@/lib/db/read-watchdog";

const TIMEOUT_MS = 4000;
// A quarter of the timeout: how often the watchdog looks.
const PERIOD_MS = 1000;

class FakeClient {
  _activeQuery: object | null = null;
  destroyedWith: Error | undefined;
  connection = { stream: { destroy: (error?: Error) => void (this.destroyedWith = error) } };
}

let pool: EventEmitter;
let stop: () => void;

beforeEach(() => {
  vi.useFakeTimers();
  pool = new EventEmitter();
  stop = watchReads(pool as unknown as Pool, TIMEOUT_MS);
});

afterEach(() => {
  stop();
  vi.useRealTimers();
});

function connected(): FakeClient {
  const client = new FakeClient();
  pool.emit("connect", client);
  return client;
}

describe("read watchdog", () => {
  test("a query running for the whole timeout is given up on, within two periods after it", () => {
    const client = connected();
    client._activeQuery = {};
    vi.advanceTimersByTime(TIMEOUT_MS);
    expect(client.destroyedWith).toBeUndefined();
    vi.advanceTimersByTime(2 * PERIOD_MS);
    expect(client.destroyedWith?.message).toBe(READ_TIMEOUT_MESSAGE);
    expect(isDatabaseUnavailable(client.destroyedWith)).toBe(true);
  });

  test("queries that each answer in time are never given up on, however long the connection is busy", () => {
    const client = connected();
    for (let elapsed = 0; elapsed < 5 * TIMEOUT_MS; elapsed += PERIOD_MS) {
      client._activeQuery = {};
      vi.advanceTimersByTime(PERIOD_MS);
    }
    expect(client.destroyedWith).toBeUndefined();
  });

  test("idle connections and connections the pool removed are left alone; stop() ends the watch", () => {
    const idle = connected();
    const removed = connected();
    removed._activeQuery = {};
    pool.emit("remove", removed);
    const later = connected();
    stop();
    later._activeQuery = {};
    vi.advanceTimersByTime(3 * TIMEOUT_MS);
    expect(idle.destroyedWith).toBeUndefined();
    expect(removed.destroyedWith).toBeUndefined();
    expect(later.destroyedWith).toBeUndefined();
    expect(pool.listenerCount("connect")).toBe(0);
  });
});
