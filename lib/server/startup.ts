import "server-only";
import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { config, usesPostgresServer } from "@/lib/config";
import { closeDatabase, openConfiguredDatabase } from "@/lib/db";
import { listenForInvalidations } from "@/lib/db/invalidation";
import { seedDemoData } from "@/lib/registry/seed";
import { startBackgroundJobs } from "@/lib/jobs/background";
import { claimDataDir } from "./data-dir-lock";
import "./jobs";
import { checkPaymentSettings, checkSignInDomains } from "./startup-checks";
import { logger } from "@/lib/log";
import { SERVICES_SLOT } from "./services-slot.mjs";

// The start-up work of a server process, shared by `npm start` (lib/server/main.ts) and Next.js
// (instrumentation.ts): check the configuration, open and migrate the database, follow the other
// instances' invalidations, seed the demo data once and start the background jobs. It runs once
// per process: Next.js calls its hook in a bundle of its own, and under `npm start` it calls the
// hook too, so the one run is kept on globalThis.

export interface Services {
  /** True on the embedded database (PGlite), which this process now holds. */
  embedded: boolean;
  /** Records where this process listens, for commands on the same machine (`npm run partner`). */
  announce(port: number): void;
  /** Stops the jobs, the listener and the database. */
  stop(): Promise<void>;
}

export function startServices(): Promise<Services> {
  const slot = globalThis as { [SERVICES_SLOT]?: Promise<Services> };
  return (slot[SERVICES_SLOT] ??= start());
}

async function start(): Promise<Services> {
  const cfg = config();
  for (const warning of [...checkPaymentSettings(cfg), ...checkSignInDomains(cfg)]) logger("start").warn(warning);
  const embedded = !usesPostgresServer(cfg);
  if (embedded) claimDataDir(cfg.DATA_DIR);
  await openConfiguredDatabase();
  // Writes reach every instance's caches through NOTIFY, this one's included once they commit.
  const stopListening = await listenForInvalidations();
  const seeded = cfg.SEED_DEMO_DATA && (await seedDemoData());
  if (seeded)
    console.log(`[start] demo data seeded; demo ADMIN token in ${path.join(cfg.DATA_DIR, "demo-admin-token")}`);
  const stopJobs = cfg.BACKGROUND_JOBS ? await startBackgroundJobs() : async () => undefined;
  const statusFile = path.resolve(cfg.DATA_DIR, "server.json");
  let stopping: Promise<void> | undefined;
  return {
    embedded,
    announce(port) {
      if (!embedded) return;
      writeFileSync(statusFile, JSON.stringify({ pid: process.pid, port }));
      // Next.js exits on a signal without waiting for stop(); the file must not outlive the process.
      process.once("exit", () => rmSync(statusFile, { force: true }));
    },
    stop() {
      stopping ??= (async () => {
        await stopJobs();
        await stopListening();
        await closeDatabase();
        if (embedded) rmSync(statusFile, { force: true });
      })();
      return stopping;
    },
  };
}
