// The PostgreSQL server goes away under a running API and comes back: requests that need the
// database answer 503 quickly in their endpoint's error shape, and the same app recovers alone.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { findPostgresBin, startTempPostgres } from "@/scripts/postgres-temp.mjs";
import { createPartner } from "@/lib/partners/create-partner";
import { startTestApp, type TestApp } from "@/tests/support/app";

const MESSAGE = "The database is unavailable; retry shortly.";
// Bounds that hold on a loaded 2-core machine yet tell a bounded answer from a hang (the client
// would wait 30 s): the timeout that decides, plus room for scheduling.
const SLACK_MS = 6000;
const CONNECT_TIMEOUT_MS = 1500;
const STATEMENT_TIMEOUT_MS = 1000;
// Connection refused fails at once; at worst the pool's connect timeout decides.
const ANSWER_WITHIN_MS = CONNECT_TIMEOUT_MS + SLACK_MS;
// A frozen server neither refuses nor answers: the pools' read watchdog decides (statement + 2 s,
// noticed within two of its periods, at most a second each: lib/db/read-watchdog.ts).
const FROZEN_ANSWER_WITHIN_MS = STATEMENT_TIMEOUT_MS + 2000 + 2 * 1000 + SLACK_MS;

let server: Awaited<ReturnType<typeof startTempPostgres>>;
let app: TestApp;
let usedToken: string;
let unusedToken: string;

describe.skipIf(!findPostgresBin())("database unreachable", () => {
  beforeAll(async () => {
    server = await startTempPostgres();
    app = await startTestApp(
      { DB_CONNECT_TIMEOUT_MS: CONNECT_TIMEOUT_MS, DB_STATEMENT_TIMEOUT_MS: STATEMENT_TIMEOUT_MS },
      { databaseServerUrl: server!.url },
    );
    usedToken = (await createPartner("Up")).token.value;
    unusedToken = (await createPartner("Never seen")).token.value;
  }, 90_000);

  afterAll(async () => {
    server?.thaw();
    await server?.resume();
    await app?.close();
    await server?.stop();
  }, 60_000);

  async function recovered(path: string, token?: string): Promise<number> {
    const deadline = Date.now() + 20_000;
    let status = 0;
    while (Date.now() < deadline) {
      status = (await app.fetch(path, { token })).status;
      if (status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    return status;
  }

  async function timed(path: string, token?: string) {
    const started = performance.now();
    const res = await app.fetch(path, { token });
    return { res, ms: performance.now() - started, body: await res.json() };
  }

  test("503 with Retry-After while PostgreSQL is down, then 200 again once it is back", async () => {
    const tokensPath = "/v1/partner/access-token";
    const searchPath = "/v1/market/search?q=alice.web3";
    const orderPath = "/v1/market/order/00000000-0000-4000-8000-000000000000";
    expect((await app.fetch(tokensPath, { token: usedToken })).status).toBe(200);
    expect((await app.fetch(searchPath)).status).toBe(200);
    expect((await app.fetch(orderPath)).status).toBe(404);

    await server!.pause();

    const down = [
      { ...(await timed(tokensPath, usedToken)), shape: "list" },
      // A token this instance never saw must be looked up: that fails as a 503 too, not a 401.
      { ...(await timed(tokensPath, unusedToken)), shape: "list" },
      { ...(await timed(searchPath)), shape: "single" },
      { ...(await timed(orderPath)), shape: "single" },
    ];
    for (const { res, ms, body, shape } of down) {
      expect(res.status).toBe(503);
      expect(res.headers.get("retry-after")).toBe("5");
      expect(ms).toBeLessThan(ANSWER_WITHIN_MS);
      expect(body).toEqual(
        shape === "list" ? { errors: [{ field: "database", info: MESSAGE }] } : { field: "database", info: MESSAGE },
      );
    }

    await server!.resume();

    // Connections the pool held were cut by the shutdown; new ones are made on demand.
    expect(await recovered(tokensPath, usedToken)).toBe(200);
    const tokens = await (await app.fetch(tokensPath, { token: unusedToken })).json();
    expect(tokens).toHaveLength(1);
    expect((await app.fetch(searchPath)).status).toBe(200);
    expect((await app.fetch(orderPath)).status).toBe(404);
  }, 60_000);

  test("a server that stops answering (frozen, sockets open) gives 503 within the timeouts, not a hang", async () => {
    const tokensPath = "/v1/partner/access-token";
    const searchPath = "/v1/market/search?q=bob.web3";
    expect((await app.fetch(tokensPath, { token: usedToken })).status).toBe(200);

    server!.freeze();
    try {
      const answers = await Promise.all([timed(tokensPath, usedToken), timed(searchPath)]);
      for (const { res, ms } of answers) {
        expect(res.status).toBe(503);
        expect(res.headers.get("retry-after")).toBe("5");
        expect(ms).toBeLessThan(FROZEN_ANSWER_WITHIN_MS);
      }
      expect(answers[0].body).toEqual({ errors: [{ field: "database", info: MESSAGE }] });
      expect(answers[1].body).toEqual({ field: "database", info: MESSAGE });
    } finally {
      server!.thaw();
    }
    expect(await recovered(tokensPath, usedToken)).toBe(200);
    expect((await app.fetch(searchPath)).status).toBe(200);
  }, 60_000);
});
