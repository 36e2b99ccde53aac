// The queue in front of the PostgreSQL pool: a fixed number of connections at once, the rest
// served by the arrival of the request asking (not the moment it asks), a bounded wait that fails
// like pg-pool's own timeout (503), and no permit lost to a waiter that gave up.
import { describe, expect, test } from "vitest";
import { isDatabaseUnavailable } from "@/lib/contract/errors";
import { Agent, createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import {
  ArrivalQueue,
  asOneRequest,
  currentRequestScope,
  enterRequestScope,
  MONEY_AHEAD_MS,
  RequestScope,
  serveInArrivalOrder,
} from "@/lib/db/arrival-order";
import { createRouter } from "@/lib/server/router";

const tick = () => new Promise((resolve) => setTimeout(resolve, 2));

/** Starts a request now (placed `aheadMs` before now); its work runs when `go` is called. */
function request(queue: ArrivalQueue, name: string, served: string[], aheadMs = 0) {
  let go!: () => void;
  const asked = new Promise<void>((resolve) => (go = resolve));
  const done = asOneRequest(async () => {
    await asked;
    await queue.acquire();
    served.push(name);
  }, aheadMs);
  return { go, done };
}

describe("arrival order", () => {
  test("permits are handed out at once up to the limit; the next asks wait for a release", async () => {
    const queue = new ArrivalQueue(2, 1000);
    await queue.acquire();
    await queue.acquire();
    let third = false;
    const waiting = queue.acquire().then(() => (third = true));
    await tick();
    expect(third).toBe(false);
    queue.release();
    await waiting;
    expect(third).toBe(true);
  });

  test("the request that arrived first is served first, whenever it asks", async () => {
    const queue = new ArrivalQueue(1, 1000);
    await queue.acquire();
    const served: string[] = [];
    const older = request(queue, "older", served);
    await tick();
    const newer = request(queue, "newer", served);
    // The newer request asks first, the older one after it.
    newer.go();
    await tick();
    older.go();
    await tick();
    queue.release();
    await older.done;
    queue.release();
    await newer.done;
    expect(served).toEqual(["older", "newer"]);
  });

  test("a request placed ahead goes before newer reads, never before one that has waited longer", async () => {
    const queue = new ArrivalQueue(1, 1000);
    await queue.acquire();
    const served: string[] = [];
    const waitedLong = request(queue, "read that waited longer", served);
    waitedLong.go();
    await new Promise((resolve) => setTimeout(resolve, 120));
    const newer = request(queue, "newer read", served);
    newer.go();
    await tick();
    // Arrives last, placed 60 ms before its arrival: after the first read, before the second.
    const payment = request(queue, "payment", served, 60);
    payment.go();
    await tick();
    for (const waiting of [waitedLong, payment, newer]) {
      queue.release();
      await waiting.done;
    }
    expect(served).toEqual(["read that waited longer", "payment", "newer read"]);
  });

  test("purchases, renewals and payments are placed ahead; nothing else is", async () => {
    // The server decides it as a request arrives, from the endpoints' own options (`movesMoney`).
    const router = createRouter();
    await router.preload();
    const ahead = (method: string, path: string) => router.aheadOf(new Request(`http://127.0.0.1${path}`, { method }));
    for (const path of [
      "/v1/market/purchase",
      "/v1/market/crypto/purchase?x=1",
      "/v1/market/renew",
      "/v1/market/crypto/renew",
      "/api/test-processor/pay",
      "/api/webhooks/stripe",
    ])
      expect(ahead("POST", path)).toBe(MONEY_AHEAD_MS);
    expect(ahead("GET", "/v1/market/purchase")).toBe(0);
    expect(ahead("POST", "/v1/partner/tokens")).toBe(0);
    expect(ahead("POST", "/v1/market/purchase/extra")).toBe(0);
  });

  test("a request held open for long keeps a head start of at most its bound", async () => {
    const queue = new ArrivalQueue(1, 1000, 50);
    await queue.acquire();
    const served: string[] = [];
    // Arrives first, then asks only after more than the bound (a body sent slowly).
    const held = request(queue, "held open", served);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const waiting = request(queue, "waiting", served);
    waiting.go();
    await new Promise((resolve) => setTimeout(resolve, 100));
    held.go();
    await tick();
    queue.release();
    await waiting.done;
    queue.release();
    await held.done;
    expect(served).toEqual(["waiting", "held open"]);
  });

  test("outside a request, asks are served in the order they were made", async () => {
    const queue = new ArrivalQueue(1, 1000);
    await queue.acquire();
    const served: number[] = [];
    const asks = [1, 2, 3].map((n) => queue.acquire().then(() => served.push(n)));
    for (let i = 0; i < 3; i++) {
      queue.release();
      await asks[i];
    }
    expect(served).toEqual([1, 2, 3]);
  });

  test("a wait past the timeout fails as the database being unavailable, and gives nothing up", async () => {
    const queue = new ArrivalQueue(1, 30);
    await queue.acquire();
    const late = await queue.acquire().catch((error: Error) => error);
    expect(late).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(late)).toBe(true);
    // The one permit goes back once and serves exactly one more ask.
    queue.release();
    await queue.acquire();
    const second = await queue.acquire().catch((error: Error) => error);
    expect(second).toBeInstanceOf(Error);
  });

  test("work a request leaves behind after answering asks as new, not with the request's place", async () => {
    const queue = new ArrivalQueue(1, 1000);
    const served: string[] = [];
    let wakeLeftBehind!: () => void;
    let leftBehind!: Promise<unknown>;
    await asOneRequest(async () => {
      // Like a timer started while handling: its work keeps the request's context.
      const woken = new Promise<void>((resolve) => (wakeLeftBehind = resolve));
      leftBehind = woken.then(() => queue.acquire()).then(() => served.push("left behind"));
    });
    await queue.acquire();
    const newer = asOneRequest(async () => {
      await queue.acquire();
      served.push("newer request");
    });
    await tick();
    wakeLeftBehind();
    await tick();
    queue.release();
    await newer;
    queue.release();
    await leftBehind;
    expect(served).toEqual(["newer request", "left behind"]);
  });

  test("waiters that gave up are dropped without disturbing the order of those still waiting", async () => {
    const queue = new ArrivalQueue(1, 200);
    await queue.acquire();
    const doomed = Array.from({ length: 10 }, () => queue.acquire().catch(() => "gave up"));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const served: number[] = [];
    const patient = [0, 1, 2].map((i) => queue.acquire().then(() => served.push(i)));
    // Ten of thirteen give up: the heap is rebuilt from the three still waiting.
    expect(await Promise.all(doomed)).toEqual(Array(10).fill("gave up"));
    for (let i = 0; i < 3; i++) {
      queue.release();
      await patient[i];
    }
    expect(served).toEqual([0, 1, 2]);
    // Every permit is accounted for: one more ask waits until the last holder releases.
    let passed = false;
    const next = queue.acquire().then(() => (passed = true));
    await tick();
    expect(passed).toBe(false);
    queue.release();
    await next;
  });

  test("a pool's connections go through the queue and come back once, however often release is called", async () => {
    let outstanding = 0;
    const pool = {
      connect: (async () => {
        outstanding++;
        let released = false;
        return {
          release() {
            if (released) throw new Error("Release called on client which has already been released to the pool.");
            released = true;
            outstanding--;
          },
        };
      }) as never,
    };
    const queue = serveInArrivalOrder(pool as never, 1, 50);
    const wrapped = pool as unknown as { connect(): Promise<{ release(): void }> };
    const first = await wrapped.connect();
    expect(outstanding).toBe(1);
    const failed = await wrapped.connect().catch((error: Error) => error);
    expect(isDatabaseUnavailable(failed)).toBe(true);
    first.release();
    expect(() => first.release()).toThrow(/already been released/);
    const second = await wrapped.connect();
    expect(outstanding).toBe(1);
    second.release();
    // Both permits' worth of asks pass again: nothing was counted twice.
    await queue.acquire();
    queue.release();
  });

  test("a scope entered in a request event holds for its later work; the next request starts outside it", async () => {
    // lib/server enters each request's scope without restoring the one before (enterRequestScope):
    // Node gives every request event the context of its connection. Requests in a row on one
    // keep-alive connection, and on several at once, each see only their own.
    const seen: { before: RequestScope | undefined; later: RequestScope | undefined; own: RequestScope }[] = [];
    const server = createServer((_req, res) => {
      const before = currentRequestScope();
      const own = new RequestScope(0);
      enterRequestScope(own);
      setTimeout(() => {
        seen.push({ before, later: currentRequestScope(), own });
        res.end("ok");
      }, 1);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const agent = new Agent({ keepAlive: true, maxSockets: 2 });
    const get = (via: Agent) =>
      new Promise<void>((resolve, reject) =>
        httpRequest({ host: "127.0.0.1", port, agent: via }, (res) => res.resume().on("end", resolve))
          .on("error", reject)
          .end(),
      );
    try {
      for (let i = 0; i < 3; i++) await get(agent);
      await Promise.all([get(agent), get(agent), get(agent), get(agent)]);
    } finally {
      agent.destroy();
      await new Promise((resolve) => server.close(resolve));
    }
    expect(seen).toHaveLength(7);
    for (const { before, later, own } of seen) {
      expect(before).toBeUndefined();
      expect(later).toBe(own);
    }
  });
});
