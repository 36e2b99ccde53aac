// Issue 32: a webhook delivery in flight when the server process is killed is delivered after it
// starts again. The real server process (embedded PGlite in a temp DATA_DIR, background jobs on)
// POSTs a sub-name's first event to a receiver here that holds the request unanswered; the process
// is then killed with SIGKILL. Restarted, it sends the event again once the dead claim's lease
// ends, then the name's next event: the receiver sees the first event id twice (at least once),
// each event once after de-duplication by id, in order, every delivery correctly signed.
import type { ChildProcess } from "node:child_process";
import { createHmac, timingSafeEqual } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { startServerProcess, type ServerProcess } from "@/scripts/server-process.mjs";

const OWNER = "0x8ba1f109551bD432803012645Ac136ddd64DBA72";
const dataDir = mkdtempSync(path.join(os.tmpdir(), "namesvc-webhook-restart-"));
const running: ChildProcess[] = [];

interface Received {
  eventId: string;
  type: string;
  body: string;
  signature: string;
}

const received: Received[] = [];
/** Called with each request's response; by default answered 200 at once. */
let onRequest: (response: ServerResponse) => void = (response) => response.end("ok");

const receiver = createServer((request: IncomingMessage, response: ServerResponse) => {
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    received.push({
      eventId: String(request.headers["namesvc-event-id"] ?? ""),
      type: String(request.headers["namesvc-event-type"] ?? ""),
      body: Buffer.concat(chunks).toString("utf8"),
      signature: String(request.headers["namesvc-signature"] ?? ""),
    });
    onRequest(response);
  });
});

async function startServer(): Promise<ServerProcess> {
  const server = await startServerProcess({
    timeoutMs: 90_000,
    env: {
      NODE_ENV: "test",
      DATABASE_URL: "",
      DATA_DIR: dataDir,
      PORT: "0",
      HOST: "127.0.0.1",
      API_ONLY: "1",
      SEED_DEMO_DATA: "1",
      BACKGROUND_JOBS: "1",
      RATE_LIMIT_ENABLED: "0",
      STRIPE_SECRET_KEY: "",
      WEBHOOKS_ALLOW_PRIVATE_URLS: "1",
      LOG_LEVEL: "error",
    },
  });
  running.push(server.child);
  return server;
}

afterAll(async () => {
  for (const child of running) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
  rmSync(dataDir, { recursive: true, force: true });
}, 30_000);

function verify(secret: string, delivery: Received): boolean {
  const parts = Object.fromEntries(delivery.signature.split(",").map((part) => part.split("=", 2)));
  const expected = createHmac("sha256", secret).update(`${parts.t}.${delivery.body}`).digest();
  const given = Buffer.from(parts.v1 ?? "", "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
}

describe("a server killed during a webhook delivery", () => {
  test("delivers the event after the restart: once per event id after de-duplication, in order", async () => {
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    const first = await startServer();
    const token = readFileSync(path.join(dataDir, "demo-admin-token"), "utf8").trim();
    const call = (server: ServerProcess, method: string, route: string, json?: unknown) =>
      fetch(`${server.origin}${route}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(json ? { "content-type": "application/json" } : {}) },
        body: json ? JSON.stringify(json) : undefined,
      });

    const registered = await call(first, "POST", "/v1/partner/webhooks", {
      url: receiverUrl,
      events: ["subname.created", "subname.revoked"],
    });
    expect(registered.status).toBe(201);
    const { id: endpointId, secret } = (await registered.json()) as { id: string; secret: string };

    // The first delivery is held unanswered: the server is killed while it waits.
    let held: ServerResponse | undefined;
    onRequest = (response) => (held = response);
    expect(
      (await call(first, "POST", "/v1/parentdomains/brand.web3/subdomains", { label: "kept", ownerAddress: OWNER }))
        .status,
    ).toBe(201);
    expect((await call(first, "DELETE", "/v1/parentdomains/brand.web3/subdomains/kept")).status).toBe(200);
    await waitFor(() => held !== undefined, 20_000);
    expect(received.map((r) => r.type)).toEqual(["subname.created"]);
    const killedAt = Date.now();
    first.child.kill("SIGKILL");
    expect(await first.exited).toEqual({ code: null, signal: "SIGKILL" });
    held!.destroy();
    onRequest = (response) => response.end("ok");

    const second = await startServer();
    // The dead process's claim ends with its lease (30 s); then both events go, in order.
    await waitFor(() => received.length >= 3, 90_000);
    expect(Date.now() - killedAt).toBeGreaterThan(25_000);
    expect(received.map((r) => r.type)).toEqual(["subname.created", "subname.created", "subname.revoked"]);
    expect(received[1].eventId).toBe(received[0].eventId);
    expect(received.every((delivery) => verify(secret, delivery))).toBe(true);
    const seen = new Map(received.map((delivery) => [delivery.eventId, JSON.parse(delivery.body) as { type: string }]));
    expect([...seen.values()].map((body) => body.type)).toEqual(["subname.created", "subname.revoked"]);

    // Nothing more is sent, and the log says each was delivered.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(received).toHaveLength(3);
    const log = (await (await call(second, "GET", `/v1/partner/webhooks/${endpointId}/deliveries`)).json()) as {
      deliveries: { eventId: string; status: string; lastStatusCode: number }[];
    };
    expect(log.deliveries.map((d) => [d.eventId, d.status, d.lastStatusCode])).toEqual([
      [received[2].eventId, "delivered", 200],
      [received[0].eventId, "delivered", 200],
    ]);
    await second.stop();
  }, 300_000);
});
