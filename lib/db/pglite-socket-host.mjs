// @ts-check
// EXPERIMENT (issue 35 item 5): PGlite in a worker thread behind @electric-sql/pglite-socket, so the
// server talks to it with `pg` and `@prisma/adapter-pg` exactly as to PostgreSQL, over a Unix socket.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { postgresModule } from "./pglite-host/postgres-module.mjs";

const channel = /** @type {import("node:worker_threads").MessagePort} */ (parentPort);
const dataDir = workerData?.dataDir || undefined;

try {
  const db = new PGlite(dataDir, { wasmModule: await postgresModule() });
  await db.waitReady;
  await db.exec("SET client_min_messages TO warning; SET log_min_messages TO error");
  // execProtocolRaw(), which the socket server calls for each message, keeps every message PGlite
  // parsed until an execProtocol() empties the list (the host's memory grew to its limit without
  // this); execProtocol() returns the same bytes and empties it.
  const raw = /** @param {Uint8Array} message */ async (message) =>
    (await db.execProtocol(message, { syncToFs: false, throwOnError: false })).data;
  const facade = new Proxy(db, {
    get(target, property) {
      if (property === "execProtocolRaw") return raw;
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  const dir = mkdtempSync(path.join(os.tmpdir(), "namesvc-pglite-"));
  const server = new PGLiteSocketServer({ db: facade, path: path.join(dir, ".s.PGSQL.5432"), maxConnections: 100 });
  await server.start();
  channel.on("message", async (message) => {
    if (message.op !== "close") return;
    await server.stop().catch(() => undefined);
    await db.close().catch(() => undefined);
    channel.postMessage({ op: "closed" });
    process.exit(0);
  });
  channel.postMessage({ op: "ready", socketDir: dir });
} catch (error) {
  channel.postMessage({ op: "failed", message: error instanceof Error ? error.stack : String(error) });
  process.exit(1);
}
