// The real server process (lib/server/main.ts, embedded PGlite in a temp DATA_DIR) is killed with
// SIGKILL between recording money and settling the order: FAULT_INJECT=after-credit makes it die
// right after a card payment is recorded, or a chain credit commits, and before the order moves.
// While it is down the offer runs out. The next start settles the order (the expiry job never
// expires an order its recorded money covers) and each name is registered once.
import type { ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createWalletClient, defineChain, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { startServerProcess, type ServerProcess } from "@/scripts/server-process.mjs";
import { setConfig } from "@/lib/config";
import { closeDatabase, database, openConfiguredDatabase } from "@/lib/db";
import { startEvmNode, type EvmNode } from "@/tests/support/evm-node";

const OWNER = "0x8ba1f109551bD432803012645Ac136ddd64DBA72";
const CHAIN_ID = 1337;
const dataDir = mkdtempSync(path.join(os.tmpdir(), "namesvc-settle-crash-"));
const running: ChildProcess[] = [];
let node: EvmNode;

beforeAll(async () => {
  node = await startEvmNode({ chainId: CHAIN_ID });
}, 60_000);

afterAll(async () => {
  for (const child of running) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  await closeDatabase().catch(() => undefined);
  await node?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}, 30_000);

async function startServer(extraEnv: Record<string, string> = {}): Promise<ServerProcess> {
  const server = await startServerProcess({
    timeoutMs: 150_000,
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
      PAYMENTS_EVM_RPC_URL: node.rpcUrl,
      PAYMENTS_EVM_CHAIN_ID: String(CHAIN_ID),
      PAYMENTS_EVM_CONFIRMATIONS: "1",
      WATCHER_INTERVAL_MS: "200",
      CRYPTO_RATES_JSON: '{"ETH":"2000"}',
      // The watcher's RPC is a live payment setting; this test chain wants the test deposit keys
      // and the test card processor.
      PAYMENTS_ALLOW_TEST_DEFAULTS: "1",
      PAYMENTS_TEST_CARD_PROCESSOR: "1",
      ...extraEnv,
    },
  });
  running.push(server.child);
  return server;
}

/** Reads the tables once no server holds the data directory. */
async function withDatabase<T>(work: () => Promise<T>): Promise<T> {
  setConfig({ NODE_ENV: "test", DATABASE_URL: undefined, DATA_DIR: dataDir, LOG_LEVEL: "silent" });
  await openConfiguredDatabase();
  try {
    return await work();
  } finally {
    await closeDatabase();
  }
}

/** The order's state as the crash left it; then its offer is moved into the past. */
async function recordedAndOfferEnded(domain: string) {
  return withDatabase(async () => {
    const [row] = await database().query<{ order_status: string; settlement_due: boolean }>(
      `SELECT o.order_status::text, p.settlement_due FROM "order" o JOIN payment p ON p.order_id = o.id ` +
        "WHERE o.domain = $1",
      [domain],
    );
    await database().query(`UPDATE "order" SET expires_at = now() - interval '1 minute' WHERE domain = $1`, [domain]);
    await database().query(
      "UPDATE payment SET expires_at = now() - interval '1 minute' WHERE order_id IN (SELECT id FROM " +
        `"order" WHERE domain = $1) AND expires_at IS NOT NULL`,
      [domain],
    );
    return row;
  });
}

/** The orders' statuses once all are COMPLETED, or as they are after 30 s. */
async function statusesOnceSettled(server: ServerProcess, orderIds: string[]): Promise<string[]> {
  const deadline = Date.now() + 30_000;
  let statuses: string[] = [];
  while (Date.now() < deadline) {
    statuses = await Promise.all(
      orderIds.map(
        async (id) =>
          ((await (await fetch(`${server.origin}/v1/market/order/${id}`)).json()) as { orderStatus: string })
            .orderStatus,
      ),
    );
    if (statuses.every((s) => s === "COMPLETED")) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return statuses;
}

const post = async (origin: string, route: string, body: unknown) =>
  fetch(`${origin}${route}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(20_000),
  });

describe("SIGKILL between recording a payment and settling its order", () => {
  test("card and crypto: after a restart past the offers' end, both orders complete; nothing expires", async () => {
    const cardDomain = `crashcard${randomUUID().slice(0, 6)}.web3`;
    const cryptoDomain = `crashcoin${randomUUID().slice(0, 6)}.web3`;

    // 1. A card payment is recorded, then the process dies.
    const first = await startServer({ FAULT_INJECT: "after-credit" });
    const bought = await post(first.origin, "/v1/market/purchase", {
      checkoutId: randomUUID(),
      domain: cardDomain,
      ownerAddress: OWNER,
      years: 1,
    });
    expect(bought.status).toBe(200);
    const card = await bought.json();
    const paid = await post(first.origin, "/api/test-processor/pay", {
      clientSecret: card.processorCheckoutSession,
      cardNumber: "4242424242424242",
    }).then(
      (res) => res.status,
      () => "no answer",
    );
    expect(paid).toBe("no answer");
    expect(await first.exited).toEqual({ code: null, signal: "SIGKILL" });
    // While the server is down, the card offer runs out.
    expect(await recordedAndOfferEnded(cardDomain)).toEqual({ order_status: "PENDING", settlement_due: true });

    // 2. The restart settles the card order; then a crypto payment is credited, and the process dies.
    const second = await startServer({ FAULT_INJECT: "after-credit" });
    expect(await statusesOnceSettled(second, [card.orderId])).toEqual(["COMPLETED"]);
    const offered = await post(second.origin, "/v1/market/crypto/purchase", {
      currency: "ETH",
      domain: cryptoDomain,
      ownerAddress: OWNER,
      ownerEmail: "crash@example.com",
      ownerName: "Crash",
      years: 1,
    });
    expect(offered.status).toBe(200);
    const coin = await offered.json();
    const chain = defineChain({
      id: CHAIN_ID,
      name: "anvil",
      nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
      rpcUrls: { default: { http: [node.rpcUrl] } },
    });
    const payer = createWalletClient({
      chain,
      account: privateKeyToAccount(node.accounts[3].privateKey),
      transport: http(node.rpcUrl),
    });
    await payer.sendTransaction({
      to: coin.address,
      value: BigInt(coin.paymentDetails.amountAtomic),
      account: payer.account!,
      chain,
    });
    await node.mine(1);
    expect(await second.exited).toEqual({ code: null, signal: "SIGKILL" });

    // While the server is down, the crypto offer runs out.
    expect(await recordedAndOfferEnded(cryptoDomain)).toEqual({ order_status: "PENDING", settlement_due: true });

    // 3. Restarted without the hook: settled, never expired.
    const third = await startServer();
    expect(await statusesOnceSettled(third, [card.orderId, coin.orderId])).toEqual(["COMPLETED", "COMPLETED"]);
    await third.stop();

    await withDatabase(async () => {
      for (const domain of [cardDomain, cryptoDomain]) {
        const registered = await database().query<{ n: number }>(
          `SELECT count(*)::int AS n FROM domain WHERE name = $1`,
          [domain],
        );
        expect(registered[0].n).toBe(1);
        const events = await database().query<{ status: string }>(
          `SELECT e.status::text FROM order_event e JOIN "order" o ON o.id = e.order_id WHERE o.domain = ` +
            "$1 ORDER BY e.created_at",
          [domain],
        );
        expect(events.map((e) => e.status)).toEqual(["PENDING", "PAID", "COMPLETED"]);
      }
      const due = await database().query<{ n: number }>(`SELECT count(*)::int AS n FROM payment WHERE settlement_due`);
      expect(due[0].n).toBe(0);
    });
  }, 600_000);
});
