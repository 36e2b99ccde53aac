// @ts-check
// PGlite's WebAssembly module as the embedded database's host (lib/db/pglite-host.mjs) starts it.
import { readFileSync } from "node:fs";

// Shared buffers for the embedded database. PGlite's build starts PostgreSQL with
// `-c shared_buffers=128MB` written into its C code: no option of PGlite's, `-c` argument or
// ALTER SYSTEM overrides it, and the 128 MB are zero-filled at start, so they are resident from the
// first moment (they were 128 of the 174 MB WebAssembly heap). The embedded database of a single
// server holds tens of megabytes, and pages outside the buffers are read back from the operating
// system's file cache, so 16 MB keeps its speed (measured in `npm run soak`) at 112 MB less.
const SHARED_BUFFERS = "16MB";
const BUILT_IN_SETTING = "shared_buffers=128MB";

/**
 * PGlite's WebAssembly module with the built-in shared_buffers setting replaced by ours, in the
 * bytes in memory (the installed file is not touched). The setting is a NUL-terminated string in
 * the module's data; ours is no longer, and the spare bytes stay NUL. If a PGlite version no longer
 * holds that string exactly once, PGlite starts with its own setting:
 * tests/unit/db/embedded.test.ts reads the setting back and fails then.
 * @returns {Promise<WebAssembly.Module>}
 */
export async function postgresModule() {
  const file = new URL("pglite.wasm", import.meta.resolve("@electric-sql/pglite"));
  const bytes = readFileSync(file);
  const needle = Buffer.from(`\0${BUILT_IN_SETTING}\0`);
  const at = bytes.indexOf(needle);
  if (at >= 0 && bytes.indexOf(needle, at + 1) < 0) {
    const replacement = Buffer.alloc(BUILT_IN_SETTING.length);
    replacement.write(`shared_buffers=${SHARED_BUFFERS}`);
    replacement.copy(bytes, at + 1);
  } else {
    process.emitWarning(`PGlite's ${BUILT_IN_SETTING} was not found once in its module; left as it is.`);
  }
  return WebAssembly.compile(bytes);
}
