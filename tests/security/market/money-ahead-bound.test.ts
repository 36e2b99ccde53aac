// Requests that move money are placed 1 s ahead of their arrival in the PostgreSQL pool's queue
// (lib/db/arrival-order.ts, lib/server/http-server.ts): a purchase or a payment goes before the
// reads that arrived up to 1 s before it. A client could send such requests to push reads back;
// the bound keeps that to 1 s. Here, with every connection taken, a token list waits 1.3 s; then a
// second list and a card payment arrive (the test processor's, with a secret nobody has: one
// statement, then 404). When one connection comes free, the first list (waiting longer than the
// bound) is served first, then the payment, then the newer list.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createPartner } from "@/lib/partners/create-partner";
import { servedByNext, startTestApp, type TestApp } from "@/tests/support/app";
import { holdConnection } from "@/tests/support/pool";

const onPostgres = Boolean(process.env.TEST_DATABASE_URL) && !servedByNext;
// openTestDatabase's pool on PostgreSQL.
const POOL_SIZE = 5;

let app: TestApp;
let token: string;

beforeAll(async () => {
  if (!onPostgres) return;
  app = await startTestApp();
  token = (await createPartner("Money ahead")).token.value;
  // The token is verified once, so the lists below need the database only for their rows.
  expect((await app.fetch("/v1/partner/access-token", { token })).status).toBe(200);
});
afterAll(async () => {
  await app?.close();
});

const sleepUntil = (started: number, ms: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.max(0, ms - (Date.now() - started))));

describe.runIf(onPostgres)("a payment's place ahead of reads", () => {
  test("goes before a newer read, never before one that has waited longer than 1 s", async () => {
    const holds = await Promise.all(Array.from({ length: POOL_SIZE }, holdConnection));
    const order: string[] = [];
    const noted = (name: string) => (res: Response) => {
      order.push(name);
      return res.status;
    };
    const started = Date.now();
    const longWaiting = app.fetch("/v1/partner/access-token", { token }).then(noted("list that waited"));
    await sleepUntil(started, 1300);
    const newer = app.fetch("/v1/partner/access-token", { token }).then(noted("newer list"));
    await sleepUntil(started, 1400);
    const payment = app
      .fetch("/api/test-processor/pay", {
        method: "POST",
        json: { clientSecret: `pi_test_${randomUUID()}_secret_x`, cardNumber: "4242424242424242" },
      })
      .then(noted("payment"));
    // All three now wait for a connection; one comes free.
    await sleepUntil(started, 1600);
    await holds[0]();
    expect(await longWaiting).toBe(200);
    expect(await payment).toBe(404);
    expect(await newer).toBe(200);
    await Promise.all(holds.slice(1).map((release) => release()));
    expect(order).toEqual(["list that waited", "payment", "newer list"]);
  }, 20_000);
});
