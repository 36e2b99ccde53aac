import "server-only";
import { randomBytes, randomUUID } from "node:crypto";
import { createThrowAwayDatabase } from "@/scripts/postgres-temp.mjs";
import { setConfig } from "@/lib/config";
import { closeDatabase, database, isDatabaseOpen, openDatabase } from "@/lib/db";
import type { Caller } from "@/lib/partners/authenticate";
import { countSubdomainsPerDayOfPartner } from "@/lib/registry/count-subdomains-per-day";
import { listSubdomainsOfPartner } from "@/lib/registry/list-subdomains";
import { encodePageToken } from "@/lib/registry/page-token";

// Sub-domain listing at scale: 1,000,000 sub-domains under one parent, then the median time of a
// list page at the start and at the end of the listing (keyset: about equal) and of a per-day
// page, through the same functions endpoints 4 and 5 call. PGlite in memory, and PostgreSQL when
// BENCH_DATABASE_URL is set (a throw-away database is created on it and dropped afterwards).

const SUBDOMAINS = 1_000_000;
const BATCH = 100_000;
const PAGE_SIZE = 100;
const RUNS = 41;
const PARENT = "parent.bench";
/** Three sub-domains share each timestamp (so the id tie-break is exercised), over about two years. */
const STEP_MS = 189_216;

export async function benchSubdomains(): Promise<string[]> {
  if (isDatabaseOpen()) throw new Error("benchSubdomains opens its own databases: close the current one first.");
  const cfg = setConfig({ JWT_SECRET: randomBytes(32).toString("hex"), LOG_LEVEL: "silent" });
  const lines = [
    `${SUBDOMAINS.toLocaleString("en")} sub-domains under one parent, page size ${PAGE_SIZE}, median of ${RUNS} runs`,
  ];
  lines.push(...(await benchOn("PGlite (in memory)", () => openDatabase({}))));
  if (cfg.BENCH_DATABASE_URL) {
    const { url, drop } = await createThrowAwayDatabase(cfg.BENCH_DATABASE_URL, "bench");
    try {
      lines.push(...(await benchOn("PostgreSQL", () => openDatabase({ url }))));
    } finally {
      await drop();
    }
  } else lines.push("PostgreSQL: skipped (BENCH_DATABASE_URL not set)");
  return lines;
}

async function benchOn(label: string, open: () => Promise<unknown>): Promise<string[]> {
  await open();
  try {
    const started = performance.now();
    const { caller, parentId } = await createSubdomains();
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const plan = await listPlan(parentId);

    const endToken = await tokenBeforeLastPage(parentId);
    const start = await medianMs(() => listSubdomainsOfPartner(caller, PARENT, { pageSize: PAGE_SIZE }));
    const end = await medianMs(async () => {
      const page = await listSubdomainsOfPartner(caller, PARENT, { pageSize: PAGE_SIZE, pageToken: endToken });
      if (page.names.length !== PAGE_SIZE || page.nextPaginationToken !== "")
        throw new Error("the end page is not the listing's last page");
      return page;
    });
    const perDay = await medianMs(() => countSubdomainsPerDayOfPartner(caller, PARENT, { pageSize: PAGE_SIZE }));
    return [
      `${label}: created in ${seconds} s; list plan: ${plan}`,
      `${label}: list page at start ${start.toFixed(2)} ms, at end ${end.toFixed(2)} ms (end/start ` +
        `${(end / start).toFixed(2)}), per-day page ${perDay.toFixed(2)} ms`,
    ];
  } finally {
    await closeDatabase();
  }
}

/** One partner, one parent and SUBDOMAINS children inserted set-wise, counts kept as inserts keep them. */
async function createSubdomains(): Promise<{ caller: Caller; parentId: string }> {
  const db = database();
  const partnerId = randomUUID();
  const parentId = randomUUID();
  await db.query(`INSERT INTO partner (id, name, updated_at) VALUES ($1, 'bench partner', now())`, [partnerId]);
  await db.query(`INSERT INTO tld (name) VALUES ('bench') ON CONFLICT DO NOTHING`);
  await db.query(
    `INSERT INTO "domain" (id, name, node, label, tld, owner_address, owner_key, partner_id, subdomains_enabled,
                           subdomain_price_cents, updated_at)
     VALUES ($1, $2, '0x' || md5($2) || md5($2 || '.'), 'parent', 'bench', $3, lower($3), $4, true, 100, now())`,
    [parentId, PARENT, "0x000000000000000000000000000000000000bEEF", partnerId],
  );
  const newest = Date.now();
  for (let first = 1; first <= SUBDOMAINS; first += BATCH) {
    // The node column wants a unique 32-byte value; a namehash needs keccak, so the bench uses md5 pairs.
    await db.query(
      `INSERT INTO "domain" (id, name, node, label, tld, parent_id, owner_address, owner_key, created_at, updated_at)
       SELECT gen_random_uuid(), 's' || g || '.${PARENT}', '0x' || md5('n' || g) || md5('m' || g), 's' || g, 'bench',
              $1::uuid, '0x' || substr(md5('o' || (g % 50000)), 1, 40), '0x' || substr(md5('o' || (g % 50000)), 1, 40),
              to_timestamp($2::double precision / 1000) - ((g / 3)::bigint * ${STEP_MS}) * interval '1 millisecond',
              now()
         FROM generate_series($3::int, $4::int) AS g`,
      [parentId, newest, first, Math.min(first + BATCH - 1, SUBDOMAINS)],
    );
  }
  await db.query(`UPDATE "domain" SET subdomain_count = $2 WHERE id = $1`, [parentId, SUBDOMAINS]);
  await db.query(
    `INSERT INTO subdomain_daily_count (parent_id, day, count)
     SELECT parent_id, (created_at AT TIME ZONE 'UTC')::date, count(*) FROM "domain"
      WHERE parent_id = $1 GROUP BY 1, 2`,
    [parentId],
  );
  await db.exec(`ANALYZE "domain"; ANALYZE subdomain_daily_count;`);
  return { caller: { partnerId, tokenId: randomUUID(), type: "ADMIN" }, parentId };
}

async function listPlan(parentId: string): Promise<string> {
  const rows = await database().query<{ "QUERY PLAN": string }>(
    `EXPLAIN SELECT id, name, created_at FROM "domain"
      WHERE parent_id = $1 AND (created_at, id) < (now(), $2::uuid) ORDER BY created_at DESC, id DESC LIMIT 101`,
    [parentId, randomUUID()],
  );
  const plan = rows.map((row) => row["QUERY PLAN"]).join(" / ");
  const usesIndex = plan.includes("domain_parent_id_created_at_id_idx");
  if (!usesIndex) throw new Error(`The list query does not use the keyset index: ${plan}`);
  return /Index (Only )?Scan( Backward)? using domain_parent_id_created_at_id_idx/.exec(plan)?.[0] ?? "index";
}

/** A page token positioned just before the last page (found once, with OFFSET, outside the timing). */
async function tokenBeforeLastPage(parentId: string): Promise<string> {
  const [row] = await database().query<{ id: string; created_at: Date }>(
    `SELECT id, created_at FROM "domain" WHERE parent_id = $1 ORDER BY created_at DESC, id DESC OFFSET $2 LIMIT 1`,
    [parentId, SUBDOMAINS - PAGE_SIZE - 1],
  );
  return encodePageToken({ listing: "names", parentId, createdAt: new Date(row.created_at).toISOString(), id: row.id });
}

async function medianMs(run: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 10; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}
