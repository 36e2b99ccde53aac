// `npm run bench`: the figures the issues ask for, printed (never asserted). Each part starts the
// peers it needs on 127.0.0.1; the PostgreSQL figures use BENCH_DATABASE_URL, or a throw-away
// server from the machine's PostgreSQL binaries when none is given.
// `npm run bench -- subdomains market` runs some parts only.
import { startTempPostgres } from "@/scripts/postgres-temp.mjs";

const parts: Record<string, () => Promise<string[]>> = {
  subdomains: async () => (await import("./subdomain-bench")).benchSubdomains(),
  market: async () => (await import("./market-bench")).benchMarket(),
  resolution: async () => (await import("./resolution-bench")).benchResolution(),
  web: async () => (await import("./web-bench")).benchWeb(),
};

async function main() {
  const wanted = process.argv.slice(2).filter((name) => name in parts);
  const selected = wanted.length > 0 ? wanted : Object.keys(parts);
  let postgres: Awaited<ReturnType<typeof startTempPostgres>> | undefined;
  if (!process.env.BENCH_DATABASE_URL && selected.some((name) => name === "subdomains" || name === "market")) {
    postgres = await startTempPostgres().catch(() => undefined);
    if (postgres) process.env.BENCH_DATABASE_URL = postgres.url;
    else console.log("(no PostgreSQL binaries found: PostgreSQL figures skipped)");
  }
  try {
    for (const name of selected) {
      console.log(`\n== ${name} ==`);
      const started = performance.now();
      for (const line of await parts[name]()) console.log(line);
      console.log(`(${name}: ${((performance.now() - started) / 1000).toFixed(1)} s)`);
    }
  } finally {
    await postgres?.stop();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
