import { afterAll, beforeAll, expect, test } from "vitest";
import { database } from "@/lib/db";
import { listingQueryForPlan } from "@/lib/registry/list-subdomains";
import { startTestApp, type TestApp } from "@/tests/support/app";
import { seedCatalogue } from "@/tests/support/market-fixtures";

// Issue 32: endpoint 4's filters and totals are right at 100,000 sub-names, pages are keyset
// (no OFFSET), and the filtered queries are served by indexes, not by reading the parent's rows.

const COUNT = 100_000;
const OWNERS = 10;
let app: TestApp;
let admin: string;
let parent: string;
let parentId: string;

const ownerOf = (n: number) => `0x${(n + 1).toString(16).padStart(40, "0")}`;

beforeAll(async () => {
  app = await startTestApp();
  ({ adminToken: admin, parentName: parent } = await seedCatalogue());
  const [row] = await database().query<{ id: string }>(`SELECT id FROM "domain" WHERE name = $1`, [parent]);
  parentId = row.id;
  // One statement: label n<i>, owner i % 10, created one second apart (n0 newest).
  await database().query(
    `INSERT INTO "domain" (id, name, node, label, tld, parent_id, owner_address, owner_key, created_at,
        registered_at, updated_at)
      SELECT gen_random_uuid(), 'n' || i || '.' || $1, '0x' || md5($1 || i) || md5(i || $1), 'n' || i, 'web3', $2::uuid,
        '0x' || lpad(to_hex(i % ${OWNERS} + 1), 40, '0'), '0x' || lpad(to_hex(i % ${OWNERS} + 1), 40, '0'),
        now() - i * interval '1 second', now(), now()
        FROM generate_series(0, ${COUNT - 1}) AS i`,
    [parent, parentId],
  );
  await database().query(`UPDATE "domain" SET subdomain_count = $2 WHERE id = $1::uuid`, [parentId, COUNT]);
  await database().query(`ANALYZE "domain"`);
}, 120_000);
afterAll(() => app.close());

async function list(query: string) {
  const res = await app.fetch(`/v1/parentdomains/${parent}/list?${query}`, { token: admin });
  expect(res.status).toBe(200);
  return (await res.json()) as { names: { name: string }[]; nextPaginationToken: string; total: number };
}

test("unfiltered, by label prefix, by owner and by both: the right totals and pages", async () => {
  expect((await list("pageSize=3")).names.map((n) => n.name)).toEqual([`n0.${parent}`, `n1.${parent}`, `n2.${parent}`]);
  expect((await list("pageSize=1")).total).toBe(COUNT);

  // n12, n120-n129, n1200-n1299, n12000-n12999.
  const prefix = await list("labelPrefix=n12&pageSize=1000");
  expect(prefix.total).toBe(1 + 10 + 100 + 1000);
  expect(prefix.names[0].name).toBe(`n12.${parent}`);
  const second = await list(`labelPrefix=n12&pageSize=1000&pageToken=${prefix.nextPaginationToken}`);
  expect(second.names.map((n) => n.name)).toEqual(
    Array.from({ length: 111 }, (_, i) => `n${12889 + i}.${parent}`).filter((name) => name.startsWith("n12")),
  );
  expect(second.nextPaginationToken).toBe("");

  const owner = await list(`ownerAddress=${ownerOf(3)}&pageSize=2`);
  expect(owner.total).toBe(COUNT / OWNERS);
  expect(owner.names.map((n) => n.name)).toEqual([`n3.${parent}`, `n13.${parent}`]);
  const deep = await list(`ownerAddress=${ownerOf(3)}&pageSize=2&pageToken=${owner.nextPaginationToken}`);
  expect(deep.names.map((n) => n.name)).toEqual([`n23.${parent}`, `n33.${parent}`]);

  // Labels n12… owned by owner 3 (i % 10 = 3): n123, n1203…n1293, n12003…n12993.
  const both = await list(`labelPrefix=n12&ownerAddress=${ownerOf(3).toUpperCase().replace("0X", "0x")}`);
  expect(both.total).toBe(1 + 10 + 100);
  expect(both.names[0].name).toBe(`n123.${parent}`);
});

test("the filtered pages and totals are read through indexes, never a scan of the table", async () => {
  const filters = [
    { labelPrefix: "n12" },
    { ownerAddress: ownerOf(3) },
    { labelPrefix: "n1", ownerAddress: ownerOf(1) },
  ];
  for (const filter of filters) {
    expect(listingQueryForPlan(parentId, filter).page.sql).not.toMatch(/OFFSET/i);
    const { page, count } = listingQueryForPlan(parentId, filter);
    const planOf = async (query: { sql: string; params: unknown[] }) =>
      (await database().query(`EXPLAIN ${query.sql}`, query.params)).map((row) => row["QUERY PLAN"]).join("\n");
    // A page may walk the listing's own order and stop at the page's end; the total must not count the parent.
    const pagePlan = await planOf(page);
    expect(pagePlan, JSON.stringify(filter)).not.toMatch(/Seq Scan/);
    expect(pagePlan).toMatch(/Index (Only )?Scan|Bitmap Index Scan/);
    const countPlan = await planOf(count);
    expect(countPlan, JSON.stringify(filter)).not.toMatch(/Seq Scan/);
    expect(countPlan).toMatch(/Index (Only )?Scan|Bitmap Index Scan/);
  }
});
