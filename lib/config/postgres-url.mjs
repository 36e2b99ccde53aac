// Whether DATABASE_URL names a PostgreSQL server (postgres:// or postgresql://) rather than the
// embedded database: read by lib/config and by the start script (scripts/server-process.mjs), which
// chooses the server's Node flags before the TypeScript config can be loaded. Plain JavaScript for that.

/** True for a postgres:// or postgresql:// URL. */
export function isPostgresUrl(url) {
  return /^postgres(ql)?:\/\//.test(url ?? "");
}
