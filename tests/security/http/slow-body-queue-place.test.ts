// The PostgreSQL pool serves requests in the order they arrived (lib/db/arrival-order.ts). A
// client that opens a request and sends its body slowly would otherwise keep its early place and,
// once the body is in, take the next connection ahead of everything that arrived meanwhile. Its
// head start is bounded (2 s): here a token create whose body took 3.5 s waits behind a token list
// that arrived 0.5 s after it (without the bound it would go first), when both want the
// database's one free connection.
import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createPartner } from "@/lib/partners/create-partner";
import { holdConnection } from "@/tests/support/pool";
import { servedByNext, startTestApp, type TestApp } from "@/tests/support/app";

const onPostgres = Boolean(process.env.TEST_DATABASE_URL) && !servedByNext;
// openTestDatabase's pool on PostgreSQL.
const POOL_SIZE = 5;
const BODY_TAKES_MS = 3500;
const LIST_ARRIVES_AFTER_MS = 500;

let app: TestApp;
let token: string;

beforeAll(async () => {
  if (!onPostgres) return;
  app = await startTestApp();
  token = (await createPartner("Slow body")).token.value;
  // The token is verified once, so neither request below needs the database for it.
  expect((await app.fetch("/v1/partner/access-token", { token })).status).toBe(200);
});
afterAll(async () => {
  await app?.close();
});

/** Sends a request's head now; `finish` sends its body; `answered` is the raw answer. */
function slowRequest(path: string, body: string) {
  const url = new URL(app.baseUrl);
  const socket: Socket = connect(Number(url.port), url.hostname);
  let raw = "";
  socket.on("data", (chunk) => (raw += chunk.toString("latin1")));
  const answered = new Promise<string>((resolve, reject) => {
    socket.on("end", () => resolve(raw));
    socket.on("error", reject);
  });
  socket.write(
    `POST ${path} HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: Bearer ${token}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n`,
  );
  return { finish: () => socket.write(body), answered };
}

describe.runIf(onPostgres)("a request whose body comes slowly", () => {
  test("does not keep its arrival's place ahead of requests that came since", async () => {
    const now = Date.now();
    const body = JSON.stringify({
      label: "slow",
      validFrom: new Date(now - 3_600_000).toISOString(),
      validTill: new Date(now + 3_600_000).toISOString(),
    });
    const started = Date.now();
    const slow = slowRequest("/v1/partner/access-token", body);
    const holds = await Promise.all(Array.from({ length: POOL_SIZE }, holdConnection));
    await new Promise((resolve) => setTimeout(resolve, LIST_ARRIVES_AFTER_MS - (Date.now() - started)));
    const order: string[] = [];
    const list = app.fetch("/v1/partner/access-token", { token }).then((res) => {
      order.push("list");
      return res.status;
    });
    await new Promise((resolve) => setTimeout(resolve, BODY_TAKES_MS - (Date.now() - started)));
    slow.finish();
    const created = slow.answered.then((raw) => {
      order.push("slow create");
      return raw;
    });
    // Both now wait for a connection; one comes free.
    await new Promise((resolve) => setTimeout(resolve, 200));
    await holds[0]();
    expect(await list).toBe(200);
    expect(await created).toMatch(/^HTTP\/1\.1 201 /);
    await Promise.all(holds.slice(1).map((release) => release()));
    expect(order).toEqual(["list", "slow create"]);
  }, 20_000);
});
