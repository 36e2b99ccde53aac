// The embedded database's own process: PGlite (PostgreSQL compiled to WebAssembly), driven over
// the IPC channel by lib/db/embedded.ts. Queries never run on the thread that answers HTTP, and
// PGlite's memory (a 174 MB WebAssembly heap of which its fixed 128 MB of shared buffers is
// zero-filled at start, plus the compiled module) stays out of the server process.
//
// PGlite runs one statement at a time on one session, so this process decides the order:
// statements outside transactions ("reads", though single writes come this way too) go before
// transactions waiting to start, a bounded number at a time so a stream of reads cannot starve
// them; a transaction, once started, has the session until it commits or rolls back. A read never
// runs inside another caller's open transaction, so it never sees uncommitted rows.
//
// Plain JavaScript, run by node directly (no TypeScript loader): `node lib/db/pglite-host.mjs
// [data dir]`, no data dir for an in-memory database. It exits when its parent goes away.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite, types } from "@electric-sql/pglite";

const dataDir = process.argv[2] || undefined;

// Reads admitted ahead of a waiting transaction before it gets its turn.
const READS_PER_TURN = 64;

// The value parsers Prisma's PGlite adapter (pglite-prisma-adapter) asks for: dates, times, big
// integers, numerics and JSON as the text PostgreSQL sent, bytes as an array of numbers. Its own
// table holds functions, which cannot cross the channel; `prisma: true` on a query selects this one.
const TIMESTAMPTZ = 1184;
const identity = (value) => value;
const withoutOffset = (value) => value.split("+")[0];
const bytesOf = (value) => Array.from(Buffer.from(value.slice(2), "hex"));
const arrayOf = (element) => (value) => types.arrayParser(value, element);
const PRISMA_PARSERS = {
  [types.INT8]: identity,
  [types.NUMERIC]: identity,
  [types.TIME]: identity,
  [types.TIMETZ]: withoutOffset,
  [types.DATE]: identity,
  1182: arrayOf(identity),
  [types.TIMESTAMP]: identity,
  1115: arrayOf(identity),
  [TIMESTAMPTZ]: withoutOffset,
  1116: arrayOf(withoutOffset),
  [types.MONEY]: (value) => value.slice(1),
  [types.JSON]: identity,
  [types.JSONB]: identity,
  [types.BYTEA]: bytesOf,
  1001: arrayOf(bytesOf),
};
const PRISMA_OPTIONS = { rowMode: "array", parsers: PRISMA_PARSERS };

function send(message) {
  if (process.connected) process.send(message);
}

/** What crosses the channel of an error: PostgreSQL's fields, so the caller can rebuild it. */
function errorFields(error) {
  const fields = {
    message: error instanceof Error ? error.message : typeof error === "object" ? JSON.stringify(error) : String(error),
  };
  if (error && typeof error === "object") {
    fields.name = error.name;
    for (const key of ["code", "severity", "detail", "hint", "column", "constraint", "table", "schema", "position"])
      if (typeof error[key] === "string") fields[key] = error[key];
  }
  return fields;
}

// ---------------------------------------------------------------- one process per data directory

// The server that started this process holds DATA_DIR's lock; this lock covers the moment after
// that server was killed, when a new one starts while this process is still on its way out. It
// sits beside the data directory: PGlite takes a directory with anything in it for a database.

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === "EPERM";
  }
}

async function claimDataDir(dir) {
  mkdirSync(path.dirname(dir), { recursive: true });
  const lock = `${dir}.host.pid`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    let owner;
    try {
      owner = Number(readFileSync(lock, "utf8").trim());
    } catch {
      owner = undefined;
    }
    if (!owner || owner === process.pid || !isAlive(owner)) break;
    if (Date.now() > deadline) throw new Error(`The embedded database in ${dir} is in use by process ${owner}.`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  writeFileSync(lock, String(process.pid));
  return () => {
    try {
      if (Number(readFileSync(lock, "utf8").trim()) === process.pid) rmSync(lock, { force: true });
    } catch {
      // Already gone.
    }
  };
}

// ---------------------------------------------------------------- scheduling

/** @type {{ run: () => Promise<unknown>, id: number }[]} */
const reads = [];
/** @type {{ id: number }[]} */
const begins = [];
let busy = false;
let readsThisTurn = 0;
/** The open transaction: its id, its PGlite handle and how it ends. */
let open;
let nextTransactionId = 1;
let closing = false;

function schedule() {
  if (busy || closing) return;
  const readTurn = reads.length > 0 && (begins.length === 0 || readsThisTurn < READS_PER_TURN);
  if (readTurn) {
    readsThisTurn++;
    const read = reads.shift();
    busy = true;
    read
      .run()
      .then(
        (result) => send({ id: read.id, result }),
        (error) => send({ id: read.id, error: errorFields(error) }),
      )
      .finally(() => {
        busy = false;
        schedule();
      });
    return;
  }
  if (begins.length > 0) {
    readsThisTurn = 0;
    startTransaction(begins.shift());
  }
}

function startTransaction(request) {
  busy = true;
  const transaction = { id: nextTransactionId++, tx: undefined, release: undefined, outcome: undefined };
  const released = new Promise((resolve) => (transaction.release = resolve));
  // Returning from the callback commits; a rollback has been sent by then.
  transaction.outcome = db.transaction(async (tx) => {
    transaction.tx = tx;
    open = transaction;
    send({ id: request.id, result: transaction.id });
    await released;
  });
  transaction.outcome
    .then(undefined, (error) => {
      // BEGIN itself failed, so nothing was handed out; a failed COMMIT is the committer's answer.
      if (!transaction.tx) send({ id: request.id, error: errorFields(error) });
    })
    .finally(() => {
      if (open === transaction) open = undefined;
      busy = false;
      schedule();
    });
}

function inTransaction(id, transactionId) {
  if (!open || open.id !== transactionId) {
    send({ id, error: { message: `Transaction ${transactionId} is not open.` } });
    return undefined;
  }
  return open;
}

async function answer(id, work) {
  try {
    send({ id, result: await work() });
  } catch (error) {
    send({ id, error: errorFields(error) });
  }
}

function resultOf(results) {
  return { rows: results.rows, fields: results.fields, affectedRows: results.affectedRows ?? 0 };
}

const listeners = new Map();

function onMessage(message) {
  const { id, op } = message;
  switch (op) {
    case "query": {
      const options = message.prisma ? PRISMA_OPTIONS : undefined;
      if (message.tx !== undefined) {
        const transaction = inTransaction(id, message.tx);
        if (transaction)
          void answer(id, async () => resultOf(await transaction.tx.query(message.sql, message.params, options)));
        return;
      }
      reads.push({ id, run: async () => resultOf(await db.query(message.sql, message.params, options)) });
      return schedule();
    }
    case "exec": {
      if (message.tx !== undefined) {
        const transaction = inTransaction(id, message.tx);
        if (transaction) void answer(id, async () => void (await transaction.tx.exec(message.sql)));
        return;
      }
      reads.push({ id, run: async () => void (await db.exec(message.sql)) });
      return schedule();
    }
    case "begin":
      begins.push({ id });
      return schedule();
    case "commit":
    case "rollback": {
      const transaction = inTransaction(id, message.tx);
      if (!transaction) return;
      void answer(id, async () => {
        if (op === "rollback" && !transaction.tx.closed) await transaction.tx.rollback();
        transaction.release();
        await transaction.outcome;
        return null;
      });
      return;
    }
    case "listen":
      reads.push({
        id,
        run: async () => {
          if (!listeners.has(message.channel)) {
            const unlisten = await db.listen(message.channel, (payload) =>
              send({ op: "notify", channel: message.channel, payload }),
            );
            listeners.set(message.channel, unlisten);
          }
        },
      });
      return schedule();
    case "unlisten":
      reads.push({
        id,
        run: async () => {
          const unlisten = listeners.get(message.channel);
          listeners.delete(message.channel);
          await unlisten?.();
        },
      });
      return schedule();
    case "close":
      return void close(id);
  }
}

async function close(id) {
  closing = true;
  for (const pending of [...reads, ...begins]) send({ id: pending.id, error: { message: "The database is closing." } });
  reads.length = 0;
  begins.length = 0;
  while (busy) await new Promise((resolve) => setTimeout(resolve, 5));
  await db.close().catch(() => undefined);
  releaseLock?.();
  if (id !== undefined) send({ id, result: null });
  process.exit(0);
}

// ---------------------------------------------------------------- start

// Without its parent nothing can use this database: stop at once. PGlite has written every page
// through to the data directory's files already, so this is no worse than the power going off.
process.on("disconnect", () => {
  releaseLock?.();
  process.exit(0);
});

let releaseLock;
let db;
try {
  if (dataDir) releaseLock = await claimDataDir(dataDir);
  db = new PGlite(dataDir);
  await db.waitReady;
  process.on("message", onMessage);
  send({ op: "ready" });
} catch (error) {
  send({ op: "failed", error: errorFields(error) });
  releaseLock?.();
  process.exit(1);
}
