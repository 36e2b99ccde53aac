import "server-only";
import { config } from "@/lib/config";
import { startHttpServer, type NextHandler } from "./http-server";
import { startPagesProcess } from "./pages-process";
import { startServices } from "./startup";
import { holdTickObjectShape } from "./tick-shape";

// `npm start` ends here: the start-up work (lib/server/startup.ts), then the API and the pages
// served on one port, the pages from a process of their own (lib/server/pages-process.ts; `npm run
// dev` keeps Next.js's development server in this process, which compiles pages as they are asked).

async function main() {
  holdTickObjectShape();
  const cfg = config();
  const services = await startServices();
  const production = cfg.NODE_ENV === "production";
  const pages = cfg.API_ONLY || !production ? undefined : await startPagesProcess(cfg.PORT);
  const next = cfg.API_ONLY ? undefined : (pages?.handler ?? (await startDevNext(cfg.PORT)));
  const running = await startHttpServer({ host: cfg.HOST, port: cfg.PORT, next });
  services.announce(running.port);
  console.log(`[start] listening on ${running.origin} (${services.embedded ? "embedded PGlite" : "PostgreSQL"})`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`[start] ${signal}: shutting down`);
    await running.close();
    await pages?.stop();
    await services.stop();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}

/** Next.js's development server, in this process (`npm run dev`). */
async function startDevNext(port: number): Promise<NextHandler> {
  const { default: next } = await import("next");
  // Next.js runs instrumentation.ts here; its start-up finds this process's services started.
  const app = next({ dev: true, dir: process.cwd(), port });
  await app.prepare();
  const handle = app.getRequestHandler();
  return (req, res) => handle(req, res);
}

main().catch((error) => {
  console.error("[start] failed:", error instanceof Error ? error.message : error);
  process.exit(1);
});
