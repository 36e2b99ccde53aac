// `npm run bench:http`: the read path under load, against a bare node:http server answering the
// same URLs with byte-identical bodies from memory, both loaded the same way in the same run.
// Then the memory figure: resident memory of the server after many requests over many names.
//
// The server runs as `npm start` runs it (lib/server/main.ts, NODE_ENV=production) on a fresh
// database prepared here: migrated, seeded, plus DISTINCT_NAMES sub-domains for the memory run.
// The database is PostgreSQL (BENCH_DATABASE_URL, or a throw-away server from the machine's
// binaries), since PGlite alone keeps ~300 MB of WebAssembly heap in the server process;
// BENCH_DB=pglite measures the embedded default instead.
// Options (environment): BENCH_SECONDS (per measurement, default 10), BENCH_CONNECTIONS (50),
// BENCH_MEMORY_REQUESTS (1,000,000; 0 skips the memory run), BENCH_DB (postgres | pglite),
// SERVER_HEAP_MB (the server's heap limit, as for npm start), BENCH_NEXT=1 (also `next start` on the
// same database, side by side; builds the pages first when their sources changed; PostgreSQL only).
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { createThrowAwayDatabase, startTempPostgres } from "@/lib/cli/postgres-temp.mjs";
import { startNextProcess, startServerProcess } from "@/lib/cli/server-process.mjs";
import { ensureNextBuild } from "@/lib/cli/start.mjs";
import { setConfig } from "@/lib/config";
import { closeDatabase, database, openDatabase } from "@/lib/db";
import { seedDemoData } from "@/lib/registry/seed";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const MEMORY_REQUESTS = Number(process.env.BENCH_MEMORY_REQUESTS ?? 1_000_000);
const DISTINCT_NAMES = 100_000;
const WARM_UP_SECONDS = 3;
const ALICE_OWNER = "0x8ba1f109551bD432803012645Ac136ddd64DBA72";
const WITH_NEXT = process.env.BENCH_NEXT === "1";

interface Target {
  label: string;
  path: string;
  method?: "GET";
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "namesvc-bench-"));
  const children: ChildProcess[] = [];
  let postgres: Awaited<ReturnType<typeof startTempPostgres>> | undefined;
  try {
    let databaseUrl: string | undefined;
    if (process.env.BENCH_DB !== "pglite") {
      const serverUrl = process.env.BENCH_DATABASE_URL ?? (postgres = await startTempPostgres())?.url;
      if (serverUrl) databaseUrl = (await createThrowAwayDatabase(serverUrl, "bench_http")).url;
    }
    console.log(`database: ${databaseUrl ? "PostgreSQL" : "PGlite (embedded)"}`);
    const partnerId = await prepareDatabase(dataDir, databaseUrl);
    const token = readFileSync(path.join(dataDir, "demo-admin-token"), "utf8").trim();
    const ours = await startServer(dataDir, databaseUrl, children);
    const orderId = await createOrder(ours, partnerId);
    const targets: Target[] = [
      { label: "native forward (warm)", path: "/v1/resolve/alice.web3" },
      { label: "forward with coins filter", path: "/v1/resolve/alice.web3?coins=ETH,BTC" },
      { label: "reverse", path: `/v1/reverse/${ALICE_OWNER}` },
      { label: "sub-domain list page", path: "/v1/parentdomains/brand.web3/list?pageSize=100" },
      { label: "order read", path: `/v1/market/order/${orderId}` },
    ];
    const headers = { authorization: `Bearer ${token}` };
    const bodies = new Map<string, Buffer>();
    for (const target of targets) {
      const res = await fetch(ours + target.path, { headers });
      if (res.status !== 200) throw new Error(`${target.path} answered ${res.status}: ${await res.text()}`);
      bodies.set(target.path, Buffer.from(await res.arrayBuffer()));
    }
    const bare = await startBareServer(bodies, children);
    if (WITH_NEXT && !databaseUrl) throw new Error("BENCH_NEXT=1 needs PostgreSQL: both servers share the database.");
    const next = WITH_NEXT ? await startNext(dataDir, databaseUrl!, children) : undefined;

    // "Warm" as a busy server is: every path loaded for a while first, so the JIT has compiled the
    // read path and the caches hold the answers before anything is measured.
    for (const target of targets) {
      await load(ours + target.path, headers, WARM_UP_SECONDS);
      if (next) await load(next + target.path, headers, WARM_UP_SECONDS);
    }

    const rows: string[][] = [
      [
        "endpoint",
        "ours req/s",
        "p50 ms",
        "p99 ms",
        "bare req/s",
        "p50 ms",
        "p99 ms",
        "ours/bare",
        ...(next ? ["next start req/s", "p50 ms", "p99 ms", "next/ours"] : []),
      ],
    ];
    for (const target of targets) {
      const b = await load(bare + target.path, headers);
      const o = await load(ours + target.path, headers);
      const n = next ? await load(next + target.path, headers) : undefined;
      rows.push([
        target.label,
        o.rps.toFixed(0),
        String(o.p50),
        String(o.p99),
        b.rps.toFixed(0),
        String(b.p50),
        String(b.p99),
        `${((o.rps / b.rps) * 100).toFixed(0)}%`,
        ...(n ? [n.rps.toFixed(0), String(n.p50), String(n.p99), `${((n.rps / o.rps) * 100).toFixed(0)}%`] : []),
      ]);
      if (o.errors > 0) rows.push([`  (${o.errors} non-2xx or errors on ours)`]);
      if (n && n.errors > 0) rows.push([`  (${n.errors} non-2xx or errors on next start)`]);
    }
    console.log(`\n${CONNECTIONS} connections, ${SECONDS} s per measurement, authorization on every request`);
    printTable(rows);

    if (MEMORY_REQUESTS > 0) await memoryRun(ours, headers, children[0]);
  } finally {
    for (const child of children) child.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await postgres?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const BENCH_JWT_SECRET = "bench-secret-bench-secret-bench-secret-0123";

/** Migrates and seeds a fresh database, with DISTINCT_NAMES extra sub-domains. */
async function prepareDatabase(dataDir: string, databaseUrl: string | undefined): Promise<string> {
  setConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent", DATABASE_URL: databaseUrl, JWT_SECRET: BENCH_JWT_SECRET });
  await openDatabase(databaseUrl ? { url: databaseUrl } : { dataDir: path.join(dataDir, "pglite") });
  await seedDemoData();
  await database().query(
    `INSERT INTO "domain" (id, name, node, label, tld, parent_id, owner_address, owner_key, created_at, updated_at)
     SELECT gen_random_uuid(), 'm' || g || '.brand.web3', '0x' || md5('m' || g) || md5('n' || g), 'm' || g, 'web3', p.id,
            '0x' || substr(md5('o' || g), 1, 40), '0x' || substr(md5('o' || g), 1, 40), now() - g * interval '1 second', now()
       FROM generate_series(1, $1::int) AS g, (SELECT id FROM "domain" WHERE name = 'brand.web3') AS p`,
    [DISTINCT_NAMES],
  );
  await database().query(`UPDATE "domain" SET subdomain_count = subdomain_count + $1 WHERE name = 'brand.web3'`, [
    DISTINCT_NAMES,
  ]);
  await database().exec(`ANALYZE`);
  const [partner] = await database().query<{ id: string }>(`SELECT id FROM partner ORDER BY created_at LIMIT 1`);
  await closeDatabase();
  return partner.id;
}

async function startServer(
  dataDir: string,
  databaseUrl: string | undefined,
  children: ChildProcess[],
): Promise<string> {
  const database: Record<string, string> = databaseUrl ? { DATABASE_URL: databaseUrl } : {};
  const server = await startServerProcess({
    env: {
      ...database,
      JWT_SECRET: BENCH_JWT_SECRET,
      NODE_ENV: "production",
      DATA_DIR: dataDir,
      PORT: "0",
      HOST: "127.0.0.1",
      API_ONLY: "1",
      LOG_LEVEL: "error",
      RATE_LIMIT_ENABLED: "0",
    },
  });
  children.push(server.child);
  return server.origin;
}

/** `next start` serving the same route handlers on the same database (instrumentation.ts starts it). */
async function startNext(dataDir: string, databaseUrl: string, children: ChildProcess[]): Promise<string> {
  ensureNextBuild();
  const server = await startNextProcess({
    env: {
      DATABASE_URL: databaseUrl,
      JWT_SECRET: BENCH_JWT_SECRET,
      NODE_ENV: "production",
      DATA_DIR: mkdtempSync(path.join(dataDir, "next-")),
      SEED_DEMO_DATA: "0",
      BACKGROUND_JOBS: "0",
      LOG_LEVEL: "error",
      RATE_LIMIT_ENABLED: "0",
    },
  });
  children.push(server.child);
  return server.origin;
}

async function startBareServer(bodies: Map<string, Buffer>, children: ChildProcess[]): Promise<string> {
  const table = JSON.stringify([...bodies].map(([url, body]) => [url, body.toString("base64")]));
  const source = `
    const http = require("node:http");
    const bodies = new Map(${table}.map(([url, body]) => [url, Buffer.from(body, "base64")]));
    const server = http.createServer((req, res) => {
      const body = bodies.get(req.url);
      if (!body) { res.writeHead(404); return res.end(); }
      res.writeHead(200, { "content-type": "application/json; charset=utf-8", "content-length": body.length });
      res.end(body);
    });
    server.keepAliveTimeout = 65000;
    server.listen(0, "127.0.0.1", () => console.log("bare listening on http://127.0.0.1:" + server.address().port));`;
  const child = spawn(process.execPath, ["-e", source], { stdio: ["ignore", "pipe", "pipe"] });
  children.push(child);
  return waitForListening(child, /listening on (http:\/\/[\d.]+:\d+)/);
}

function waitForListening(child: ChildProcess, pattern: RegExp): Promise<string> {
  let output = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 120_000);
    const onData = (chunk: Buffer) => {
      output += chunk;
      const match = pattern.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.on("exit", (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
}

async function createOrder(origin: string, partnerId: string): Promise<string> {
  const res = await fetch(`${origin}/v1/market/crypto/purchase`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      currency: "ETH",
      domain: "benchorder.web3",
      ownerAddress: ALICE_OWNER,
      ownerEmail: "bench@example.com",
      ownerName: "Bench",
      partnerId,
      walletAddrs: [],
      years: 1,
    }),
  });
  const body = (await res.json()) as { orderId?: string };
  if (!body.orderId) throw new Error(`could not create an order: ${res.status} ${JSON.stringify(body)}`);
  return body.orderId;
}

async function load(url: string, headers: Record<string, string>, seconds = SECONDS) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
  };
}

async function memoryRun(origin: string, headers: Record<string, string>, server: ChildProcess) {
  const before = rssMb(server.pid!);
  let counter = 0;
  const started = performance.now();
  // Resident memory along the way, to see whether it levels off or keeps growing.
  const step = Math.max(1, Math.floor(MEMORY_REQUESTS / 5));
  let nextReport = step;
  const progress = setInterval(() => {
    if (counter < nextReport) return;
    console.log(
      `  after ${counter.toLocaleString("en")} requests: resident memory ${rssMb(server.pid!).toFixed(0)} MB`,
    );
    nextReport += step;
  }, 250);
  const result = await autocannon({
    url: origin,
    connections: CONNECTIONS,
    amount: MEMORY_REQUESTS,
    headers,
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          path: `/v1/resolve/m${(counter++ % DISTINCT_NAMES) + 1}.brand.web3`,
        }),
      },
    ],
  });
  clearInterval(progress);
  const seconds = (performance.now() - started) / 1000;
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const after = rssMb(server.pid!);
  console.log(
    `\nmemory: ${result.requests.total.toLocaleString("en")} resolutions over ${DISTINCT_NAMES.toLocaleString("en")} distinct names in ${seconds.toFixed(0)} s ` +
      `(${(result.requests.total / seconds).toFixed(0)} req/s, ${result.non2xx + result.errors} non-2xx/errors): ` +
      `resident memory ${before.toFixed(0)} MB before, ${after.toFixed(0)} MB after (limit 300 MB)`,
  );
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

function printTable(rows: string[][]) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => (row[i] ?? "").length)));
  for (const row of rows)
    console.log(row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  "));
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
