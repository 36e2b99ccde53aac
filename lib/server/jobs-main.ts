import "server-only";
import { config } from "@/lib/config";
import { startServices } from "./startup";

// `npm run jobs`: the start-up and the background jobs without an HTTP server, for deployments
// whose web tier cannot keep them running (Next.js on a serverless host): offer expiry, finishing
// orders a crash left PAID, and the payment watchers. They keep their cursors in the database and
// are idempotent, so one runner or several is safe.

async function main() {
  if (!config().BACKGROUND_JOBS) throw new Error("BACKGROUND_JOBS=0 here leaves nothing to run.");
  const services = await startServices();
  console.log(`[jobs] running (${services.embedded ? "embedded PGlite" : "PostgreSQL"}); stop with SIGTERM`);
  for (const signal of ["SIGINT", "SIGTERM"] as const)
    process.once(signal, () => void services.stop().then(() => process.exit(0)));
}

main().catch((error) => {
  console.error("[jobs] failed:", error instanceof Error ? error.message : error);
  process.exit(1);
});
