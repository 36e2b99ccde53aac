// The embedded database's session talks to PGlite's module directly (lib/db/pglite-host/direct-pglite.mjs):
// PostgreSQL reads our message and writes its answer into our buffer. What must hold: answers of
// any size come back whole, including after a larger one; PGlite's own query API refuses rather
// than answering nothing; close() still shuts PostgreSQL down cleanly, so what was written is there
// when the data directory is opened again.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, expect, test } from "vitest";
import { DirectPGlite } from "@/lib/db/pglite-host/direct-pglite.mjs";
import { Session } from "@/lib/db/pglite-host/wire.mjs";

const dataDir = mkdtempSync(path.join(os.tmpdir(), "namesvc-direct-pglite-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

test("answers of any size come back whole, and a small one after a large one", async () => {
  const db = new DirectPGlite();
  await db.waitReady;
  const session = new Session(db, () => undefined);
  // About 3 MB of rows: the answer buffer (64 KB to start) grows past the size it keeps.
  const { rows } = await session.run(
    "SELECT g AS n, repeat('x', 300) AS pad FROM generate_series(1, $1::int) g",
    [10_000],
  );
  expect(rows).toHaveLength(10_000);
  expect(rows[9_999]).toEqual({ n: 10_000, pad: "x".repeat(300) });
  expect((await session.run("SELECT $1::text AS word", ["ünïcode"])).rows).toEqual([{ word: "ünïcode" }]);
  await db.close();
});

test("PGlite's own query API refuses once the session uses the module, rather than answering nothing", async () => {
  const db = new DirectPGlite();
  await db.waitReady;
  // Before: PGlite's API as it is.
  expect((await db.query<{ one: number }>("SELECT 1 AS one")).rows).toEqual([{ one: 1 }]);
  const session = new Session(db, () => undefined);
  await session.run("SELECT 1");
  await expect(db.query("SELECT 1")).rejects.toThrow(/sees no answers/);
  await expect(db.exec("SELECT 1")).rejects.toThrow(/sees no answers/);
  await expect(db.transaction(async (tx) => tx.query("SELECT 1"))).rejects.toThrow(/sees no answers/);
  await db.close();
});

test("close() shuts PostgreSQL down: what was written is there when the directory is opened again", async () => {
  const db = new DirectPGlite(dataDir);
  await db.waitReady;
  const session = new Session(db, () => undefined);
  await session.script("CREATE TABLE kept (label text)");
  await session.run("INSERT INTO kept VALUES ($1)", ["written before close"]);
  await db.close();
  expect(db.closed).toBe(true);
  expect(() => db.exchange(new Uint8Array([0x53, 0, 0, 0, 4]))).toThrow(/closed/);

  const again = new PGlite(dataDir);
  await again.waitReady;
  expect((await again.query<{ label: string }>("SELECT label FROM kept")).rows).toEqual([
    { label: "written before close" },
  ]);
  await again.close();
});
