// What the HTTP benches share about the servers they load: the limits that keep the rate limiter
// on without ever refusing, extra Node flags from the environment, a server process's CPU time
// read from /proc, how many of a load's answers had a status it did not expect, and a path per
// request that costs the load generator no more than a fixed one.
import { readdirSync, readFileSync } from "node:fs";
import type autocannon from "autocannon";

/** Every rate limit on, and too high to reach in a run: the limiter's whole cost, no 429. */
export const UNREACHABLE_LIMIT = "1000000000";
export const UNREACHABLE_LIMITS: Record<string, string> = Object.fromEntries(
  [
    "RESOLVE_PER_TOKEN",
    "PARTNER_PER_TOKEN",
    "READ_PER_ADDRESS",
    "PURCHASE_PER_ADDRESS",
    "LOOKUP_PER_ADDRESS",
    "OWNER_PER_ADDRESS",
    "AUTH_FAILURES_PER_ADDRESS",
  ].map((name) => [`RATE_LIMIT_${name}`, UNREACHABLE_LIMIT]),
);

/** Node flags given in an environment variable, space-separated (none when it is unset). */
export function nodeArgsFrom(value: string | undefined): string[] {
  return (value ?? "").split(" ").filter(Boolean);
}

export const CLOCK_TICKS = 100;

/**
 * User and system CPU seconds of a server: the embedded database's thread (lib/db/embedded.ts: Node
 * names a worker's thread "WorkerThread") apart from the rest of the process, and each kind of
 * thread by name (the main thread as "main").
 */
export function cpuSeconds(pid: number): { server: number; database: number; threads: Record<string, number> } {
  let total = 0;
  const threads: Record<string, number> = {};
  let tasks: string[] = [];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    // The process is gone: nothing to count.
  }
  for (const tid of tasks) {
    const ticks = ticksOf(pid, tid);
    total += ticks;
    try {
      const name = tid === String(pid) ? "main" : readFileSync(`/proc/${pid}/task/${tid}/comm`, "utf8").trim();
      threads[name] = (threads[name] ?? 0) + ticks;
    } catch {
      // The thread ended between the two reads.
    }
  }
  const database = threads.WorkerThread ?? 0;
  for (const name in threads) threads[name] /= CLOCK_TICKS;
  return { server: (total - database) / CLOCK_TICKS, database: database / CLOCK_TICKS, threads };
}

/** CPU clock ticks (user and system) one thread has taken, 0 once it is gone. */
export function ticksOf(pid: number, tid: string): number {
  try {
    const fields = readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8").split(") ")[1].split(" ");
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/** Answers of a load (autocannon's status counts) whose status is not one of `expected`. */
export function answersOutside(
  statusCodeStats: Record<string, { count?: number }> | undefined,
  expected: readonly number[],
): { total: number; outside: number } {
  const counts = statusCodeStats ?? {};
  const answered = expected.reduce((sum, status) => sum + (counts[String(status)]?.count ?? 0), 0);
  const total = Object.values(counts).reduce((sum, stat) => sum + (stat.count ?? 0), 0);
  return { total, outside: total - answered };
}

/**
 * autocannon options that send each request to the path `next()` gives, at the load generator's
 * cost of a fixed path. With a setupRequest, autocannon rebuilds every request from its options
 * (and deep-clones its context): on this machine it took 31 to 41 µs of the bench's CPU a request
 * against 22 to 24 for a fixed path, on the same two cores as the server, so a row asking a new
 * name each time was measured against a warm read with more of the machine taken from it. Here
 * each connection's request is its first one (autocannon's bytes for the origin's path) with the
 * request line's path replaced: about 25 µs a request (`npm run bench:http` prints the generator's
 * CPU per answer of each row). GET only.
 */
export function pathPerRequest(next: () => string): Pick<autocannon.Options, "setupClient"> {
  return {
    setupClient(client) {
      const internals = client as unknown as {
        requestIterator?: { currentRequest?: { requestBuffer?: unknown } };
        getRequestBuffer?: unknown;
      };
      const first = internals.requestIterator?.currentRequest?.requestBuffer;
      if (!Buffer.isBuffer(first) || typeof internals.getRequestBuffer !== "function")
        throw new Error("autocannon's client no longer keeps its request as scripts/bench/server-measures.ts expects");
      const requestLine = first.subarray(0, first.indexOf("\r\n")).toString("latin1");
      if (!/^GET \/ HTTP\/1\.1$/.test(requestLine))
        throw new Error(`pathPerRequest() sends GET requests to paths, not: ${requestLine}`);
      const rest = first.subarray("GET /".length);
      internals.getRequestBuffer = () => Buffer.concat([Buffer.from(`GET ${next()}`, "latin1"), rest]);
    },
  };
}
