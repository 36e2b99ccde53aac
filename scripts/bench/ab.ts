// `npm run bench:ab`: the working tree's server against another commit's, loaded at the same time.
//
// On this shared machine the speed of the host drifts by up to a third within a minute, so two
// builds measured one after the other (bench:http's turns) cannot be told apart under about 10%.
// Here each pair, one server of each build, is loaded together, each by its own connections from
// this process: whatever the host does during a turn, it does to both. Each turn gives the ratio
// of their CPU time per answer (working tree over the other commit's), and the summary is the
// median over every pair and turn. Both are started by their own commit's start code (bundle,
// Node flags, environment: scripts/server-process.mjs) on copies of one prepared data directory
// (PGlite, demo data; or PostgreSQL, AB_DB), rate limits on and out of reach, as bench:http runs them.
//
// Options (environment): AB_REF (the other commit, default HEAD), AB_PAIRS (2), AB_TURNS (4),
// AB_SECONDS (per turn, 4), AB_CONNECTIONS (per server, 25), AB_PATH (/v1/resolve/alice.web3),
// AB_NODE_ARGS (Node flags added after npm start's on the working tree's servers, space-separated:
// with AB_REF=HEAD, a flag against the same build without it), AB_OTHER_PATHS (GET paths,
// comma-separated, each loaded for 2 s on every server before the warm-up, whatever they answer:
// a server in use has served other endpoints than the one measured), AB_ENV (environment variables
// set on the working tree's servers, comma-separated NAME=value: with AB_REF=HEAD, a setting against
// the same build without it; `API_ONLY=0` needs the pages built, as npm start builds them),
// AB_DB=postgres (each server on a PostgreSQL database of its own, copied from one prepared
// database, on a throw-away server from the machine's binaries or AB_DATABASE_URL's: each turn then
// also gives the CPU its database's connections took per answer, and the summary the ratio of the
// two together), AB_MISS=1 (every request misses the caches, as bench:http's cache-miss row: each asks a name
// never asked before, alternately a registered one and one nobody registered; AB_PATH is then
// unused, and the prepared data holds bench:http's extra sub-domains), AB_STATUSES (the statuses
// AB_PATH is expected to answer, comma-separated, default any 2xx: 404 to measure a kept refusal).
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { addBrandNames, uniqueNames } from "./bench-names";
import {
  answersOutside,
  CLOCK_TICKS,
  cpuSeconds,
  nodeArgsFrom,
  pathPerRequest,
  ticksOf,
  UNREACHABLE_LIMITS,
} from "./server-measures";
import { setConfig } from "@/lib/config";
import { closeDatabase, openDatabase } from "@/lib/db";
import { createThrowAwayDatabase, databaseUrlOn, runOn, startTempPostgres } from "@/scripts/postgres-temp.mjs";

const REF = process.env.AB_REF ?? "HEAD";
const PAIRS = Number(process.env.AB_PAIRS ?? 2);
const TURNS = Number(process.env.AB_TURNS ?? 4);
const SECONDS = Number(process.env.AB_SECONDS ?? 4);
const CONNECTIONS = Number(process.env.AB_CONNECTIONS ?? 25);
const TARGET = process.env.AB_PATH ?? "/v1/resolve/alice.web3";
const JWT_SECRET = "bench-ab-secret-bench-ab-secret-0123456789";
const TREE_NODE_ARGS = nodeArgsFrom(process.env.AB_NODE_ARGS);
const TREE_ENV: Record<string, string> = Object.fromEntries(
  (process.env.AB_ENV ?? "")
    .split(",")
    .filter((pair) => pair.includes("="))
    .map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)]),
);
const OTHER_PATHS = (process.env.AB_OTHER_PATHS ?? "").split(",").filter((otherPath) => otherPath !== "");
const MISS = process.env.AB_MISS === "1";
const STATUSES = MISS ? [200, 404] : process.env.AB_STATUSES?.split(",").map(Number);
const POSTGRES = process.env.AB_DB === "postgres";

interface RunningServer {
  origin: string;
  child: import("node:child_process").ChildProcess;
}
type StartServer = (options: { env: Record<string, string>; nodeArgs?: string[] }) => Promise<RunningServer>;

interface Server {
  build: "tree" | "ref";
  origin: string;
  pid: number;
  stop(): void;
  /** With AB_MISS, this server's stream of names not asked before. */
  names: ReturnType<typeof uniqueNames>;
  /** With AB_DB=postgres, the name of the server's own database. */
  database?: string;
}

const root = path.resolve(import.meta.dirname, "..", "..");
const work = mkdtempSync(path.join(os.tmpdir(), "namesvc-ab-"));
const servers: Server[] = [];

/**
 * The other commit, checked out beside this tree. Its node_modules links to this tree's packages
 * one by one, so its bundle is built into a cache of its own (node_modules/.cache is not linked).
 */
function checkOut(ref: string): string {
  const dir = path.join(work, "ref");
  execFileSync("git", ["worktree", "add", "--detach", dir, ref], { cwd: root, stdio: "ignore" });
  const modules = path.join(dir, "node_modules");
  mkdirSync(modules);
  for (const entry of readdirSync(path.join(root, "node_modules")))
    if (entry !== ".cache") symlinkSync(path.join(root, "node_modules", entry), path.join(modules, entry));
  return dir;
}

function serverEnv(dataDir: string, seed: boolean, databaseUrl?: string): Record<string, string> {
  return {
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    JWT_SECRET,
    NODE_ENV: "production",
    PORT: "0",
    HOST: "127.0.0.1",
    API_ONLY: "1",
    LOG_LEVEL: "error",
    BACKGROUND_JOBS: "0",
    SEED_DEMO_DATA: seed ? "1" : "0",
    RATE_LIMIT_ENABLED: "1",
    ...UNREACHABLE_LIMITS,
  };
}

async function startOf(dir: string): Promise<StartServer> {
  const module = (await import(path.join(dir, "scripts", "server-process.mjs"))) as { startServerProcess: StartServer };
  return module.startServerProcess;
}

/** The server's CPU time so far (all its threads, the embedded database's too), in µs. */
function cpuMicros(pid: number): number {
  const { server, database } = cpuSeconds(pid);
  return (server + database) * 1e6;
}

/** The PostgreSQL server the databases are on (AB_DB=postgres), and how to reach it. */
let postgresUrl: string | undefined;

/** CPU time so far, in µs, of the PostgreSQL processes serving `database` (its connections), by process id. */
async function databaseMicros(database: string): Promise<Map<number, number>> {
  const rows = (await runOn(
    postgresUrl!,
    `SELECT pid FROM pg_stat_activity WHERE datname = '${database}' AND pid <> pg_backend_pid()`,
  )) as { pid: number }[];
  const micros = new Map<number, number>();
  // A PostgreSQL process has one thread.
  for (const { pid } of rows) micros.set(pid, (ticksOf(pid, String(pid)) * 1e6) / CLOCK_TICKS);
  return micros;
}

/** The CPU the processes in `after` took since `before`: one new since counts from zero, one gone not at all. */
function databaseMicrosSince(before: Map<number, number>, after: Map<number, number>): number {
  let sum = 0;
  for (const [pid, micros] of after) sum += Math.max(0, micros - (before.get(pid) ?? 0));
  return sum;
}

/**
 * Loads the servers together for `seconds`; each one's CPU µs per answer (its own process's, and
 * with AB_DB=postgres its database connections'), and answers.
 */
async function together(pair: Server[], token: string, seconds: number) {
  const databaseBefore = await Promise.all(
    pair.map((server) => (server.database ? databaseMicros(server.database) : new Map<number, number>())),
  );
  const before = pair.map((server) => cpuMicros(server.pid));
  const results = await Promise.all(
    pair.map((server) =>
      autocannon({
        url: server.origin + (MISS ? "" : TARGET),
        connections: CONNECTIONS,
        duration: seconds,
        headers: { authorization: `Bearer ${token}` },
        ...(MISS ? pathPerRequest(server.names.next) : {}),
      }),
    ),
  );
  const after = pair.map((server) => cpuMicros(server.pid));
  const databaseAfter = await Promise.all(
    pair.map((server) => (server.database ? databaseMicros(server.database) : new Map<number, number>())),
  );
  return pair.map((server, at) => {
    const { total } = results[at].requests;
    // A miss of an unregistered name is a 404, as expected; only answers of another kind count.
    const unexpected = STATUSES ? answersOutside(results[at].statusCodeStats, STATUSES).outside : results[at].non2xx;
    const errors = results[at].errors + results[at].timeouts + unexpected;
    if (errors > 0) throw new Error(`${server.build} server at ${server.origin}: ${errors} failed answers`);
    return {
      build: server.build,
      micros: (after[at] - before[at]) / total,
      databaseMicros: databaseMicrosSince(databaseBefore[at], databaseAfter[at]) / total,
      answers: total,
    };
  });
}

/** The middle value, or the mean of the two middle ones. */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

async function main(): Promise<void> {
  const refDir = checkOut(REF);
  const refCommit = execFileSync("git", ["rev-parse", "--short", REF], { cwd: root, encoding: "utf8" }).trim();
  const start = { tree: await startOf(root), ref: await startOf(refDir) };

  // One prepared data directory (and database), seeded by the working tree's server, copied for
  // every server.
  const prepared = path.join(work, "prepared");
  let preparedDatabase: string | undefined;
  if (POSTGRES) {
    postgresUrl = process.env.AB_DATABASE_URL ?? (postgres = await startTempPostgres())?.url;
    if (!postgresUrl) throw new Error("AB_DB=postgres: no AB_DATABASE_URL and no PostgreSQL binaries to start one");
    const created = await createThrowAwayDatabase(postgresUrl, "ab_prepared");
    dropDatabases.push(() => created.drop());
    preparedDatabase = created.name;
  }
  const urlOf = (database: string | undefined) =>
    database === undefined ? undefined : databaseUrlOn(postgresUrl!, database);
  const seeding = await start.tree({ env: serverEnv(prepared, true, urlOf(preparedDatabase)) });
  seeding.child.kill("SIGTERM");
  await new Promise((resolve) => seeding.child.once("exit", resolve));
  const token = readFileSync(path.join(prepared, "demo-admin-token"), "utf8").trim();
  if (MISS) {
    setConfig({ DATA_DIR: prepared, LOG_LEVEL: "silent", JWT_SECRET, DATABASE_URL: urlOf(preparedDatabase) });
    await openDatabase(
      preparedDatabase ? { url: urlOf(preparedDatabase) } : { dataDir: path.join(prepared, "pglite") },
    );
    await addBrandNames();
    await closeDatabase();
  }

  const pairs: Server[][] = [];
  for (let at = 0; at < PAIRS; at++) {
    const pair: Server[] = [];
    // Alternate which build starts first: the first process of a run has been the slower one.
    for (const build of at % 2 === 0 ? (["ref", "tree"] as const) : (["tree", "ref"] as const)) {
      const dataDir = path.join(work, `${build}-${at}`);
      cpSync(prepared, dataDir, { recursive: true });
      let database: string | undefined;
      if (preparedDatabase) {
        database = `${preparedDatabase}_${build}_${at}`;
        await runOn(postgresUrl!, `CREATE DATABASE ${database} TEMPLATE ${preparedDatabase}`);
        dropDatabases.push(() => runOn(postgresUrl!, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
      }
      const env = serverEnv(dataDir, false, urlOf(database));
      const running = await start[build]({
        env: build === "tree" ? { ...env, ...TREE_ENV } : env,
        nodeArgs: build === "tree" ? TREE_NODE_ARGS : [],
      });
      const server = {
        build,
        origin: running.origin,
        pid: running.child.pid!,
        stop: () => running.child.kill(),
        names: uniqueNames(`${build}${at}`),
        database,
      };
      servers.push(server);
      pair.push(server);
    }
    pairs.push(pair);
  }
  console.log(
    `working tree${TREE_NODE_ARGS.length > 0 ? ` (with ${TREE_NODE_ARGS.join(" ")})` : ""}` +
      `${Object.keys(TREE_ENV).length > 0 ? ` (with ${process.env.AB_ENV})` : ""} against ${REF} ` +
      `(${refCommit}): ${PAIRS} pairs, ${TURNS} turns of ${SECONDS} s, ` +
      `${CONNECTIONS} connections per server, ${POSTGRES ? "PostgreSQL" : "PGlite"}, ` +
      `GET ${MISS ? "names never asked before (half registered)" : TARGET}` +
      (OTHER_PATHS.length > 0 ? `, after GET ${OTHER_PATHS.join(", ")}` : ""),
  );
  for (const server of servers)
    for (const otherPath of OTHER_PATHS)
      await autocannon({
        url: server.origin + otherPath,
        connections: CONNECTIONS,
        duration: 2,
        headers: { authorization: `Bearer ${token}` },
      });
  for (const pair of pairs) await together(pair, token, 3); // warm-up, not counted

  const ratios: number[] = [];
  const withDatabaseRatios: number[] = [];
  const answerRatios: number[] = [];
  for (let turn = 1; turn <= TURNS; turn++)
    for (const [at, pair] of pairs.entries()) {
      const measured = await together(pair, token, SECONDS);
      const tree = measured.find((m) => m.build === "tree")!;
      const ref = measured.find((m) => m.build === "ref")!;
      ratios.push(tree.micros / ref.micros);
      withDatabaseRatios.push((tree.micros + tree.databaseMicros) / (ref.micros + ref.databaseMicros));
      answerRatios.push(tree.answers / ref.answers);
      console.log(
        `turn ${turn}, pair ${at + 1}: CPU µs per answer ${tree.micros.toFixed(1)} (tree) ` +
          `${ref.micros.toFixed(1)} (${refCommit}), ratio ${(tree.micros / ref.micros).toFixed(3)}; ` +
          (POSTGRES
            ? `its database's ${tree.databaseMicros.toFixed(1)} and ${ref.databaseMicros.toFixed(1)}, ` +
              `together ratio ${withDatabaseRatios.at(-1)!.toFixed(3)}; `
            : "") +
          `answers ${tree.answers} and ${ref.answers}`,
      );
    }
  const sorted = [...ratios].sort((a, b) => a - b);
  console.log(
    `\nCPU per answer, working tree over ${refCommit}: median ${median(ratios).toFixed(3)} ` +
      `(range ${sorted[0].toFixed(3)} to ${sorted.at(-1)!.toFixed(3)}, ${ratios.length} turns); ` +
      (POSTGRES ? `with its database's connections: median ${median(withDatabaseRatios).toFixed(3)}; ` : "") +
      `answers, working tree over ${refCommit}: median ${median(answerRatios).toFixed(3)}`,
  );
}

let postgres: Awaited<ReturnType<typeof startTempPostgres>> | undefined;
const dropDatabases: (() => Promise<unknown>)[] = [];

try {
  await main();
} finally {
  for (const server of servers) server.stop();
  for (const drop of dropDatabases.reverse()) await drop().catch(() => undefined);
  await postgres?.stop();
  try {
    execFileSync("git", ["worktree", "remove", "--force", path.join(work, "ref")], { cwd: root, stdio: "ignore" });
  } catch {
    // Never checked out.
  }
  rmSync(work, { recursive: true, force: true });
}
process.exit(0);
