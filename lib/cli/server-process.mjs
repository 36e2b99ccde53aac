// The server as a child process, started the way `npm start` runs it (same Node flags), for the
// tests and benches that need a real process: it resolves with the address the server prints
// once it listens, and stops it with SIGTERM (SIGKILL after a grace period).
import { spawn } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..", "..");

/** Node flags of the server process: a bounded heap (every cache is bounded too). */
// V8 would otherwise grow its heap to gigabytes before collecting (SERVER_HEAP_MB to change it).
export function serverNodeArgs(env = process.env) {
  return [
    `--max-old-space-size=${env.SERVER_HEAP_MB ?? 256}`,
    "--max-semi-space-size=8",
    "--import",
    "./lib/cli/register.mjs",
  ];
}

export async function startServerProcess({ env = {}, timeoutMs = 120_000, onOutput } = {}) {
  const fullEnv = { ...process.env, ...env };
  const child = spawn(process.execPath, [...serverNodeArgs(fullEnv), "lib/server/main.ts"], {
    cwd: root,
    env: fullEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
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
      const match = /listening on (http:\/\/[^\s)]+)/.exec(output);
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
