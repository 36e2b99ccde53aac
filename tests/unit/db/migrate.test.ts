import { afterAll, expect, test } from "vitest";
import { closeDatabase, database, openDatabase } from "@/lib/db";
import { migrate } from "@/lib/db/migrate";

afterAll(closeDatabase);

test("migrations apply once and are recorded like prisma migrate deploy", async () => {
  await openDatabase();
  const rows = await database().query<{ migration_name: string; checksum: string }>(
    `SELECT migration_name, checksum FROM "_prisma_migrations"`,
  );
  expect(rows.length).toBeGreaterThan(0);
  expect(rows[0].checksum).toMatch(/^[0-9a-f]{64}$/);
  expect(await migrate(database())).toEqual([]);
  const tables = await database().query<{ n: number }>(
    `SELECT count(*)::int AS n FROM information_schema.tables WHERE table_name = 'domain'`,
  );
  expect(tables[0].n).toBe(1);
});
