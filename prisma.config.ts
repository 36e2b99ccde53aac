// Prisma CLI settings. The CLI runs on its WASM schema engine through a driver adapter, so it
// downloads nothing; an in-memory PGlite serves `generate` and `migrate diff`. Migrations are
// applied by lib/db/migrate.ts, whose bookkeeping matches `prisma migrate deploy`.
import { PGlite } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";
import type { SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { defineConfig } from "prisma/config";

process.env.PRISMA_SCHEMA_URL ??= "postgresql://localhost:5432/unused";

export default defineConfig({
  schema: "prisma/schema.prisma",
  experimental: { adapter: true },
  engine: "js",
  // Typed against an older driver-adapter-utils than Prisma's; compatible at run time.
  adapter: async () => new PrismaPGlite(new PGlite()) as unknown as SqlMigrationAwareDriverAdapterFactory,
});
