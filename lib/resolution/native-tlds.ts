import "server-only";
import { run, sqlBuilder } from "@/lib/db/sql";

// The TLDs the native registry operates, read from the tld table and kept in memory: name-service
// inference asks on every resolution. ENS's TLD rows (holding partners' ENS parents) are not
// among them. A minute's staleness is harmless (TLDs are rarely added); the seed forgets the cache
// when it adds some.

const TTL_MS = 60_000;
let cached: { tlds: ReadonlySet<string>; loadedAt: number } | undefined;

/** The TLDs, at once while the kept set is fresh (resolution asks on every miss), else read again. */
export function nativeTlds(): ReadonlySet<string> | Promise<ReadonlySet<string>> {
  if (cached && Date.now() - cached.loadedAt < TTL_MS) return cached.tlds;
  return loadNativeTlds();
}

async function loadNativeTlds(): Promise<ReadonlySet<string>> {
  const rows = await run(sqlBuilder.selectFrom("tld").select("name").where("name_service", "=", "native"));
  cached = { tlds: new Set(rows.map((row) => row.name)), loadedAt: Date.now() };
  return cached.tlds;
}

export function forgetNativeTlds(): void {
  cached = undefined;
}
