import "server-only";
import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { config, usesPostgresServer } from "@/lib/config";
import { closeDatabase, openConfiguredDatabase } from "@/lib/db";
import { listenForInvalidations } from "@/lib/db/invalidation";
import { seedDemoData } from "@/lib/registry/seed";
import { startBackgroundJobs } from "./background";
import "./jobs";
import { startHttpServer, type NextHandler } from "./http-server";
import { claimDataDir } from "./data-dir-lock";

// `npm start` ends here: open and migrate the database, seed the demo data once, start the
// background jobs and serve the API and the pages on one port.

async function main() {
  const cfg = config();
  const embedded = !usesPostgresServer(cfg);
  if (embedded) claimDataDir(cfg.DATA_DIR);
  await openConfiguredDatabase();
  // Writes reach every instance's caches through NOTIFY, this one's included once they commit.
  const stopListening = await listenForInvalidations();
  const seeded = cfg.SEED_DEMO_DATA === "1" && (await seedDemoData());
  if (seeded)
    console.log(`[start] demo data seeded; demo ADMIN token in ${path.join(cfg.DATA_DIR, "demo-admin-token")}`);
  const stopJobs = cfg.BACKGROUND_JOBS === "1" ? await startBackgroundJobs() : async () => undefined;

  const next = cfg.API_ONLY === "1" ? undefined : await startNext(cfg.NODE_ENV !== "production", cfg.PORT);
  const running = await startHttpServer({ host: cfg.HOST, port: cfg.PORT, next });
  const statusFile = path.resolve(cfg.DATA_DIR, "server.json");
  if (embedded) writeFileSync(statusFile, JSON.stringify({ pid: process.pid, port: running.port }));
  console.log(`[start] listening on ${running.origin} (${embedded ? "embedded PGlite" : "PostgreSQL"})`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`[start] ${signal}: shutting down`);
    await running.close();
    await stopJobs();
    await stopListening();
    await closeDatabase();
    if (embedded) rmSync(statusFile, { force: true });
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}

async function startNext(dev: boolean, port: number): Promise<NextHandler> {
  const { default: next } = await import("next");
  const app = next({ dev, dir: process.cwd(), port });
  await app.prepare();
  const handle = app.getRequestHandler();
  return (req, res) => handle(req, res);
}

main().catch((error) => {
  console.error("[start] failed:", error instanceof Error ? error.message : error);
  process.exit(1);
});
