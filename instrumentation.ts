// Next.js calls register() once per server process before serving (`next start`, `next dev`):
// the same start-up as `npm start` and this process's edge (lib/server/next-edge.ts). Under
// `npm start` the server has done both before Next.js loads, and this does nothing.
import { servicesStarted } from "@/lib/server/services-slot.mjs";

export async function register(): Promise<void> {
  // NEXT_RUNTIME is Next.js's build-time constant, the one variable read outside lib/config: the
  // edge runtime has no sockets and no database, and never serves this application's routes.
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // Under `npm start` (its own process and its pages process) the services are already placed.
  if (servicesStarted()) return;
  const { startUnderNext } = await import("@/lib/server/next-edge");
  await startUnderNext();
}
