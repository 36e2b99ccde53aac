// lib/db/sql/tables.ts and enums.ts (the types every statement of lib/db/sql is checked against) are
// what `prisma generate` writes from prisma/schema.prisma: a schema change whose regenerated files
// were not committed fails here.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, test } from "vitest";

const root = path.resolve(import.meta.dirname, "../../..");
const scratch = mkdtempSync(path.join(tmpdir(), "sql-tables-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

test("lib/db/sql's table types are the schema's (else: npx prisma generate, and commit them)", () => {
  const schema = readFileSync(path.join(root, "prisma/schema.prisma"), "utf8");
  const output = 'output       = "../lib/db/sql"';
  expect(schema).toContain(output);
  const copy = path.join(scratch, "schema.prisma");
  writeFileSync(copy, schema.replace(output, `output       = ${JSON.stringify(path.join(scratch, "out"))}`));
  execFileSync(path.join(root, "node_modules/.bin/prisma"), ["generate", "--schema", copy, "--generator", "kysely"], {
    cwd: root,
    stdio: "pipe",
    env: { ...process.env, PRISMA_HIDE_UPDATE_MESSAGE: "1" },
  });
  for (const file of ["tables.ts", "enums.ts"]) {
    const fresh = readFileSync(path.join(scratch, "out", file), "utf8");
    expect(readFileSync(path.join(root, "lib/db/sql", file), "utf8") === fresh, `lib/db/sql/${file} is stale`).toBe(
      true,
    );
  }
}, 60_000);
