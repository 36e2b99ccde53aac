// The server as a child process, started the way `npm start` runs it (same bundle, Node flags and
// environment), or as `next start`, for the tests and benches that need a real process: it
// resolves with the address the server prints once it is ready, and stops it with SIGTERM
// (SIGKILL after a grace period).
import { spawn } from "node:child_process";
import path from "node:path";
import { isPostgresUrl } from "../lib/config/postgres-url.mjs";
import { ensureServerBundle } from "./server-bundle.mjs";

const root = path.resolve(import.meta.dirname, "..");

/**
 * Node flags of the server process. A bounded heap (every cache is bounded too): V8 would otherwise
 * grow it to gigabytes before collecting (SERVER_HEAP_MB to change it). After each full collection
 * V8 lets the heap grow to up to 4 times what survived before collecting again; 1.2 times keeps the
 * heap near what it holds (the bench's memory run: 102 MB of heap instead of 108, 288 MB at most
 * instead of 294) at no measured cost to warm reads (15.5 to 18 µs of CPU per answer either way).
 * WebAssembly (the embedded database, Prisma's query compiler) stays with V8's baseline compiler,
 * Liftoff: its optimizing compiler held about 130 MB more through the soak (429 MB against 297) for
 * PGlite's 9 MB module, for about 20% more purchases per second on PGlite; the 300 MB bound comes first.
 * Allocation-site pretenuring is off. With it on, 5 first servers of 50 in the bench's warm runs
 * fell at their first load into a state where a full collection ran every 70 to 100 ms and warm
 * reads ran at less than half their speed for the process's life (in the one traced scavenge by
 * scavenge, each kept 1 to 1.4 MB alive, against 12 to 16 KB otherwise); none of 39 did with it
 * off, at the same CPU per answer and memory otherwise (docs/operations.md, sixth round). Pretenuring
 * changes for a process's life where a site's objects go: the later objects of a site whose objects
 * mostly survived a scavenge are allocated in the old generation, and the young objects they point
 * to stay alive until the next full collection.
 */
export function serverNodeArgs(env = process.env) {
  return [
    `--max-old-space-size=${env.SERVER_HEAP_MB ?? 256}`,
    `--max-semi-space-size=${semiSpaceMb(env)}`,
    "--heap-growing-percent=20",
    "--no-allocation-site-pretenuring",
    "--liftoff-only",
  ];
}

/**
 * The young generation's semi-space, in MB. A scavenge costs about the same whatever little it finds
 * alive, so a larger young generation runs fewer of them: 16 MB instead of 4 took 0.94 of the CPU per
 * warm read (`npm run bench:ab`, 12 turns), 8 MB 0.95. With PostgreSQL (a postgres:// DATABASE_URL)
 * the process holds no database and takes 16 MB: 225 MB at most in the bench's memory run, against
 * 198 with 4. With the embedded database it holds the database too: 8 MB, with a response cache of
 * 16 MB instead of 24 (lib/config's responseCacheMb), stays under the 300 MB bound as 4 MB did (285
 * MB at most, against 286; 8 MB with the 24 MB cache: 301) (docs/operations.md, twenty-eighth round).
 * @param {Record<string, string | undefined>} env
 */
function semiSpaceMb(env) {
  return isPostgresUrl(env.DATABASE_URL) ? 16 : 8;
}

/**
 * The server process's environment. glibc gives each thread that allocates (V8's compiler threads,
 * the embedded database's thread) an arena of its own and keeps what was freed in it: one arena
 * held 20 to 60 MB of free memory through the soak. glibc also raises its mmap threshold each time
 * a large block is freed, after which such blocks come from its heap, which gives memory back only
 * from its top: with the threshold fixed at 128 KB they go back to the system when freed (malloc's
 * heap after the bench's memory run: 28 to 29 MB in four runs of five, 38 in one, against 33 to 41
 * MB in four runs without). Values from the caller are kept.
 */
export function serverEnv(env) {
  return { MALLOC_ARENA_MAX: "1", MALLOC_MMAP_THRESHOLD_: "131072", MALLOC_TRIM_THRESHOLD_: "131072", ...env };
}

/** `nodeArgs` come after the flags of `npm start` and so override them (benches compare settings). */
export function startServerProcess({ env = {}, nodeArgs = [], timeoutMs = 120_000, onOutput } = {}) {
  const fullEnv = serverEnv({ ...process.env, ...env });
  return watchServer(
    spawn(process.execPath, [...serverNodeArgs(fullEnv), ...nodeArgs, ensureServerBundle()], {
      cwd: root,
      env: fullEnv,
      stdio: ["ignore", "pipe", "pipe"],
    }),
    /listening on (http:\/\/[^\s)]+)/,
    timeoutMs,
    onOutput,
  );
}

/**
 * `next start` (or `next dev` with `dev: true`) on 127.0.0.1 and a free port, from the built `.next`
 * (`next build` first): resolves once instrumentation.ts's start-up is done, with Next.js's address.
 */
export async function startNextProcess({ env = {}, dev = false, timeoutMs = 120_000, onOutput } = {}) {
  const fullEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...env };
  const next = path.join(root, "node_modules", "next", "dist", "bin", "next");
  const args = [dev ? "dev" : "start", "--hostname", "127.0.0.1", "--port", fullEnv.PORT ?? "0"];
  const server = await watchServer(
    spawn(process.execPath, [`--max-old-space-size=${fullEnv.SERVER_HEAP_MB ?? 256}`, next, ...args], {
      cwd: root,
      env: fullEnv,
      stdio: ["ignore", "pipe", "pipe"],
    }),
    // Next.js prints its address first; the line of lib/server/next-edge.ts says the start-up is done.
    /Local:\s+(http:\/\/[^\s]+)[\s\S]*\[start\] serving under Next\.js/,
    timeoutMs,
    onOutput,
  );
  // Next.js finishes its own initialization on the first request; it is made here, not by a caller.
  await fetch(`${server.origin}/v1/openapi.json`).then((res) => res.arrayBuffer());
  return server;
}

async function watchServer(child, ready, timeoutMs, onOutput) {
  let output = "";
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  const origin = await new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start in ${timeoutMs / 1000} s:\n${output}`)),
      timeoutMs,
    );
    const onData = (chunk) => {
      onOutput?.(chunk);
      // Only the start-up output is kept, for the error message; afterwards it is just drained.
      if (output.length < 100_000) output += chunk.toString();
      const match = ready.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code ?? signal}) before listening:\n${output}`));
    });
  });
  return {
    child,
    origin,
    exited,
    output: () => output,
    async stop(graceMs = 10_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}
