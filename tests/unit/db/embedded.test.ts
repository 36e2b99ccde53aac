// The embedded database runs in a worker thread (lib/db/pglite-host.mjs): these check that the
// server's thread keeps running while it works, that transactions stay correct across the channel
// (Prisma's adapter and the raw path alike), that reads never see another caller's open
// transaction, that a waiting transaction does not hold back reads queued behind it, and that a
// host thread that stops is replaced.
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Worker } from "node:worker_threads";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { closeDatabase, database, db, openDatabase } from "@/lib/db";
import { EmbeddedDatabase } from "@/lib/db/embedded";

// The service's database (in memory) for the Prisma tests; a host on a data directory of its own
// for the tests of the host itself, since only such a host is started again after it stops.
const dataDir = mkdtempSync(path.join(os.tmpdir(), "namesvc-embedded-"));
let host: EmbeddedDatabase;

beforeAll(async () => {
  [host] = await Promise.all([EmbeddedDatabase.start(path.join(dataDir, "pglite")), openDatabase()]);
  await database().exec(`CREATE TABLE probe (id int PRIMARY KEY, note text NOT NULL)`);
}, 180_000);
afterAll(async () => {
  await Promise.all([closeDatabase(), host?.close()]);
  rmSync(dataDir, { recursive: true, force: true });
});

/** Resolves on the next macrotask: the event loop got a turn. */
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("the embedded database's thread", () => {
  test("a long statement does not stop this thread", async () => {
    let turns = 0;
    const ticking = setInterval(() => turns++, 10);
    const started = performance.now();
    await database().query(`SELECT pg_sleep(0.5)`);
    clearInterval(ticking);
    expect(performance.now() - started).toBeGreaterThanOrEqual(450);
    // On this thread PGlite would have held it for the whole half second: no timer fires.
    expect(turns).toBeGreaterThanOrEqual(10);
  });

  test("a Prisma transaction commits, and one that throws leaves nothing behind", async () => {
    const name = `t${randomUUID().slice(0, 8)}`;
    await db().$transaction(async (tx) => {
      await tx.tld.create({ data: { name } });
      expect(await tx.tld.count({ where: { name } })).toBe(1);
    });
    expect(await db().tld.count({ where: { name } })).toBe(1);

    const other = `u${randomUUID().slice(0, 8)}`;
    await expect(
      db().$transaction(async (tx) => {
        await tx.tld.create({ data: { name: other } });
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    expect(await db().tld.count({ where: { name: other } })).toBe(0);
  });

  test("PostgreSQL's error reaches Prisma's adapter with its SQLSTATE, and the session stays usable", async () => {
    const name = `v${randomUUID().slice(0, 8)}`;
    const duplicate = { name: "DriverAdapterError", cause: { kind: "postgres", code: "23505" } };
    await db().tld.create({ data: { name } });
    await expect(db().tld.create({ data: { name } })).rejects.toMatchObject(duplicate);
    await expect(
      db().$transaction(async (tx) => {
        await tx.tld.create({ data: { name } });
      }),
    ).rejects.toMatchObject(duplicate);
    expect(await db().tld.count({ where: { name } })).toBe(1);
  });

  test("a read sent while a transaction is open waits for its commit and never sees its rows early", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const insertedRow = new Promise<void>((resolve) => (inserted = resolve));
    const writer = db().$transaction(async (tx) => {
      await tx.$executeRaw`INSERT INTO probe (id, note) VALUES (1, 'uncommitted')`;
      inserted();
      await held;
    });
    await insertedRow;
    let readAnswered = false;
    const read = database()
      .query<{ n: number }>(`SELECT count(*)::int AS n FROM probe WHERE id = 1`)
      .then((rows) => {
        readAnswered = true;
        return rows[0].n;
      });
    for (let i = 0; i < 20; i++) await tick();
    expect(readAnswered).toBe(false);
    release();
    await writer;
    // It ran after the commit, so it sees the committed row, not a dirty one.
    expect(await read).toBe(1);
  });

  test("reads queued behind a waiting transaction go first", async () => {
    const first = await host.begin();
    const order: string[] = [];
    // A second transaction waits for the session; reads sent after it are answered before it starts.
    const second = host.begin().then((tx) => {
      order.push("second transaction");
      return tx;
    });
    const reads = [1, 2, 3].map((n) => host.query(`SELECT ${n} AS n`).then(() => order.push(`read ${n}`)));
    await tick();
    await host.commit(first);
    await Promise.all(reads);
    await host.commit(await second);
    expect(order).toEqual(["read 1", "read 2", "read 3", "second transaction"]);
  });

  test("NOTIFY inside a transaction is delivered at commit, not before, and not after a rollback", async () => {
    const received: string[] = [];
    await host.listen("probe_channel", (payload) => received.push(payload));
    const tx = await host.begin();
    await host.query(`SELECT pg_notify('probe_channel', 'committed')`, [], { tx });
    await tick();
    expect(received).toEqual([]);
    await host.commit(tx);
    const rolledBack = await host.begin();
    await host.query(`SELECT pg_notify('probe_channel', 'rolled back')`, [], { tx: rolledBack });
    await host.rollback(rolledBack);
    await host.query(`SELECT 1`);
    expect(received).toEqual(["committed"]);
  });

  const diesName =
    "when the thread stops, what was in flight fails as unavailable and the next request starts a new one";
  test("PostgreSQL runs with 16 MB of shared buffers instead of the 128 MB PGlite's build fixes", async () => {
    // The host replaces the setting in PGlite's module (lib/db/pglite-host.mjs); a PGlite version
    // whose module no longer holds it would start with 128 MB and fail here.
    expect((await host.query<{ shared_buffers: string }>(`SHOW shared_buffers`)).rows).toEqual([
      { shared_buffers: "16MB" },
    ]);
  });

  test(
    diesName,
    async () => {
      await host.exec(`CREATE TABLE kept (n int); INSERT INTO kept VALUES (7)`);
      let lost = 0;
      await host.listen(
        "lost_channel",
        () => undefined,
        () => lost++,
      );
      const stopped = hostWorker(host);
      const sleeping = host.query(`SELECT pg_sleep(30)`);
      await stopped.terminate();
      await expect(sleeping).rejects.toMatchObject({ kind: "ConnectionClosed" });
      expect(lost).toBe(1);
      // The new thread opens the same data directory: what was committed is there.
      expect((await host.query<{ n: number }>(`SELECT n FROM kept`)).rows).toEqual([{ n: 7 }]);
      expect(hostWorker(host)).not.toBe(stopped);
    },
    180_000,
  );

  test("an in-memory database that loses its thread stays failed instead of coming back empty", async () => {
    const memory = await EmbeddedDatabase.start();
    try {
      await memory.exec(`CREATE TABLE kept (n int)`);
      await hostWorker(memory).terminate();
      await expect(memory.query(`SELECT n FROM kept`)).rejects.toMatchObject({ kind: "ConnectionClosed" });
      expect((memory as unknown as { worker?: unknown }).worker).toBeUndefined();
    } finally {
      await memory.close();
    }
  }, 180_000);
});

function hostWorker(host: EmbeddedDatabase): Worker {
  return (host as unknown as { worker: Worker }).worker;
}
