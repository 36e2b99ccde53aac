// The real server process (lib/server/main.ts, embedded PGlite in a temp DATA_DIR) is killed with
// SIGKILL in the middle of fulfilment: FAULT_INJECT=after-paid makes it die right after the PAID
// transition commits and before the name is registered. Restarted without the hook, the start-up
// recovery completes the order and the name is registered exactly once.
import type { ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { startServerProcess, type ServerProcess } from "@/scripts/server-process.mjs";
import { setConfig } from "@/lib/config";
import { closeDatabase, database, openConfiguredDatabase } from "@/lib/db";

const OWNER = "0x8ba1f109551bD432803012645Ac136ddd64DBA72";
const ETH_WALLET = "0x71C7656EC7ab88b098defB751B7401B5f6d8976F";
const dataDir = mkdtempSync(path.join(os.tmpdir(), "namesvc-killed-"));
const running: ChildProcess[] = [];

async function startServer(extraEnv: Record<string, string> = {}): Promise<ServerProcess> {
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
      LOG_LEVEL: "error",
      ...extraEnv,
    },
  });
  running.push(server.child);
  return server;
}

afterAll(async () => {
  for (const child of running) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  await closeDatabase().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
}, 30_000);

describe("SIGKILL between payment and registration", () => {
  test("after a restart the order completes and the name is registered once", async () => {
    const domain = `crash${randomUUID().slice(0, 8)}.web3`;
    const checkoutId = randomUUID();
    const first = await startServer({ FAULT_INJECT: "after-paid" });

    const bought = await fetch(`${first.origin}/v1/market/purchase`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        checkoutId,
        domain,
        ownerAddress: OWNER,
        walletAddrs: [{ coinId: 60, addr: ETH_WALLET }],
        years: 2,
      }),
    });
    expect(bought.status).toBe(200);
    const { orderId, processorCheckoutSession } = await bought.json();

    // Paying moves the order to PAID; fulfilment then kills the process before registering.
    const paid = await fetch(`${first.origin}/api/test-processor/pay`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ clientSecret: processorCheckoutSession, cardNumber: "4242424242424242" }),
      signal: AbortSignal.timeout(15_000),
    }).then(
      (res) => res.status,
      () => "no answer",
    );
    expect(paid).toBe("no answer");
    expect(await first.exited).toEqual({ code: null, signal: "SIGKILL" });

    const second = await startServer();
    const token = readFileSync(path.join(dataDir, "demo-admin-token"), "utf8").trim();
    let order: { orderStatus?: string; orderStatusReason?: string } = {};
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      order = await (await fetch(`${second.origin}/v1/market/order/${orderId}`)).json();
      if (order.orderStatus === "COMPLETED") break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(order.orderStatus).toBe("COMPLETED");
    expect(order.orderStatusReason).toMatch(new RegExp(`^Registered to ${OWNER} until \\d{4}-\\d{2}-\\d{2}\\.`));

    const resolved = await fetch(`${second.origin}/v1/resolve/${domain}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(resolved.status).toBe(200);
    const result = await resolved.json();
    expect(result).toMatchObject({ domain, nameService: "native", ownerAddress: OWNER });
    expect(result.wallets).toEqual([{ address: ETH_WALLET, coin: "ETH", version: expect.any(String) }]);

    // A second buyer cannot get the name, and paying the first order again changes nothing.
    const again = await fetch(`${second.origin}/v1/market/purchase`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ checkoutId: randomUUID(), domain, ownerAddress: OWNER, years: 1 }),
    });
    expect(again.status).toBe(409);
    const repaid = await fetch(`${second.origin}/api/test-processor/pay`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ clientSecret: processorCheckoutSession, cardNumber: "4242424242424242" }),
    });
    expect(await repaid.json()).toMatchObject({ status: "succeeded", orderStatus: "COMPLETED" });
    await second.stop();

    // The tables, read once the server has let go of the data directory.
    setConfig({ NODE_ENV: "test", DATABASE_URL: undefined, DATA_DIR: dataDir, LOG_LEVEL: "silent" });
    await openConfiguredDatabase();
    const domains = await database().query<{ n: number }>(`SELECT count(*)::int AS n FROM "domain" WHERE name = $1`, [
      domain,
    ]);
    const events = await database().query<{ status: string }>(
      `SELECT status::text FROM "order_event" WHERE order_id = $1 ORDER BY created_at, status`,
      [orderId],
    );
    const orders = await database().query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "order" WHERE domain = $1 AND order_status IN ('PAID', 'COMPLETED')`,
      [domain],
    );
    expect(domains[0].n).toBe(1);
    expect(orders[0].n).toBe(1);
    expect(events.map((e) => e.status)).toEqual(["PENDING", "PAID", "COMPLETED"]);
  }, 240_000);
});
