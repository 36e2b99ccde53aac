import { AsyncLocalStorage } from "node:async_hooks";

// The PostgreSQL pool hands its connections out in the order the requests asking for them
// arrived, not the order of the asks. A purchase asks for a connection several times and a
// payment about ten; under load, a first-come queue made each of them wait behind every request
// that arrived after it began, once per ask (~200 ms each in the soak, so a purchase spent ~1 s
// of its ~1.2 s waiting). Oldest request first is first-come at the level of requests: one that
// has started is finished before newer ones start. The cost is that a request with a single
// statement may wait behind the rest of an older purchase. Work outside a request (jobs,
// start-up), and work a request left behind once it answered (a timer it started), counts as
// arriving when it asks. A request's place is at most HEAD_START_MS ahead of the moment it asks:
// a client that holds requests open (a body sent slowly) cannot put them ahead of everything that
// arrived since.
//
// A request that moves money (a purchase, a renewal, a payment) is placed MONEY_AHEAD_MS before
// its arrival: under load it goes before the reads that arrived up to that long before it, never
// before one that has waited longer, so a checkout does not queue behind listings and searches
// and no read waits more than that much longer for it.

/**
 * One request's place in the queue, and what else its work needs to find without being handed it:
 * the one async context a request runs in (each context costs every request an allocation).
 */
export class RequestScope {
  readonly at: number;
  /** Set once the request is answered: work it left behind then counts as arriving when it asks. */
  answered = false;
  /** What the request's outbound lookups are counted against (lib/resolution/outbound-meter.ts). */
  outbound: ((kind: string, count: number) => void) | undefined = undefined;

  constructor(aheadMs: number) {
    this.at = performance.now() - aheadMs;
  }
}

const arrival = new AsyncLocalStorage<RequestScope>();

/** How far ahead of its arrival a request that moves money is placed. */
export const MONEY_AHEAD_MS = 1000;

/**
 * Makes `scope` the request of everything that runs from here to the end of the current callback
 * from Node (lib/server's request event), and of all the work that starts there, at once or
 * later. Node gives each callback the context it had when its resource was made (a connection's,
 * for a request), so the next request starts outside this one. One async context a request:
 * `run` made a second one to restore the first on return, copying it (about 0.3 µs a request).
 */
export function enterRequestScope(scope: RequestScope): void {
  arrival.enterWith(scope);
}

/** The scope of the request whose work is running, if any. */
export function currentRequestScope(): RequestScope | undefined {
  return arrival.getStore();
}

/**
 * Runs one request's handling: until it returns, its database work is served in the order of this
 * call, or `aheadMs` before it.
 */
export function asOneRequest<T>(handle: () => T, aheadMs = 0): T {
  const request = new RequestScope(aheadMs);
  const result = arrival.run(request, handle);
  const answered = () => void (request.answered = true);
  if (result instanceof Promise) result.then(answered, answered);
  else answered();
  return result;
}

/** Longer than a purchase's or a payment's whole stay under the soak's load (~1 s). */
const HEAD_START_MS = 2000;

function placeOf(headStartMs: number): number {
  const now = performance.now();
  const request = arrival.getStore();
  return request && !request.answered ? Math.max(request.at, now - headStartMs) : now;
}

interface Waiter {
  at: number;
  seq: number;
  grant: () => void;
  /** Set once it is granted or has given up: a heap entry that no longer waits. */
  settled: boolean;
}

/** The connection timeout's message: lib/contract/errors.ts answers it as 503, like pg-pool's own. */
const WAIT_TIMEOUT_MESSAGE = "timeout exceeded when trying to connect";

/**
 * `permits` at once; the others wait, earliest arrival first (at most `headStartMs` before the
 * ask), up to `timeoutMs`.
 */
export class ArrivalQueue {
  private free: number;
  private readonly heap: Waiter[] = [];
  private seq = 0;
  /** Waiters that gave up and are still in the heap. */
  private gaveUp = 0;

  constructor(
    permits: number,
    private readonly timeoutMs: number,
    private readonly headStartMs = HEAD_START_MS,
  ) {
    this.free = permits;
  }

  acquire(): Promise<void> {
    if (this.free > 0 && this.heap.length === 0) {
      this.free--;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        at: placeOf(this.headStartMs),
        seq: this.seq++,
        settled: false,
        grant: () => {
          clearTimeout(timer);
          resolve();
        },
      };
      const timer = setTimeout(() => {
        // Left in the heap and skipped when it comes to the top, unless they are most of it (a
        // stalled database): then the heap is rebuilt without them.
        waiter.settled = true;
        if (++this.gaveUp > this.heap.length / 2) this.compact();
        reject(new Error(WAIT_TIMEOUT_MESSAGE));
      }, this.timeoutMs);
      this.push(waiter);
      this.pass();
    });
  }

  release(): void {
    this.free++;
    this.pass();
  }

  /** Hands free permits to the earliest waiters. */
  private pass(): void {
    while (this.free > 0 && this.heap.length > 0) {
      const next = this.pop();
      if (next.settled) {
        this.gaveUp--;
        continue;
      }
      next.settled = true;
      this.free--;
      next.grant();
    }
  }

  private compact(): void {
    const waiting = this.heap.filter((waiter) => !waiter.settled);
    this.heap.length = 0;
    this.gaveUp = 0;
    for (const waiter of waiting) this.push(waiter);
  }

  private static before(a: Waiter, b: Waiter): boolean {
    return a.at < b.at || (a.at === b.at && a.seq < b.seq);
  }

  private push(waiter: Waiter): void {
    const heap = this.heap;
    heap.push(waiter);
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!ArrivalQueue.before(heap[i], heap[parent])) break;
      [heap[i], heap[parent]] = [heap[parent], heap[i]];
      i = parent;
    }
  }

  private pop(): Waiter {
    const heap = this.heap;
    const top = heap[0];
    const last = heap.pop()!;
    if (heap.length > 0) {
      heap[0] = last;
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        const right = left + 1;
        let least = i;
        if (left < heap.length && ArrivalQueue.before(heap[left], heap[least])) least = left;
        if (right < heap.length && ArrivalQueue.before(heap[right], heap[least])) least = right;
        if (least === i) break;
        [heap[i], heap[least]] = [heap[least], heap[i]];
        i = least;
      }
    }
    return top;
  }
}

interface Releasable {
  release: (error?: Error | boolean) => void;
}

interface ConnectingPool<C extends Releasable> {
  connect(): Promise<C>;
  connect(callback: (error: Error | undefined, client: C | undefined, done: (release?: unknown) => void) => void): void;
}

/**
 * Puts `pool.connect` (and so `pool.query` and Prisma's adapter, which both go through it) behind
 * an ArrivalQueue with the pool's own size: the pool then always has a connection for whoever
 * passes, and the order is the queue's.
 */
export function serveInArrivalOrder<C extends Releasable>(pool: ConnectingPool<C>, size: number, timeoutMs: number) {
  const queue = new ArrivalQueue(size, timeoutMs);
  const connectNow = pool.connect.bind(pool) as () => Promise<C>;
  const connect = async (): Promise<C> => {
    await queue.acquire();
    let client: C;
    try {
      client = await connectNow();
    } catch (error) {
      queue.release();
      throw error;
    }
    // pg-pool sets a new `release` at every checkout; this one gives the permit back once.
    const release = client.release;
    let released = false;
    client.release = (error) => {
      if (!released) {
        released = true;
        queue.release();
      }
      return release.call(client, error);
    };
    return client;
  };
  pool.connect = ((callback?: (error: Error | undefined, client?: C, done?: (release?: unknown) => void) => void) => {
    if (!callback) return connect();
    connect().then(
      (client) => callback(undefined, client, (error) => client.release(error as Error | undefined)),
      (error: Error) => callback(error, undefined, () => undefined),
    );
  }) as ConnectingPool<C>["connect"];
  return queue;
}
