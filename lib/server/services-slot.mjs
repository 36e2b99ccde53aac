// Where a process keeps its services (lib/server/startup.ts: database, invalidations, jobs), on
// globalThis: Next.js runs its start-up hook (instrumentation.ts) in a bundle of its own, and the
// one run must be found from both. Plain JavaScript: the pages process (lib/server/pages-main.mjs)
// runs without the server's bundle.

export const SERVICES_SLOT = Symbol.for("namesvc.services");

/** True when this process's services are started or starting, or run elsewhere. */
export function servicesStarted() {
  return globalThis[SERVICES_SLOT] !== undefined;
}

/**
 * For `npm start`'s pages process: the server process runs the services, so Next.js's start-up
 * hook finds them started and starts nothing (no database, no jobs here).
 */
export function markServicesElsewhere() {
  globalThis[SERVICES_SLOT] ??= Promise.resolve({ embedded: false, announce() {}, async stop() {} });
}
