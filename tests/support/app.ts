// Starts the API over real HTTP on 127.0.0.1 with a fresh database: in-memory PGlite, or, when
// TEST_DATABASE_URL names a PostgreSQL server, a new database created on it for this test file.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { setConfig, type Config } from "@/lib/config";
import { closeDatabase, openDatabase } from "@/lib/db";
import { resetSigningSecretForTests } from "@/lib/partners/signing-secret";
import { startHttpServer } from "@/lib/server/http-server";

export interface TestApp {
  baseUrl: string;
  /** fetch against the app: `app.fetch("/v1/resolve/alice.web3", { token })`. */
  fetch(path: string, init?: RequestInit & { token?: string; json?: unknown }): Promise<Response>;
  close(): Promise<void>;
}

export const TEST_JWT_SECRET = "test-secret-test-secret-test-secret-0123456789";

export async function startTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  setConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", JWT_SECRET: TEST_JWT_SECRET, ...overrides });
  resetSigningSecretForTests();
  const dropDatabase = await openTestDatabase();
  const running = await startHttpServer({ host: "127.0.0.1", port: 0 });
  return {
    baseUrl: running.origin,
    fetch(path, init = {}) {
      const headers = new Headers(init.headers);
      if (init.token) headers.set("authorization", `Bearer ${init.token}`);
      let body = init.body;
      if (init.json !== undefined) {
        body = JSON.stringify(init.json);
        if (!headers.has("content-type")) headers.set("content-type", "application/json");
      }
      return fetch(running.origin + path, { ...init, headers, body });
    },
    async close() {
      await running.close();
      await closeDatabase();
      await dropDatabase();
    },
  };
}

/** Opens a fresh, migrated database for this test file; returns how to remove it. */
export async function openTestDatabase(): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    await openDatabase();
    return async () => undefined;
  }
  const name = `test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  await openDatabase({ url: url.toString(), poolSize: 5 });
  return async () => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  };
}
