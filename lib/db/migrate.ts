import "server-only";
import { createHash, randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Database } from "./types";

// Applies prisma/migrations in order, keeping the same `_prisma_migrations` bookkeeping as
// `prisma migrate deploy`, so either tool can take over from the other. In-process, because
// tests use in-memory databases the CLI cannot reach.

const MIGRATIONS_DIR = path.join(process.cwd(), "prisma", "migrations");
// The advisory lock key `prisma migrate` uses, so concurrent instances migrate one at a time.
const LOCK_KEY = 72707369;

const BOOKKEEPING = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

function readMigrations(): Migration[] {
  return readdirSync(MIGRATIONS_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(path.join(MIGRATIONS_DIR, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

/**
 * Applies every migration not yet recorded; returns the names applied. `before` stops at the first
 * migration whose name sorts at or after it, so a test can fill a database as an older release left it.
 */
export async function migrate(database: Database, options: { before?: string } = {}): Promise<string[]> {
  const { before } = options;
  const migrations = readMigrations().filter((migration) => before === undefined || migration.name < before);
  return database.withConnection(async (session) => {
    await session.query("SELECT pg_advisory_lock($1)", [LOCK_KEY]);
    try {
      return await applyPending(session, migrations);
    } finally {
      await session.query("SELECT pg_advisory_unlock($1)", [LOCK_KEY]);
    }
  });
}

async function applyPending(database: Pick<Database, "query" | "exec">, migrations: Migration[]): Promise<string[]> {
  await database.exec(BOOKKEEPING);
  const rows = await database.query<{ migration_name: string }>(
    `SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
  );
  const done = new Set(rows.map((row) => row.migration_name));
  const applied: string[] = [];
  for (const migration of migrations) {
    if (done.has(migration.name)) continue;
    const id = randomUUID();
    await database.exec(
      `BEGIN;\n${migration.sql}\n;INSERT INTO "_prisma_migrations" (id, checksum, migration_name, ` +
        "finished_at, applied_steps_count) " +
        `VALUES ('${id}', '${migration.checksum}', '${migration.name.replace(/'/g, "''")}', now(), 1);\nCOMMIT;`,
    );
    applied.push(migration.name);
  }
  return applied;
}
