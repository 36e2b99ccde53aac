// `npm run soak`: a bounded soak of the real server process (lib/server/main.ts, API_ONLY=1,
// RATE_LIMIT_ENABLED=0) with 200 concurrent clients on 127.0.0.1, in two phases of the same length
// on the same server: first only reads (resolutions forward with and without coins, reverse and
// batch, sub-domain listings and per-day counts, token lists, market search, order reads), then
// mixed traffic: the same reads plus token create/delete, card purchases paid through the test
// processor and crypto (BTC) purchases paid exactly, over, under or not at all through a local
// Esplora server, or paid in full and left in the mempool past the offer's expiry, then confirmed
// or dropped. Once on PGlite and once on PostgreSQL (BENCH_DATABASE_URL, or a throw-away server
// from the machine's binaries). It prints both phases' tables, how the mixed phase's resolution
// latency compares with the read-only phase's, the purchase rate, and the resident memory of the
// server (with the embedded database's thread, and any process the server started) from /proc.
// After the load the offers run out (SOAK_OFFER_MINUTES), the partner lists the refunds owed and
// records their payouts. At the end: no 5xx, and every accepted purchase ends with one order that
// is COMPLETED (registered once), REFUNDED (everything received paid back), or EXPIRED with
// nothing received; every amount owed is paid; and the ledger balances: per currency its sales are
// the refunds, the partners' shares and the platform's net, and per order what it kept matches the
// order's state (lib/operator/ledger-balance.ts); a ledger that does not balance fails the soak.
//
// Options (environment): SOAK_SECONDS (120, per phase), SOAK_WARMUP_SECONDS (a quarter of it, 3 to
// 10), SOAK_CLIENTS (200), SOAK_DATABASES
// (pglite,postgres), SOAK_BASELINE_PURCHASES (purchases/s on PostgreSQL before issue 17's changes,
// measured on this repository's 2-core machine; the figure the 4x goal is checked against),
// SOAK_OFFER_MINUTES (1), SOAK_PROBLEMS_FILE (every reconciliation problem, one file per database).
import { startServerProcess, type ServerProcess } from "@/scripts/server-process.mjs";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createThrowAwayDatabase, startTempPostgres } from "@/scripts/postgres-temp.mjs";
import { setConfig } from "@/lib/config";
import { closeDatabase, database, openConfiguredDatabase } from "@/lib/db";
import { checkLedgerBalance, type LedgerBalance } from "@/lib/operator/ledger-balance";
import { btcAddressAt, testBtcXpub } from "@/lib/payments/crypto/derive-address";
import {
  startEsploraServer,
  type EsploraServer,
  type FakeTx,
} from "@/tests/integration/payments/support/esplora-server";

const SECONDS = Number(process.env.SOAK_SECONDS ?? 120);
const CLIENTS = Number(process.env.SOAK_CLIENTS ?? 200);
const DATABASES = (process.env.SOAK_DATABASES ?? "pglite,postgres").split(",").map((s) => s.trim());
const RSS_EVERY_MS = 5000;
// A payment left in the mempool at expiry keeps its order only if the watcher saw it before the
// offer ended: with 200 clients' deposit addresses the Bitcoin watcher's pass over them took longer
// than 15-second offers on this machine (most in-flight payments were first seen after expiry).
const OFFER_MINUTES = Number(process.env.SOAK_OFFER_MINUTES ?? 1);
/** Where the soak's crypto buyers pay from, and so where their refunds go. */
const BTC_SENDER = btcAddressAt(testBtcXpub("regtest"), "regtest", 7777);
// Issue 17's goals, checked against this run's figures.
const MIXED_TO_READ_ONLY_P99 = 2;
const PGLITE_TO_POSTGRES_P99 = 10;
const PURCHASE_RATE_FACTOR = 4;
const RSS_LIMIT_MB = 300;
// Card and crypto purchases per second on PostgreSQL, SOAK_SECONDS=30, before issue 17's changes
// (main at 5b9982a, this repository's 2-core machine; see docs/operations.md's figures).
const BASELINE_PURCHASES = Number(process.env.SOAK_BASELINE_PURCHASES ?? 6.9);
const RESOLUTION: Kind[] = ["resolve", "resolve+coins", "reverse", "batch resolve"];
// Before the measured phases, the mixed traffic runs unmeasured for this long (SOAK_WARMUP_SECONDS):
// the server's first requests of each kind load and compile modules and fill caches for seconds,
// which would otherwise land in the read-only phase's latencies alone.
const WARMUP_SECONDS = Number(process.env.SOAK_WARMUP_SECONDS ?? Math.min(10, Math.max(3, SECONDS / 4)));
const ALICE_OWNER = "0x8ba1f109551bD432803012645Ac136ddd64DBA72";
const ETH_WALLET = "0x71C7656EC7ab88b098defB751B7401B5f6d8976F";
const JWT_SECRET = randomBytes(32).toString("base64url");

type Kind =
  | "resolve"
  | "resolve+coins"
  | "reverse"
  | "batch resolve"
  | "subdomain list"
  | "per-day"
  | "token create"
  | "token list"
  | "token delete"
  | "market search"
  | "card purchase"
  | "card pay"
  | "crypto purchase"
  | "card renewal"
  | "crypto renewal"
  | "order read";

// Relative frequency of each client step (a card step is purchase + pay; a token step is create + delete).
const MIX: [Step, number][] = [
  ["resolve", 20],
  ["resolve+coins", 8],
  ["reverse", 8],
  ["batch resolve", 4],
  ["subdomain list", 8],
  ["per-day", 6],
  ["tokens", 6],
  ["token list", 4],
  ["market search", 10],
  ["card", 6],
  ["crypto purchase", 4],
  ["renewal", 3],
  ["order read", 10],
];
type Step =
  | Exclude<Kind, "token create" | "token delete" | "card purchase" | "card pay" | "card renewal" | "crypto renewal">
  | "tokens"
  | "card"
  | "renewal";

// The read-only phase: the same reads in the same proportions, without the writes.
const WRITES = new Set<Step>(["tokens", "card", "crypto purchase", "renewal"]);
const READS_ONLY: [Step, number][] = MIX.filter(([step]) => !WRITES.has(step));

type Phase = "read-only" | "mixed";

/**
 * How a crypto buyer pays: the amount due, more, less, or nothing; or the amount due broadcast
 * and left in the mempool past the offer's expiry, then confirmed (`seen`) or dropped (`dropped`).
 */
type CryptoPlan = "exact" | "over" | "under" | "none" | "seen" | "dropped";

interface Purchase {
  kind: "card" | "crypto";
  /** A renewal (anyone may pay one) of a name bought earlier in the run, rather than its purchase. */
  renewal?: boolean;
  orderId: string;
  domain: string;
  paid: boolean;
  plan?: CryptoPlan;
  /** Crypto: satoshi due and satoshi sent. */
  due?: bigint;
  sent?: bigint;
  /** `seen` and `dropped`: the transaction left in the mempool. */
  tx?: FakeTx;
}

interface Run {
  origin: string;
  token: string;
  /** The server's DATA_DIR, where the operator's local command secret is. */
  dataDir: string;
  mix: [Step, number][];
  latencies: Map<Kind, number[]>;
  statuses: Map<Kind, Map<number, number>>;
  serverErrors: string[];
  purchases: Purchase[];
  orderIds: string[];
  elapsed: number;
  partnerId: string;
  esplora: EsploraServer;
}

/** What one database's soak reports and the cross-database comparison needs. */
interface Outcome {
  label: string;
  report: string;
  ok: boolean;
  mixedResolutionP99: number;
  purchasesPerSecond: number;
}

async function main() {
  console.log(
    `soak: ${SECONDS} s read-only then ${SECONDS} s mixed per database, ${CLIENTS} clients, ` +
      `databases: ${DATABASES.join(", ")}`,
  );
  const outcomes: Outcome[] = [];
  for (const kind of DATABASES) {
    const outcome = kind === "postgres" ? await soakPostgres() : await soakOn("pglite", undefined);
    if (outcome) outcomes.push(outcome);
  }
  console.log(`\n${outcomes.map((outcome) => outcome.report).join("\n\n")}`);
  const pglite = outcomes.find((outcome) => outcome.label === "pglite");
  const postgres = outcomes.find((outcome) => outcome.label === "postgres");
  if (pglite || postgres) console.log("\nacross databases:");
  if (pglite && postgres) {
    const ratio = pglite.mixedResolutionP99 / postgres.mixedResolutionP99;
    console.log(
      `  resolution p99 under mixed load: PGlite ${pglite.mixedResolutionP99.toFixed(1)} ms, ` +
        `PostgreSQL ${postgres.mixedResolutionP99.toFixed(1)} ms: ${ratio.toFixed(1)}x (goal <= ` +
        `${PGLITE_TO_POSTGRES_P99}x: ${ratio <= PGLITE_TO_POSTGRES_P99 ? "met" : "NOT met"})`,
    );
  }
  if (postgres) {
    const factor = postgres.purchasesPerSecond / BASELINE_PURCHASES;
    console.log(
      `  purchases on PostgreSQL: ${postgres.purchasesPerSecond.toFixed(1)}/s against ` +
        `${BASELINE_PURCHASES}/s before: ${factor.toFixed(1)}x (goal >= ${PURCHASE_RATE_FACTOR}x: ` +
        `${factor >= PURCHASE_RATE_FACTOR ? "met" : "NOT met"})`,
    );
  }
  if (outcomes.some((outcome) => !outcome.ok)) process.exitCode = 1;
}

async function soakPostgres() {
  let temp: Awaited<ReturnType<typeof startTempPostgres>> | undefined;
  let serverUrl = process.env.BENCH_DATABASE_URL;
  if (!serverUrl) {
    temp = await startTempPostgres().catch(() => undefined);
    if (!temp) {
      console.log("(no BENCH_DATABASE_URL and no PostgreSQL binaries: PostgreSQL soak skipped)");
      return undefined;
    }
    serverUrl = temp.url;
  }
  const scratch = await createThrowAwayDatabase(serverUrl, "soak");
  try {
    return await soakOn("postgres", scratch.url);
  } finally {
    await scratch.drop();
    await temp?.stop();
  }
}

async function soakOn(label: string, databaseUrl: string | undefined): Promise<Outcome> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "namesvc-soak-"));
  console.log(`\n== ${label}: starting the server on ${databaseUrl ? "PostgreSQL" : `PGlite in ${dataDir}`}`);
  const esplora = await startEsploraServer();
  const env = {
    NODE_ENV: "production",
    // Production names the sign-in hosts; the soak's clients are on this machine.
    OWNER_SIGN_IN_DOMAINS: "loopback",
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? "",
    JWT_SECRET,
    SEED_DEMO_DATA: "1",
    BACKGROUND_JOBS: "1",
    // 200 clients on one address and one owner: the unpaid-hold bound is not what is measured.
    UNPAID_HOLDS_PER_CLIENT: "0",
    UNPAID_HOLDS_PER_OWNER: "0",
    PAYMENT_OFFER_MINUTES: String(OFFER_MINUTES),
    PAYMENTS_BTC_ESPLORA_URL: esplora.url,
    PAYMENTS_BTC_NETWORK: "regtest",
    PAYMENTS_BTC_CONFIRMATIONS: "1",
    WATCHER_INTERVAL_MS: "1000",
    // A local Esplora is a live payment setting; the test keys, rates and card processor are what
    // this run wants.
    PAYMENTS_ALLOW_TEST_DEFAULTS: "1",
    PAYMENTS_TEST_CARD_PROCESSOR: "1",
  };
  const server = await startServer(env);
  const token = readFileSync(path.join(dataDir, "demo-admin-token"), "utf8").trim();
  const tokens = (await (
    await fetch(`${server.origin}/v1/partner/access-token`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { partnerId: string }[];
  const runOf = (mix: [Step, number][]): Run => ({
    origin: server.origin,
    token,
    dataDir,
    mix,
    latencies: new Map(),
    statuses: new Map(),
    serverErrors: [],
    purchases: [],
    orderIds: [],
    elapsed: 0,
    partnerId: tokens[0].partnerId,
    esplora,
  });
  const rss: Record<Phase, { server: number[]; children: number[] }> = {
    "read-only": { server: [], children: [] },
    mixed: { server: [], children: [] },
  };
  let phase: Phase = "read-only";
  const sampleRss = () => {
    const { server: serverMb, children } = residentMb(server.child.pid!);
    rss[phase].server.push(serverMb);
    if (children !== undefined) rss[phase].children.push(children);
  };
  sampleRss();
  const sampler = setInterval(sampleRss, RSS_EVERY_MS);

  // Warm-up, unmeasured: every kind of step once in turn, then the mixed traffic at full
  // concurrency. Its orders are read in both phases and reconciled with the others.
  const warmUp = runOf(MIX);
  console.log(`== ${label}: warming up for ${WARMUP_SECONDS} s`);
  for (const [kind] of MIX) await step(warmUp, 0, kind);
  await runPhase(warmUp, WARMUP_SECONDS);
  const readOnly = runOf(READS_ONLY);
  readOnly.orderIds.push(...warmUp.orderIds);

  console.log(`== ${label}: ${CLIENTS} clients, ${SECONDS} s of reads only`);
  await runPhase(readOnly, SECONDS);
  sampleRss();
  phase = "mixed";
  const mixed = runOf(MIX);
  mixed.orderIds.push(...readOnly.orderIds);
  console.log(`== ${label}: ${CLIENTS} clients, ${SECONDS} s of mixed traffic`);
  await runPhase(mixed, SECONDS);
  sampleRss();
  clearInterval(sampler);

  // The offers run out and settle; the partner pays back what is owed. Then the tables are read
  // with the server stopped (PGlite admits one process).
  const purchases = [...warmUp.purchases, ...readOnly.purchases, ...mixed.purchases];
  const settling = await settleAfterLoad({ ...mixed, purchases });
  await server.stop(15_000);
  await esplora.stop();
  const reconciliation = await reconcile(purchases, dataDir, databaseUrl);
  reconciliation.problems.unshift(...settling);
  rmSync(dataDir, { recursive: true, force: true });
  // Every problem, one a line, where SOAK_PROBLEMS_FILE says (the report shows the first three).
  if (process.env.SOAK_PROBLEMS_FILE)
    writeFileSync(`${process.env.SOAK_PROBLEMS_FILE}.${label}`, reconciliation.problems.join("\n") + "\n");

  const errors = [...warmUp.serverErrors, ...readOnly.serverErrors, ...mixed.serverErrors];
  const readOnlyP99 = percentile(sortedLatencies(readOnly, RESOLUTION), 99);
  const mixedResolution = sortedLatencies(mixed, RESOLUTION);
  const mixedP99 = percentile(mixedResolution, 99);
  const purchaseLatencies = sortedLatencies(mixed, ["card purchase", "crypto purchase"]);
  const accepted = mixed.purchases.length;
  const purchasesPerSecond = accepted / mixed.elapsed;
  // The bound is the deployment's: the server (on PGlite with its embedded database's thread) and
  // any process it started, together (sampled at the same moments).
  const totalMax = Math.max(
    ...(["read-only", "mixed"] as const).flatMap((p) =>
      rss[p].server.map((serverMb, i) => serverMb + (rss[p].children[i] ?? 0)),
    ),
  );
  const serverMax = Math.max(...rss["read-only"].server, ...rss.mixed.server);
  const childrenMax = Math.max(0, ...rss["read-only"].children, ...rss.mixed.children);
  const lines = [
    formatPhase(label, "read-only", readOnly, rss["read-only"]),
    formatPhase(label, "mixed", mixed, rss.mixed),
    `${label}: resolution (${RESOLUTION.join(", ")}) p50 ` +
      `${percentile(sortedLatencies(readOnly, RESOLUTION), 50).toFixed(1)} / p99 ` +
      `${readOnlyP99.toFixed(1)} ms reads only, ` +
      `p50 ${percentile(mixedResolution, 50).toFixed(1)} / p99 ${mixedP99.toFixed(1)} ms mixed: ` +
      `p99 ${(mixedP99 / readOnlyP99).toFixed(2)}x ` +
      `(goal <= ${MIXED_TO_READ_ONLY_P99}x: ${mixedP99 <= MIXED_TO_READ_ONLY_P99 * readOnlyP99 ? "met" : "NOT met"})`,
    `${label}: purchases (card and crypto) ${purchasesPerSecond.toFixed(1)}/s, ${accepted} ` +
      `accepted; p50 ${percentile(purchaseLatencies, 50).toFixed(1)} ms ` +
      `against the mixed resolution p99 ${mixedP99.toFixed(1)} ms (goal: under it: ` +
      `${percentile(purchaseLatencies, 50) < mixedP99 ? "met" : "NOT met"})`,
    `${label}: resident memory at most ${totalMax.toFixed(0)} MB through both phases` +
      (childrenMax > 0
        ? ` (server ${serverMax.toFixed(0)} MB and its child processes ${childrenMax.toFixed(0)} MB at most)`
        : "") +
      ` (limit ${RSS_LIMIT_MB} MB: ${totalMax <= RSS_LIMIT_MB ? "met" : "NOT met"})`,
    `5xx or no answer: ${errors.length}${errors.length ? ` (first: ${errors.slice(0, 3).join(" | ")})` : ""}`,
    `server log lines: ${serverErrorLines.length}` +
      (serverErrorLines.length ? `, the first:\n  ${serverErrorLines.slice(0, 8).join("\n  ")}` : ""),
    formatReconciliation(purchases, reconciliation),
  ];
  const report = lines.join("\n");
  console.log(report);
  return {
    label,
    report,
    ok: errors.length === 0 && reconciliation.problems.length === 0,
    mixedResolutionP99: mixedP99,
    purchasesPerSecond,
  };
}

async function runPhase(run: Run, seconds: number): Promise<void> {
  const started = performance.now();
  const deadline = Date.now() + seconds * 1000;
  await Promise.all(Array.from({ length: CLIENTS }, (_, i) => client(run, i, deadline)));
  run.elapsed = (performance.now() - started) / 1000;
}

/** Resident memory of the server (on PGlite with its embedded database's thread) and of its child processes. */
function residentMb(pid: number): { server: number; children?: number } {
  const rssOf = (id: number) => {
    try {
      const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${id}/status`, "utf8"));
      return match ? Number(match[1]) / 1024 : 0;
    } catch {
      return 0; // It has just exited.
    }
  };
  // Each thread's children: a process started from a worker thread is listed under that thread.
  let children: number[] = [];
  try {
    children = readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number),
    );
  } catch {
    // No children file on this kernel.
  }
  return {
    server: rssOf(pid),
    children: children.length > 0 ? children.reduce((sum, id) => sum + rssOf(id), 0) : undefined,
  };
}

// ---------------------------------------------------------------- load

function pickStep(mix: [Step, number][]): Step {
  const total = mix.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = Math.random() * total;
  for (const [step, weight] of mix) if ((roll -= weight) < 0) return step;
  return "resolve";
}

/** The answer fields the soak reads: ids and secrets, all strings. */
type AnswerBody = Record<string, string>;

async function call(
  run: Run,
  kind: Kind,
  method: string,
  pathname: string,
  options: { token?: boolean; json?: unknown } = {},
): Promise<{ status: number; body: AnswerBody }> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${run.token}`;
  if (options.json !== undefined) headers["content-type"] = "application/json";
  const started = performance.now();
  let status = 0;
  let body: AnswerBody = {};
  try {
    const res = await fetch(run.origin + pathname, {
      method,
      headers,
      body: options.json === undefined ? undefined : JSON.stringify(options.json),
      signal: AbortSignal.timeout(30_000),
    });
    status = res.status;
    const text = await res.text();
    body = text ? JSON.parse(text) : {};
  } catch (error) {
    run.serverErrors.push(`${kind}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const ms = performance.now() - started;
  if (!run.latencies.has(kind)) run.latencies.set(kind, []);
  run.latencies.get(kind)!.push(ms);
  const counts = run.statuses.get(kind) ?? new Map<number, number>();
  counts.set(status, (counts.get(status) ?? 0) + 1);
  run.statuses.set(kind, counts);
  if (status >= 500) run.serverErrors.push(`${kind} ${method} ${pathname}: ${status} ${JSON.stringify(body)}`);
  return { status, body };
}

async function client(run: Run, index: number, deadline: number) {
  while (Date.now() < deadline) await step(run, index, pickStep(run.mix));
}

let counter = 0;

async function step(run: Run, index: number, next: Step) {
  const unique = `soak${index}x${counter++}${randomBytes(2).toString("hex")}`;
  switch (next) {
    case "resolve":
      await call(run, "resolve", "GET", "/v1/resolve/alice.web3", { token: true });
      break;
    case "resolve+coins":
      await call(run, "resolve+coins", "GET", "/v1/resolve/alice.web3?coins=ETH,BTC", { token: true });
      break;
    case "reverse":
      await call(run, "reverse", "GET", `/v1/reverse/${ALICE_OWNER}`, { token: true });
      break;
    case "batch resolve":
      await call(run, "batch resolve", "POST", "/v1/resolve", {
        token: true,
        json: { names: ["alice.web3", "bob.web3", "brand.web3", "nobody.web3"] },
      });
      break;
    case "subdomain list":
      await call(run, "subdomain list", "GET", "/v1/parentdomains/brand.web3/list?pageSize=50", { token: true });
      break;
    case "per-day":
      await call(run, "per-day", "GET", "/v1/parentdomains/brand.web3/per-day?pageSize=30", { token: true });
      break;
    case "tokens": {
      const now = Date.now();
      const created = await call(run, "token create", "POST", "/v1/partner/access-token", {
        token: true,
        json: {
          label: unique,
          validFrom: new Date(now - 60_000).toISOString(),
          validTill: new Date(now + 3_600_000).toISOString(),
        },
      });
      if (created.status === 201)
        await call(run, "token delete", "DELETE", "/v1/partner/access-token", {
          token: true,
          json: { id: created.body.id },
        });
      break;
    }
    case "token list":
      await call(run, "token list", "GET", "/v1/partner/access-token", { token: true });
      break;
    case "market search":
      await call(run, "market search", "GET", `/v1/market/search?q=${unique}.web3%20alice.web3%20${unique}.brand.web3`);
      break;
    case "card": {
      const domain = `${unique}.web3`;
      const bought = await call(run, "card purchase", "POST", "/v1/market/purchase", {
        json: {
          checkoutId: randomUUID(),
          domain,
          ownerAddress: ALICE_OWNER,
          walletAddrs: [{ coinId: 60, addr: ETH_WALLET }],
          years: 1,
        },
      });
      if (bought.status !== 200) break;
      const purchase: Purchase = { kind: "card", orderId: bought.body.orderId, domain, paid: false };
      run.purchases.push(purchase);
      run.orderIds.push(purchase.orderId);
      const paid = await call(run, "card pay", "POST", "/api/test-processor/pay", {
        json: { clientSecret: bought.body.processorCheckoutSession, cardNumber: "4242424242424242" },
      });
      purchase.paid = paid.status === 200 && paid.body?.status === "succeeded";
      break;
    }
    case "crypto purchase": {
      const domain = `${unique}.web3`;
      const bought = await call(run, "crypto purchase", "POST", "/v1/market/crypto/purchase", {
        json: {
          currency: "BTC",
          domain,
          ownerAddress: ALICE_OWNER,
          ownerEmail: "soak@example.com",
          ownerName: "Soak",
          partnerId: run.partnerId,
          years: 1,
        },
      });
      if (bought.status === 200) {
        const offer = bought.body as unknown as {
          orderId: string;
          address: string;
          paymentDetails: { amountAtomic: string };
        };
        const purchase = payCrypto(run, offer, domain);
        run.purchases.push(purchase);
        run.orderIds.push(purchase.orderId);
      }
      break;
    }
    case "renewal": {
      // A name this run bought by card, renewed for a year by card or crypto (half each).
      const bought = run.purchases.filter((p) => p.kind === "card" && p.paid && !p.renewal);
      if (bought.length === 0) break;
      const { domain } = bought[Math.floor(Math.random() * bought.length)]!;
      if (Math.random() < 0.5) {
        const renewed = await call(run, "card renewal", "POST", "/v1/market/renew", {
          json: { checkoutId: randomUUID(), domain, years: 1 },
        });
        if (renewed.status !== 200) break;
        const renewal: Purchase = { kind: "card", renewal: true, orderId: renewed.body.orderId, domain, paid: false };
        run.purchases.push(renewal);
        run.orderIds.push(renewal.orderId);
        const paid = await call(run, "card pay", "POST", "/api/test-processor/pay", {
          json: { clientSecret: renewed.body.processorCheckoutSession, cardNumber: "4242424242424242" },
        });
        renewal.paid = paid.status === 200 && paid.body?.status === "succeeded";
      } else {
        const renewed = await call(run, "crypto renewal", "POST", "/v1/market/crypto/renew", {
          json: { checkoutId: randomUUID(), currency: "BTC", domain, years: 1 },
        });
        if (renewed.status !== 200) break;
        const offer = renewed.body as unknown as {
          orderId: string;
          address: string;
          paymentDetails: { amountAtomic: string };
        };
        const renewal = { ...payCrypto(run, offer, domain), renewal: true };
        run.purchases.push(renewal);
        run.orderIds.push(renewal.orderId);
      }
      break;
    }
    case "order read": {
      const id = run.orderIds.length > 0 ? run.orderIds[Math.floor(Math.random() * run.orderIds.length)] : randomUUID();
      await call(run, "order read", "GET", `/v1/market/order/${id}`);
      break;
    }
  }
}

/** Pays a crypto offer on the local Esplora server as the plan says; confirmed at once. */
function payCrypto(
  run: Run,
  offer: { orderId: string; address: string; paymentDetails: { amountAtomic: string } },
  domain: string,
): Purchase {
  const roll = Math.random();
  const plan: CryptoPlan =
    roll < 0.3
      ? "exact"
      : roll < 0.45
        ? "over"
        : roll < 0.6
          ? "under"
          : roll < 0.75
            ? "none"
            : roll < 0.9
              ? "seen"
              : "dropped";
  const due = BigInt(offer.paymentDetails.amountAtomic);
  const sent =
    plan === "exact" || plan === "seen" || plan === "dropped"
      ? due
      : plan === "over"
        ? due + 5_000n
        : plan === "under"
          ? due / 2n
          : 0n;
  // In flight: broadcast now, in the mempool until after the offer ran out (settleAfterLoad).
  const inFlight = plan === "seen" || plan === "dropped";
  const tx =
    sent > 0n
      ? run.esplora.addTx(
          [{ address: offer.address, value: Number(sent) }],
          inFlight ? undefined : run.esplora.tip,
          BTC_SENDER,
        )
      : undefined;
  return {
    kind: "crypto",
    orderId: offer.orderId,
    domain,
    paid: sent > 0n,
    plan,
    due,
    sent: plan === "dropped" ? 0n : sent,
    ...(inFlight && { tx }),
  };
}

// ---------------------------------------------------------------- settling after the load

const FINAL = new Set(["COMPLETED", "EXPIRED", "FAILED", "REFUNDED"]);

/**
 * Waits until every accepted purchase's order has left PENDING and PAID (the offers run out, the
 * market's jobs settle), then, as the partner's operator, lists the refunds owed and records a
 * payout for each, and waits for the orders to follow. Answers the problems seen.
 */
async function settleAfterLoad(run: Run): Promise<string[]> {
  const get = async (pathname: string) => {
    const res = await fetch(run.origin + pathname, {
      headers: { authorization: `Bearer ${run.token}` },
      signal: AbortSignal.timeout(30_000),
    });
    return (await res.json()) as Record<string, unknown>;
  };
  const statusOf = new Map<string, string>();
  const waitForFinal = async (what: string, done: (status: string) => boolean): Promise<string[]> => {
    const deadline = Date.now() + OFFER_MINUTES * 60_000 + 90_000;
    let open = run.purchases;
    while (open.length > 0 && Date.now() < deadline) {
      for (let i = 0; i < open.length; i += 20)
        await Promise.all(
          open.slice(i, i + 20).map(async (p) => {
            statusOf.set(p.orderId, String((await get(`/v1/market/order/${p.orderId}`)).orderStatus));
          }),
        );
      open = open.filter((p) => !done(statusOf.get(p.orderId) ?? ""));
      if (open.length > 0) await new Promise((resolve) => setTimeout(resolve, 2000));
    }
    return open.map((p) => `${what}: ${p.kind} order ${p.orderId} is still ${statusOf.get(p.orderId)}`);
  };
  // Payments in the mempool at their offer's expiry: once every offer ran out and the market's
  // upkeep (every 10 s) has passed over them, their orders must still be PENDING; then half of them
  // confirm (the order completes) and the rest are dropped (the order expires).
  const inFlight = run.purchases.filter((p) => p.tx);
  await new Promise((resolve) => setTimeout(resolve, OFFER_MINUTES * 60_000 + 12_000));
  const heldPastExpiry: string[] = [];
  for (const p of inFlight) {
    const status = String((await get(`/v1/market/order/${p.orderId}`)).orderStatus);
    if (status !== "PENDING")
      heldPastExpiry.push(`${p.plan} order ${p.orderId}: ${status} at its offer's end with a payment in flight`);
  }
  console.log(`== settling: ${inFlight.length} payments in flight past their offer; confirming or dropping them`);
  run.esplora.tip++;
  for (const p of inFlight) {
    if (p.plan === "seen") p.tx!.blockHeight = run.esplora.tip;
    else run.esplora.txs.splice(run.esplora.txs.indexOf(p.tx!), 1);
  }
  console.log(`== settling: waiting for ${run.purchases.length} orders to end`);
  const stuck = [...heldPastExpiry, ...(await waitForFinal("after the offers ran out", (status) => FINAL.has(status)))];
  // Refunds and payouts are the operator's: its loopback command routes, with the secret the server
  // keeps in DATA_DIR (made by the server on the first local command it is asked). Every sale's
  // refunds, every page: a renewal of a second-level name is no partner's sale.
  await fetch(`${run.origin}/api/internal/refunds`, { headers: { "x-local-admin-secret": "-" } });
  const secret = readFileSync(path.join(run.dataDir, "local-admin-secret"), "utf8").trim();
  const due: { id: string; amountAtomic: string }[] = [];
  let pageToken = "";
  do {
    const res = await fetch(
      `${run.origin}/api/internal/refunds?status=DUE&pageSize=1000&pageToken=${encodeURIComponent(pageToken)}`,
      { headers: { "x-local-admin-secret": secret }, signal: AbortSignal.timeout(30_000) },
    );
    const page = (await res.json()) as {
      refunds: { id: string; amountAtomic: string }[];
      nextPaginationToken?: string;
    };
    due.push(...page.refunds);
    pageToken = String(page.nextPaginationToken ?? "");
  } while (pageToken);
  console.log(`== settling: the operator records the payout of ${due.length} refunds owed`);
  const problems = [...stuck];
  for (const refund of due) {
    const res = await fetch(`${run.origin}/api/internal/refunds`, {
      method: "POST",
      headers: { "x-local-admin-secret": secret, "content-type": "application/json" },
      body: JSON.stringify({
        refundId: refund.id,
        amountAtomic: refund.amountAtomic,
        reference: `soak-payout-${refund.id}`,
      }),
      signal: AbortSignal.timeout(30_000),
    });
    if (res.status !== 200) problems.push(`payout of refund ${refund.id}: ${res.status} ${await res.text()}`);
  }
  problems.push(...(await waitForFinal("after the payouts", (status) => status !== "FAILED" && FINAL.has(status))));
  return problems;
}

// ---------------------------------------------------------------- reconciliation

interface Reconciliation {
  cardPaid: number;
  cardCompleted: number;
  crypto: number;
  cryptoCompleted: number;
  refunded: number;
  refundsPaid: number;
  ledger: LedgerBalance | null;
  problems: string[];
}

/** What a crypto buyer's plan must end in. */
const CRYPTO_END: Record<CryptoPlan, string> = {
  exact: "COMPLETED",
  over: "COMPLETED",
  under: "REFUNDED",
  none: "EXPIRED",
  seen: "COMPLETED",
  dropped: "EXPIRED",
};

async function reconcile(
  purchases: Purchase[],
  dataDir: string,
  databaseUrl: string | undefined,
): Promise<Reconciliation> {
  setConfig({ NODE_ENV: "production", LOG_LEVEL: "error", DATA_DIR: dataDir, DATABASE_URL: databaseUrl, JWT_SECRET });
  await openConfiguredDatabase();
  const problems: string[] = [];
  let cardCompleted = 0;
  let cryptoCompleted = 0;
  let refunded = 0;
  let refundsPaid = 0;
  let ledger: LedgerBalance | null = null;
  try {
    ledger = await checkLedgerBalance();
    problems.push(...ledger.problems.map((problem) => `ledger: ${problem}`));
    const orders = new Map(
      (
        await database().query<{
          id: string;
          domain: string;
          order_status: string;
          amount_due: string;
          amount_received: string;
          settlement_due: boolean;
        }>(
          `SELECT o.id, o.domain, o.order_status::text, p.amount_due, p.amount_received, p.settlement_due
             FROM "order" o JOIN payment p ON p.order_id = o.id`,
        )
      ).map((row) => [row.id, row]),
    );
    const refunds = await database().query<{
      order_id: string;
      status: string;
      amount_atomic: string;
      sender_address: string | null;
      method: string;
    }>(`SELECT order_id, status::text, amount_atomic, sender_address, method FROM refund`);
    const domainCounts = new Map(
      (
        await database().query<{ name: string; n: number }>(
          `SELECT name, count(*)::int AS n FROM "domain" WHERE name LIKE 'soak%' GROUP BY name`,
        )
      ).map((row) => [row.name, row.n]),
    );
    const ordersPerDomain = new Map<string, number>();
    for (const order of orders.values())
      if (order.domain.startsWith("soak"))
        ordersPerDomain.set(order.domain, (ordersPerDomain.get(order.domain) ?? 0) + 1);
    // A name's orders: its purchase and each renewal of it this run made.
    const expectedOrders = new Map<string, number>();
    for (const p of purchases) expectedOrders.set(p.domain, (expectedOrders.get(p.domain) ?? 0) + 1);
    for (const refund of refunds) {
      if (refund.status !== "PAID") problems.push(`refund for order ${refund.order_id} is still ${refund.status}`);
      else refundsPaid++;
      if (
        refund.method === "crypto" &&
        refund.sender_address !== BTC_SENDER.toLowerCase() &&
        refund.sender_address !== BTC_SENDER
      )
        problems.push(`crypto refund for order ${refund.order_id} goes to ${refund.sender_address}, not the sender`);
    }
    for (const purchase of purchases) {
      const order = orders.get(purchase.orderId);
      if (!order) {
        problems.push(`${purchase.kind} order ${purchase.orderId} (${purchase.domain}) is missing`);
        continue;
      }
      if (ordersPerDomain.get(purchase.domain) !== expectedOrders.get(purchase.domain))
        problems.push(
          `${purchase.domain} has ${ordersPerDomain.get(purchase.domain)} orders, ` +
            `${expectedOrders.get(purchase.domain)} made`,
        );
      const registrations = domainCounts.get(purchase.domain) ?? 0;
      const received = BigInt(order.amount_received);
      const paidBack = refunds
        .filter((r) => r.order_id === order.id && r.status === "PAID")
        .reduce((sum, r) => sum + BigInt(r.amount_atomic), 0n);
      const describe =
        `${purchase.kind} ${purchase.renewal ? "renewal" : "order"} ${order.id} ` +
        `(${purchase.plan ?? (purchase.paid ? "paid" : "unpaid")}) is ${order.order_status} with ` +
        `${registrations} registrations, ${received} received, ${paidBack} paid back`;
      if (order.settlement_due) problems.push(`${describe}, and still due for settlement`);
      // The one invariant: completed and kept exactly what was due, refunded everything, or expired
      // with nothing; a purchase registered the name only when it completed, a renewal never
      // changes whether the name is registered.
      const registered = purchase.renewal ? 1 : order.order_status === "COMPLETED" ? 1 : 0;
      const consistent =
        registrations === registered &&
        ((order.order_status === "COMPLETED" && received - paidBack === BigInt(order.amount_due)) ||
          (order.order_status === "REFUNDED" && received > 0n && paidBack === received) ||
          (order.order_status === "EXPIRED" && received === 0n));
      if (!consistent) {
        problems.push(describe);
        continue;
      }
      if (order.order_status === "REFUNDED") refunded++;
      if (purchase.kind === "card") {
        if (purchase.paid && order.order_status !== "COMPLETED") problems.push(describe);
        if (order.order_status === "COMPLETED") cardCompleted++;
      } else {
        if (order.order_status !== CRYPTO_END[purchase.plan!]) problems.push(describe);
        if (received !== purchase.sent) problems.push(`${describe}; ${purchase.sent} was sent`);
        if (order.order_status === "COMPLETED") cryptoCompleted++;
      }
    }
  } finally {
    await closeDatabase();
  }
  return {
    cardPaid: purchases.filter((p) => p.kind === "card" && p.paid).length,
    cardCompleted,
    crypto: purchases.filter((p) => p.kind === "crypto").length,
    cryptoCompleted,
    refunded,
    refundsPaid,
    ledger,
    problems,
  };
}

// ---------------------------------------------------------------- report

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function sortedLatencies(run: Run, kinds: Kind[]): number[] {
  return kinds.flatMap((kind) => run.latencies.get(kind) ?? []).sort((a, b) => a - b);
}

function formatPhase(label: string, phase: Phase, run: Run, rss: { server: number[]; children: number[] }): string {
  const rows: string[] = [];
  rows.push(`soak on ${label}, ${phase}: ${CLIENTS} clients, ${run.elapsed.toFixed(1)} s`);
  rows.push(
    `${"kind".padEnd(16)} ${"requests".padStart(9)} ${"req/s".padStart(8)} ` +
      `${"p50 ms".padStart(8)} ${"p99 ms".padStart(8)}  statuses`,
  );
  let total = 0;
  for (const [kind, values] of [...run.latencies].sort(([a], [b]) => a.localeCompare(b))) {
    const sorted = [...values].sort((a, b) => a - b);
    total += values.length;
    const statuses = [...(run.statuses.get(kind) ?? [])]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${s}×${n}`)
      .join(" ");
    rows.push(
      `${kind.padEnd(16)} ${String(values.length).padStart(9)} ` +
        `${(values.length / run.elapsed).toFixed(1).padStart(8)} ` +
        `${percentile(sorted, 50).toFixed(1).padStart(8)} ` +
        `${percentile(sorted, 99).toFixed(1).padStart(8)}  ${statuses}`,
    );
  }
  rows.push(`${"all".padEnd(16)} ${String(total).padStart(9)} ${(total / run.elapsed).toFixed(1).padStart(8)}`);
  const samples = (values: number[]) => values.map((value) => value.toFixed(0)).join(" ");
  rows.push(
    `server RSS (MB, every ${RSS_EVERY_MS / 1000} s): max ` +
      `${Math.max(...rss.server).toFixed(0)}; samples ${samples(rss.server)}` +
      (rss.children.length > 0
        ? `\nthe server's child processes' RSS (MB): max ${Math.max(...rss.children).toFixed(0)}; samples ` +
          `${samples(rss.children)}`
        : ""),
  );
  return rows.join("\n");
}

function formatReconciliation(purchases: Purchase[], rec: Reconciliation): string {
  return (
    `reconciliation: ${purchases.length} accepted purchases and renewals ` +
    `(${purchases.filter((p) => p.renewal).length} renewals, card and crypto), each with exactly one order, ` +
    `COMPLETED, REFUNDED or EXPIRED with nothing received; ${rec.cardCompleted}/${rec.cardPaid} ` +
    `paid card orders COMPLETED with one registration; ${rec.crypto} crypto orders ` +
    `(${rec.cryptoCompleted} COMPLETED); ${rec.refunded} orders REFUNDED; ${rec.refundsPaid} ` +
    `refunds paid, none still due; problems: ` +
    `${rec.problems.length}${rec.problems.length ? ` (${rec.problems.slice(0, 3).join("; ")})` : ""}` +
    `\n${formatLedger(rec.ledger)}`
  );
}

/** The ledger's balance per currency, in smallest units: sales = refunds + partner shares + platform net. */
function formatLedger(ledger: LedgerBalance | null): string {
  if (!ledger) return "ledger: not read";
  const lines = ledger.totals.map(
    (t) =>
      `  ${t.currency}: sales ${t.sales} = refunds ${t.refunds} + partner shares ${t.partnerShares} + ` +
      `platform net ${t.platformNet} (of it platform fees ${t.platformFees}, processor fees ${t.processorFees})`,
  );
  return (
    `ledger: ${ledger.orders} orders with money, ${ledger.ok ? "balances" : "does NOT balance"} ` +
    `(${ledger.problems.length} orders' rows disagree with their state)\n${lines.join("\n")}`
  );
}

// ---------------------------------------------------------------- server process

// What the server logged at level error (it logs nothing else at LOG_LEVEL=error), for the report.
const serverErrorLines: string[] = [];
const MAX_ERROR_LINES = 2000;

async function startServer(extraEnv: Record<string, string>): Promise<ServerProcess> {
  serverErrorLines.length = 0;
  return startServerProcess({
    env: { PORT: "0", HOST: "127.0.0.1", API_ONLY: "1", LOG_LEVEL: "error", RATE_LIMIT_ENABLED: "0", ...extraEnv },
    onOutput: (chunk: Buffer) => {
      for (const line of chunk.toString().split("\n"))
        if (line.trim() && serverErrorLines.length < MAX_ERROR_LINES) serverErrorLines.push(line.slice(0, 400));
    },
  });
}

main().catch((error) => {
  console.error("soak failed:", error instanceof Error ? error.stack : error);
  process.exit(1);
});
