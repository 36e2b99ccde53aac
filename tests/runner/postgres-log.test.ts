// The PostgreSQL server `npm test` starts (scripts/postgres-temp.mjs) lives in the runner's process,
// which waits on each suite with spawnSync and reads nothing meanwhile. A server logging into a
// pipe then blocks once the pipe is full: CI saw every later DROP DATABASE ... WITH (FORCE) hang.
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { afterAll, beforeAll, expect, test } from "vitest";
import { findPostgresBin, startTempPostgres } from "@/scripts/postgres-temp.mjs";

const installed = findPostgresBin() !== undefined;
let server: Awaited<ReturnType<typeof startTempPostgres>>;

beforeAll(async () => {
  if (installed) server = await startTempPostgres();
}, 60_000);
afterAll(() => server?.stop());

// Several hundred KB of log (each failed statement is logged with its text), then a database
// dropped while a session is still connected to it, which logs that session's FATAL.
const flood = (url: string, pgPath: string) => `
const pg = require(${JSON.stringify(pgPath)});
(async () => {
  const admin = new pg.Client({ connectionString: ${JSON.stringify(url)} });
  await admin.connect();
  const missing = "SELECT * FROM no_such_table_" + "x".repeat(60);
  for (let i = 0; i < 2000; i++) await admin.query(missing).catch(() => undefined);
  await admin.query("CREATE DATABASE flooded");
  const session = new pg.Client({ connectionString: ${JSON.stringify(url)}.replace(/\\/postgres$/, "/flooded") });
  session.on("error", () => undefined);
  await session.connect();
  await admin.query("DROP DATABASE flooded WITH (FORCE)");
  console.log("dropped");
  process.exit(0);
})();
`;

test.skipIf(!installed)(
  "a server that logged far more than a pipe holds still drops a database while its parent waits",
  () => {
    const pgPath = createRequire(import.meta.url).resolve("pg");
    // spawnSync blocks this process's event loop, as the runner's does during a suite.
    const child = spawnSync(process.execPath, ["-e", flood(server!.url, pgPath)], {
      encoding: "utf8",
      timeout: 45_000,
    });
    expect(child.error?.message ?? "", child.stderr).toBe("");
    expect(child.stdout.trim()).toBe("dropped");
  },
  60_000,
);
