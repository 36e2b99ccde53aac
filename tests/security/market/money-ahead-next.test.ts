import { afterAll, expect, test } from "vitest";
import { endpoint, json } from "@/lib/http/handler";
import { setConfig } from "@/lib/config";
import { ArrivalQueue } from "@/lib/db/arrival-order";

// Issue 33, item 1: under `next start` no lib/server places a request in the database's queue
// when it arrives; the endpoint wrapper does, so a payment still goes before a read that arrived
// less than 1 s before it. The route handlers are called here as Next.js calls them: a plain
// Request (not lib/server's view), the params as a promise. (tests/security/market/money-ahead-bound.test.ts
// shows the same order through lib/server on PostgreSQL.)

afterAll(() => setConfig());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test("a route handler called by Next.js places a payment ahead of an older read", async () => {
  setConfig({ NODE_ENV: "test", LOG_LEVEL: "silent" });
  const queue = new ArrivalQueue(1, 5000);
  await queue.acquire();
  const served: string[] = [];
  // Each with the policy its route file states (app/v1/market/search, app/api/test-processor/pay).
  const route = (name: string, policy: { movesMoney?: boolean }) =>
    endpoint({ errors: "single", ...policy }, async () => {
      await queue.acquire();
      served.push(name);
      queue.release();
      return json({ name });
    });
  const context = { params: Promise.resolve({}) };
  const read = route("read", {})(new Request("http://localhost/v1/market/search?q=a.web3"), context);
  await sleep(50);
  const payment = route("payment", { movesMoney: true })(
    new Request("http://localhost/api/test-processor/pay", { method: "POST" }),
    context,
  );
  await sleep(20);
  queue.release();
  expect((await read).status).toBe(200);
  expect((await payment).status).toBe(200);
  expect(served).toEqual(["payment", "read"]);
});
