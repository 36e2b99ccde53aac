// @ts-check
// The embedded database's own thread: PGlite (PostgreSQL compiled to WebAssembly) in a worker of
// the server's process, driven over the worker's message channel by lib/db/embedded.ts. Queries
// never run on the thread that answers HTTP. Its parts, in lib/db/pglite-host/: the order of work
// on PGlite's one session (scheduler.mjs), the session at the level of PostgreSQL's wire protocol
// (wire.mjs) straight to PGlite's module (direct-pglite.mjs), values to and from PostgreSQL's text
// format (values.mjs), and PGlite's module with our shared buffers (postgres-module.mjs).
//
// Plain JavaScript with types in JSDoc (checked by `tsc`), run as a worker with no TypeScript
// loader: `workerData.dataDir` is the data directory, none for an in-memory database. Only one
// server opens a data directory: it holds DATA_DIR's lock (lib/server/data-dir-lock.ts).
import { parentPort, workerData } from "node:worker_threads";
import { DirectPGlite } from "./pglite-host/direct-pglite.mjs";
import { postgresModule } from "./pglite-host/postgres-module.mjs";
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

/**
 * @param {DirectPGlite} db
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
  const db = new DirectPGlite(dataDir, { wasmModule: await postgresModule() });
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
