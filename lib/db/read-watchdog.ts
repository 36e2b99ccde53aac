import type { Pool, PoolClient } from "pg";

// A PostgreSQL server that stops answering (not refusing) cannot enforce statement_timeout itself:
// a query it never answers must be given up on here, or its request hangs with its connection.
// node-postgres can do that itself (the pool's `query_timeout`), with a timer and two closures
// armed for every query, and under a stream of cache misses that cost far more than a timer: the
// rows of its queries stayed reachable long enough to be promoted to the old generation (about 740
// bytes an answer against 25 to 30 without it), which took a full collection every 0.7 s to clear,
// and a fifth more CPU an answer (docs/operations.md, twenty-seventh round). A plain timer around
// each query does not do this; what in the driver's does was not pinned down, and is not needed: a
// watchdog per pool looks at every connection a few times per timeout and gives up on a query it
// has seen running for the whole timeout, as the driver would have (its connection is closed: the
// query fails, the request answers 503, the pool replaces the connection).

/** What the watchdog reads of a connection: its running query (node-postgres 8's own field). */
interface WatchedClient {
  _activeQuery?: object | null;
  connection?: { stream?: { destroy(error?: Error): void } };
}

/** The error a query given up on fails with: lib/contract/errors.ts answers it as 503. */
export const READ_TIMEOUT_MESSAGE = "Query read timeout";

/**
 * Watches `pool`'s connections: a query seen running for `timeoutMs` or more has its connection
 * closed. A query is given up on between `timeoutMs` and `timeoutMs` plus twice the period after
 * it started (at most a second, and a quarter of the timeout when that is shorter). Returns the
 * function that stops watching.
 */
export function watchReads(pool: Pool, timeoutMs: number): () => void {
  const clients = new Set<PoolClient>();
  const onConnect = (client: PoolClient) => void clients.add(client);
  const onRemove = (client: PoolClient) => void clients.delete(client);
  pool.on("connect", onConnect);
  pool.on("remove", onRemove);
  // When each running query was first seen: weak, so a query that answered is not kept.
  const firstSeen = new WeakMap<object, number>();
  const periodMs = Math.max(10, Math.min(1000, Math.floor(timeoutMs / 4)));
  const timer = setInterval(() => {
    const now = performance.now();
    for (const client of clients) {
      const watched = client as unknown as WatchedClient;
      const query = watched._activeQuery;
      if (!query) continue;
      const since = firstSeen.get(query);
      if (since === undefined) firstSeen.set(query, now);
      else if (now - since >= timeoutMs) {
        clients.delete(client);
        watched.connection?.stream?.destroy(new Error(READ_TIMEOUT_MESSAGE));
      }
    }
  }, periodMs).unref();
  return () => {
    clearInterval(timer);
    pool.off("connect", onConnect);
    pool.off("remove", onRemove);
  };
}
