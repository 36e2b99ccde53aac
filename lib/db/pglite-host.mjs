// @ts-check
// The embedded database's own thread: PGlite (PostgreSQL compiled to WebAssembly) in a worker of
// the server's process, driven over the worker's message channel by lib/db/embedded.ts. Queries
// never run on the thread that answers HTTP. Its parts, in lib/db/pglite-host/: the order of work
// on PGlite's one session (scheduler.mjs), the session at the level of PostgreSQL's wire protocol
// (wire.mjs), and values to and from PostgreSQL's text format (values.mjs).
//
// Plain JavaScript with types in JSDoc (checked by `tsc`), run as a worker with no TypeScript
// loader: `workerData.dataDir` is the data directory, none for an in-memory database. Only one
// server opens a data directory: it holds DATA_DIR's lock (lib/server/data-dir-lock.ts).
import { readFileSync } from "node:fs";
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { Scheduler } from "./pglite-host/scheduler.mjs";
import { errorFields, Session } from "./pglite-host/wire.mjs";

/** @typedef {import("./pglite-host/scheduler.mjs").Request | { op: "close"; id?: number }} Message */
/**
 * What the host sends besides answers: a notification, and once whether it started.
 * @typedef {{ op: "notify"; channel: string; payload: string } | { op: "ready" }
 *   | { op: "failed"; error: import("./pglite-host/wire.mjs").ErrorFields }} Notice
 */

const dataDir = workerData?.dataDir || undefined;
const channel = /** @type {import("node:worker_threads").MessagePort} */ (parentPort);

/** @param {import("./pglite-host/scheduler.mjs").Reply | Notice} message */
function send(message) {
  channel.postMessage(message);
}

// Shared buffers for the embedded database. PGlite's build starts PostgreSQL with
// `-c shared_buffers=128MB` written into its C code: no option of PGlite's, `-c` argument or
// ALTER SYSTEM overrides it, and the 128 MB are zero-filled at start, so they are resident from the
// first moment (they were 128 of the 174 MB WebAssembly heap). The embedded database of a single
// server holds tens of megabytes, and pages outside the buffers are read back from the operating
// system's file cache, so 16 MB keeps its speed (measured in `npm run soak`) at 112 MB less.
const SHARED_BUFFERS = "16MB";
const BUILT_IN_SETTING = "shared_buffers=128MB";

/**
 * PGlite's WebAssembly module with the built-in shared_buffers setting replaced by ours, in the
 * bytes in memory (the installed file is not touched). The setting is a NUL-terminated string in
 * the module's data; ours is no longer, and the spare bytes stay NUL. If a PGlite version no longer
 * holds that string exactly once, PGlite starts with its own setting:
 * tests/unit/db-embedded.test.ts reads the setting back and fails then.
 * @returns {Promise<WebAssembly.Module>}
 */
async function postgresModule() {
  const file = new URL("pglite.wasm", import.meta.resolve("@electric-sql/pglite"));
  const bytes = readFileSync(file);
  const needle = Buffer.from(`\0${BUILT_IN_SETTING}\0`);
  const at = bytes.indexOf(needle);
  if (at >= 0 && bytes.indexOf(needle, at + 1) < 0) {
    const replacement = Buffer.alloc(BUILT_IN_SETTING.length);
    replacement.write(`shared_buffers=${SHARED_BUFFERS}`);
    replacement.copy(bytes, at + 1);
  } else {
    process.emitWarning(`PGlite's ${BUILT_IN_SETTING} was not found once in its module; left as it is.`);
  }
  return WebAssembly.compile(bytes);
}

/**
 * @param {PGlite} db
 * @param {Scheduler} scheduler
 * @param {number | undefined} id
 */
async function close(db, scheduler, id) {
  await scheduler.stop();
  await db.close().catch(() => undefined);
  if (id !== undefined) send({ id, result: null });
  // In a worker this ends the thread, not the process.
  process.exit(0);
}

try {
  const db = new PGlite(dataDir, { wasmModule: await postgresModule() });
  await db.waitReady;
  const session = new Session(db, (channel, payload) => send({ op: "notify", channel, payload }));
  // PGlite's build reports debug messages to the client and the log by default: formatting them
  // costs as much as a simple statement.
  await session.script("SET client_min_messages TO warning; SET log_min_messages TO error");
  await session.loadArrayTypes();
  const scheduler = new Scheduler(session, send);
  channel.on("message", (/** @type {Message} */ message) => {
    if (message.op === "close") void close(db, scheduler, message.id);
    else scheduler.receive(message);
  });
  send({ op: "ready" });
} catch (error) {
  send({ op: "failed", error: errorFields(error) });
  process.exit(1);
}
