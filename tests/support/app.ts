// Starts the API over real HTTP on 127.0.0.1 with a fresh database: in-memory PGlite, or, when
// TEST_DATABASE_URL names a PostgreSQL server, a new database created on it for this test file.
// With TEST_INSTANCES=2 (PostgreSQL only) the API runs as two server processes on that database
// and requests alternate between them; before each request the harness waits until both have
// applied every invalidation published so far (see lib/db/invalidation.ts). With TEST_SERVER=next
// (PostgreSQL only, after `next build`) the API is served by `next start` instead, the same way.
// Every answer to `fetch` is checked against the OpenAPI document (tests/support/contract.ts): an
// answer that breaks it fails the request, whatever the test asserts.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { createThrowAwayDatabase } from "@/scripts/postgres-temp.mjs";
import { startNextProcess, startServerProcess, type ServerProcess } from "@/scripts/server-process.mjs";
import { config, setConfig, type Config } from "@/lib/config";
import { closeDatabase, database, openDatabase } from "@/lib/db";
import { INVALIDATION_CHANNEL, listenForInvalidations } from "@/lib/db/invalidation";
import { localAdminSecret } from "@/lib/http/local-admin";
import { resetSigningSecretForTests } from "@/lib/partners/signing-secret";
import { startHttpServer, type NextHandler } from "@/lib/server/http-server";
import { assertKeepsToContract } from "./contract";

export interface TestApp {
  baseUrl: string;
  /**
   * fetch against the app: `app.fetch("/v1/resolve/alice.web3", { token })`. `host` sends that Host
   * header (fetch cannot), as a load balancer in front of every instance would.
   */
  fetch(path: string, init?: SendInit): Promise<Response>;
  /** Waits until the server(s) applied every invalidation published so far (app.fetch does it by itself). */
  sync(): Promise<void>;
  /** The secret of the loopback-only command routes (lib/http/local-admin.ts) of the server(s). */
  localAdminSecret(): string;
  close(): Promise<void>;
}

export type SendInit = RequestInit & { token?: string; json?: unknown; host?: string };

export const TEST_JWT_SECRET = "test-secret-test-secret-test-secret-0123456789";

export interface TestAppOptions {
  /** A PostgreSQL server to create this file's database on, instead of TEST_DATABASE_URL. */
  databaseServerUrl?: string;
  /** What lib/server hands the requests its API router does not answer (Next.js under `npm start`). */
  pages?: NextHandler;
}

/** True when this run serves the API with `next start` (TEST_SERVER=next). */
export const servedByNext = process.env.TEST_SERVER === "next";

export async function startTestApp(overrides: Partial<Config> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  setConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", JWT_SECRET: TEST_JWT_SECRET, ...overrides });
  resetSigningSecretForTests();
  const testDb = await openTestDatabase(options.databaseServerUrl);
  if (servedByNext) {
    if (!testDb.url)
      throw new Error("TEST_SERVER=next needs TEST_DATABASE_URL: `next start` and the tests share the database.");
    return startInstances(testDb, overrides, 1, (env) =>
      startNextProcess({ env: { ...env, NODE_ENV: "production" }, timeoutMs: 120_000 }),
    );
  }
  if (process.env.TEST_INSTANCES === "2" && testDb.url) return startInstances(testDb, overrides);
  const stopListening = await listenForInvalidations();
  const running = await startHttpServer({ host: "127.0.0.1", port: 0, next: options.pages });
  return {
    baseUrl: running.origin,
    fetch: (path, init) => send(running.origin, path, init),
    sync: async () => undefined,
    localAdminSecret,
    async close() {
      await running.close();
      await stopListening();
      await closeDatabase();
      await testDb.drop();
    },
  };
}

async function send(origin: string, path: string, init: SendInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set("authorization", `Bearer ${init.token}`);
  let body = init.body;
  if (init.json !== undefined) {
    body = JSON.stringify(init.json);
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
  }
  const response =
    init.host !== undefined
      ? await sendWithHost(origin + path, init.method ?? "GET", headers, body, init.host)
      : await fetch(origin + path, { ...init, headers, body });
  await assertKeepsToContract(init.method ?? "GET", path, response);
  return response;
}

function sendWithHost(
  url: string,
  method: string,
  headers: Headers,
  body: RequestInit["body"],
  host: string,
): Promise<Response> {
  if (body !== undefined && body !== null && typeof body !== "string")
    throw new Error("app.fetch with `host` sends string bodies only");
  const raw: Record<string, string> = Object.fromEntries(headers.entries());
  raw.host = host;
  if (body) raw["content-length"] = String(Buffer.byteLength(body));
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers: raw }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const answer = new Headers();
        for (const [name, value] of Object.entries(res.headers))
          for (const item of Array.isArray(value) ? value : [value ?? ""]) answer.append(name, item);
        const status = res.statusCode ?? 500;
        resolve(new Response(status === 204 ? null : Buffer.concat(chunks), { status, headers: answer }));
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body ?? undefined);
  });
}

async function startInstances(
  testDb: TestDatabase,
  overrides: Partial<Config>,
  count = 2,
  start: (env: Record<string, string>) => Promise<ServerProcess> = startInstance,
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "namesvc-instances-"));
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(path.join(dataDir, "local-admin-secret"), secret, { mode: 0o600 });
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries({ ...config(), ...overrides }))
    if (value !== undefined) env[key] = String(value);
  // These servers are test deployments: local chains and Stripe stand-ins run beside the crypto
  // test defaults on purpose (a test may still ask for the refusal with an override).
  if (overrides.PAYMENTS_ALLOW_TEST_DEFAULTS === undefined) env.PAYMENTS_ALLOW_TEST_DEFAULTS = "1";
  // They are reached on loopback hosts only; `next start` runs in production, which must name them.
  if (!overrides.OWNER_SIGN_IN_DOMAINS) env.OWNER_SIGN_IN_DOMAINS = "loopback";
  Object.assign(env, {
    DATABASE_URL: testDb.url!,
    DATA_DIR: dataDir,
    PORT: "0",
    HOST: "127.0.0.1",
    API_ONLY: "1",
    SEED_DEMO_DATA: "0",
    BACKGROUND_JOBS: "0",
    LOG_LEVEL: "error",
  });
  const children = await Promise.all(Array.from({ length: count }, () => start(env)));
  let turn = 0;
  let syncs = 0;
  const barrier = async () => {
    const key = `${process.pid}-${++syncs}`;
    await database().query("SELECT pg_notify($1, $2)", [INVALIDATION_CHANNEL, `sync:${key}`]);
    await Promise.all(
      children.map(async ({ origin }) => {
        const res = await fetch(`${origin}/api/internal/sync?key=${key}`, {
          headers: { "x-local-admin-secret": secret },
        });
        if (res.status !== 200) throw new Error(`instance ${origin} did not apply invalidations within 2 s`);
      }),
    );
  };
  return {
    baseUrl: children[0].origin,
    async fetch(path, init) {
      await barrier();
      return send(children[turn++ % count].origin, path, init);
    },
    sync: barrier,
    localAdminSecret: () => secret,
    async close() {
      await Promise.all(children.map((instance) => instance.stop(5000)));
      await closeDatabase();
      await testDb.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function startInstance(env: Record<string, string>): Promise<ServerProcess> {
  return startServerProcess({ env, timeoutMs: 60_000 });
}

interface TestDatabase {
  /** The database's URL when it is on a PostgreSQL server. */
  url?: string;
  drop(): Promise<void>;
}

/** Opens a fresh, migrated database for this test file. */
export async function openTestDatabase(serverUrl = process.env.TEST_DATABASE_URL): Promise<TestDatabase> {
  if (!serverUrl) {
    await openDatabase();
    return { drop: async () => undefined };
  }
  const scratch = await createThrowAwayDatabase(serverUrl, "test");
  await openDatabase({ url: scratch.url, poolSize: 5 });
  return scratch;
}
