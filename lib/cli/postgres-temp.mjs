// Starts a throw-away PostgreSQL server from the machine's own binaries (Debian's `postgresql`
// package), on 127.0.0.1 and a free port, for the real-server test suite and the benches.
import { execFileSync, spawn } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";

export function findPostgresBin() {
  const root = "/usr/lib/postgresql";
  if (existsSync(root)) {
    const versions = readdirSync(root).filter((v) => existsSync(path.join(root, v, "bin", "initdb"))).sort((a, b) => Number(b) - Number(a));
    if (versions.length > 0) return path.join(root, versions[0], "bin");
  }
  try {
    return path.dirname(execFileSync("which", ["initdb"], { encoding: "utf8" }).trim());
  } catch {
    return undefined;
  }
}

async function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Returns { url, stop } or undefined when no PostgreSQL binaries are installed. */
export async function startTempPostgres({ log = () => {} } = {}) {
  const bin = findPostgresBin();
  if (!bin) return undefined;
  const dir = mkdtempSync(path.join(os.tmpdir(), "namesvc-pg-"));
  const data = path.join(dir, "data");
  const port = await freePort();
  // initdb and postgres refuse to run as root; run them as the `postgres` system user then.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) chownSync(dir, Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" })), Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" })));
  const run = (cmd, args, opts = {}) => (asRoot ? ["runuser", ["-u", "postgres", "--", path.join(bin, cmd), ...args], opts] : [path.join(bin, cmd), args, opts]);
  const [initCmd, initArgs] = run("initdb", ["-D", data, "-U", "postgres", "-A", "trust", "--no-sync", "-E", "UTF8", "--locale=C"]);
  execFileSync(initCmd, initArgs, { stdio: "ignore" });
  const [cmd, args] = run("postgres", [
    "-D", data, "-p", String(port), "-h", "127.0.0.1", "-k", dir,
    "-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off", "-c", "max_connections=300",
    "-c", "shared_buffers=256MB",
  ]);
  const child = spawn(cmd, args, { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const url = `postgresql://postgres@127.0.0.1:${port}/postgres`;
  const pg = (await import("pg")).default;
  const deadline = Date.now() + 30_000;
  for (;;) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      break;
    } catch {
      if (Date.now() > deadline || child.exitCode !== null) {
        child.kill("SIGKILL");
        throw new Error(`PostgreSQL did not start: ${stderr.slice(-2000)}`);
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  log(`PostgreSQL ${path.basename(path.dirname(bin))} started on port ${port}`);
  return {
    url,
    async stop() {
      child.kill("SIGINT");
      await new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
        child.on("exit", () => {
          clearTimeout(timer);
          resolve();
        });
      });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
