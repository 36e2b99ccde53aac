import "server-only";
import { randomBytes, randomUUID } from "node:crypto";
import { createThrowAwayDatabase } from "@/scripts/postgres-temp.mjs";
import { setConfig } from "@/lib/config";
import { closeDatabase, db, isDatabaseOpen, openDatabase } from "@/lib/db";
import { startHttpServer } from "@/lib/server/http-server";

// `npm run bench`, marketplace part: median latency of a crypto purchase, a card purchase (test
// processor) and an order read over real HTTP, and purchases per second with 20 concurrent
// clients buying distinct names; on in-memory PGlite, and on PostgreSQL when BENCH_DATABASE_URL
// names a server (a scratch database is created there and dropped afterwards).

const OWNER = "0x8ba1f109551bD432803012645Ac136ddd64DBA72";
const SEQUENTIAL = 200;
const CONCURRENT_CLIENTS = 20;
const CONCURRENT_TOTAL = 400;

interface Figures {
  cryptoPurchaseMs: number[];
  cardPurchaseMs: number[];
  orderReadMs: number[];
  purchasesPerSecond: number;
  cardPurchasesPerSecond: number;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

async function timed(work: () => Promise<Response>): Promise<number> {
  const started = performance.now();
  const res = await work();
  const body = await res.text();
  if (res.status !== 200) throw new Error(`bench request failed with ${res.status}: ${body.slice(0, 200)}`);
  return performance.now() - started;
}

async function runAgainstServer(origin: string): Promise<Figures> {
  const post = (path: string, body: unknown) =>
    fetch(origin + path, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  const name = () => `bench${randomBytes(6).toString("hex")}.web3`;
  const crypto = () =>
    post("/v1/market/crypto/purchase", {
      currency: "ETH",
      domain: name(),
      ownerAddress: OWNER,
      ownerEmail: "bench@example.com",
      ownerName: "Bench",
      years: 1,
    });
  const card = () =>
    post("/v1/market/purchase", { checkoutId: randomUUID(), domain: name(), ownerAddress: OWNER, years: 1 });

  for (let i = 0; i < 20; i++) await timed(crypto);
  const cryptoPurchaseMs: number[] = [];
  const orderIds: string[] = [];
  for (let i = 0; i < SEQUENTIAL; i++) {
    const started = performance.now();
    const res = await crypto();
    const body = (await res.json()) as { orderId: string };
    cryptoPurchaseMs.push(performance.now() - started);
    orderIds.push(body.orderId);
  }
  const cardPurchaseMs: number[] = [];
  for (let i = 0; i < SEQUENTIAL / 2; i++) cardPurchaseMs.push(await timed(card));
  const orderReadMs: number[] = [];
  for (const id of orderIds) orderReadMs.push(await timed(() => fetch(`${origin}/v1/market/order/${id}`)));

  return {
    cryptoPurchaseMs,
    cardPurchaseMs,
    orderReadMs,
    purchasesPerSecond: await throughput(crypto),
    cardPurchasesPerSecond: await throughput(card),
  };
}

/** Purchases per second with CONCURRENT_CLIENTS clients, each buying its next name as soon as the last is answered. */
async function throughput(buy: () => Promise<Response>): Promise<number> {
  let remaining = CONCURRENT_TOTAL;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENT_CLIENTS }, async () => {
      while (remaining > 0) {
        remaining--;
        await timed(buy);
      }
    }),
  );
  return CONCURRENT_TOTAL / ((performance.now() - started) / 1000);
}

async function benchOn(label: string, open: () => Promise<() => Promise<void>>): Promise<string[]> {
  if (isDatabaseOpen()) throw new Error("benchMarket opens its own database; close the current one first.");
  const drop = await open();
  const server = await startHttpServer({ host: "127.0.0.1", port: 0 });
  try {
    await db().tld.createMany({ data: [{ name: "web3" }], skipDuplicates: true });
    const f = await runAgainstServer(server.origin);
    return [
      `market (${label}): crypto purchase median ${ms(percentile(f.cryptoPurchaseMs, 50))}, p95 ` +
        `${ms(percentile(f.cryptoPurchaseMs, 95))} (${f.cryptoPurchaseMs.length} sequential)`,
      `market (${label}): card purchase, test processor, median ${ms(percentile(f.cardPurchaseMs, 50))}, ` +
        `p95 ${ms(percentile(f.cardPurchaseMs, 95))} (${f.cardPurchaseMs.length} sequential)`,
      `market (${label}): order read median ${ms(percentile(f.orderReadMs, 50))}, p95 ` +
        `${ms(percentile(f.orderReadMs, 95))} (${f.orderReadMs.length} sequential)`,
      `market (${label}): ${f.purchasesPerSecond.toFixed(0)} crypto purchases/s with ${CONCURRENT_CLIENTS} ` +
        `concurrent clients buying distinct names (${CONCURRENT_TOTAL} purchases)`,
      `market (${label}): ${f.cardPurchasesPerSecond.toFixed(0)} card purchases/s (test processor), same load`,
    ];
  } finally {
    await server.close();
    await closeDatabase();
    await drop();
  }
}

export async function benchMarket(options: { postgresUrl?: string } = {}): Promise<string[]> {
  // Bench tooling, not the service: its one variable is read here rather than in lib/config.
  const postgresUrl = options.postgresUrl ?? process.env.BENCH_DATABASE_URL;
  // The bench buys more names from one address than the purchase rate limit and the unpaid-hold
  // bound let a client buy.
  setConfig({
    LOG_LEVEL: "silent",
    NODE_ENV: "test",
    RATE_LIMIT_ENABLED: false,
    UNPAID_HOLDS_PER_CLIENT: 0,
    UNPAID_HOLDS_PER_OWNER: 0,
  });
  const lines = await benchOn("PGlite, in memory", async () => {
    await openDatabase();
    return async () => undefined;
  });
  if (postgresUrl) {
    lines.push(
      ...(await benchOn("PostgreSQL", async () => {
        const scratch = await createThrowAwayDatabase(postgresUrl, "bench");
        await openDatabase({ url: scratch.url, poolSize: 20 });
        return scratch.drop;
      })),
    );
  } else {
    lines.push("market (PostgreSQL): skipped; set BENCH_DATABASE_URL to a postgres:// server URL to measure it");
  }
  return lines;
}
