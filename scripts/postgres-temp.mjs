// Starts a throw-away PostgreSQL server from the machine's own binaries (Debian's `postgresql`
// package), on 127.0.0.1 and a free port, for the real-server test suite and the benches.
import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chownSync, closeSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";

export function findPostgresBin() {
  const root = "/usr/lib/postgresql";
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((v) => existsSync(path.join(root, v, "bin", "initdb")))
      .sort((a, b) => Number(b) - Number(a));
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

/** Returns { url, pause, resume, freeze, thaw, stop } or undefined when no PostgreSQL binaries are installed. */
export async function startTempPostgres({ log = () => {} } = {}) {
  const bin = findPostgresBin();
  if (!bin) return undefined;
  const dir = mkdtempSync(path.join(os.tmpdir(), "namesvc-pg-"));
  const data = path.join(dir, "data");
  const port = await freePort();
  // initdb and postgres refuse to run as root; run them as the `postgres` system user then.
  const asRoot = process.getuid?.() === 0;
  if (asRoot)
    chownSync(
      dir,
      Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" })),
      Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" })),
    );
  const run = (cmd, args, opts = {}) =>
    asRoot
      ? ["runuser", ["-u", "postgres", "--", path.join(bin, cmd), ...args], opts]
      : [path.join(bin, cmd), args, opts];
  const [initCmd, initArgs] = run("initdb", [
    "-D",
    data,
    "-U",
    "postgres",
    "-A",
    "trust",
    "--no-sync",
    "-E",
    "UTF8",
    "--locale=C",
  ]);
  execFileSync(initCmd, initArgs, { stdio: "ignore" });
  const [cmd, args] = run("postgres", [
    "-D",
    data,
    "-p",
    String(port),
    "-h",
    "127.0.0.1",
    "-k",
    dir,
    "-c",
    "fsync=off",
    "-c",
    "synchronous_commit=off",
    "-c",
    "full_page_writes=off",
    "-c",
    "max_connections=300",
    "-c",
    "shared_buffers=256MB",
  ]);
  const url = `postgresql://postgres@127.0.0.1:${port}/postgres`;
  const pg = (await import("pg")).default;

  // The server logs to a file, never to a pipe: the test runner waits on each suite with spawnSync,
  // so nothing would read a pipe, and once its 64 KB filled every backend that logged (a FATAL of a
  // session DROP DATABASE ... WITH (FORCE) ends, a checkpoint) would block on write(2) for ever.
  const logFile = path.join(dir, "server.log");
  const logTail = () => {
    try {
      return readFileSync(logFile, "utf8").slice(-2000);
    } catch {
      return "";
    }
  };

  /** Starts the server on the data directory and waits until it accepts connections. */
  async function launch() {
    const logFd = openSync(logFile, "a");
    const child = spawn(cmd, args, { stdio: ["ignore", "ignore", logFd] });
    closeSync(logFd);
    const deadline = Date.now() + 30_000;
    for (;;) {
      const client = new pg.Client({ connectionString: url });
      try {
        await client.connect();
        await client.end();
        return child;
      } catch {
        if (Date.now() > deadline || child.exitCode !== null) {
          child.kill("SIGKILL");
          throw new Error(`PostgreSQL did not start: ${logTail()}`);
        }
        await new Promise((r) => setTimeout(r, 200));
      }
    }
  }

  // As root the child is `runuser`, which does not pass signals on: signal the postmaster itself,
  // whose pid heads postmaster.pid while it runs.
  const postmasterPid = () => {
    try {
      return Number(readFileSync(path.join(data, "postmaster.pid"), "utf8").split("\n")[0]) || undefined;
    } catch {
      return undefined;
    }
  };
  const alive = (pid) => {
    try {
      process.kill(pid, 0);
    } catch {
      return false;
    }
    // An exited process its parent has not reaped yet still takes signals.
    try {
      return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
    } catch {
      return true;
    }
  };

  const signalAll = (signal) => {
    const pid = postmasterPid();
    if (!pid) return;
    let children = [];
    try {
      children = execFileSync("pgrep", ["-P", String(pid)], { encoding: "utf8" })
        .split("\n")
        .filter(Boolean)
        .map(Number);
    } catch {
      // pgrep exits 1 when the postmaster has no children.
    }
    // runuser stops itself when its child stops, and must be continued too.
    const wrapper = child?.exitCode === null && child.pid !== pid ? [child.pid] : [];
    for (const target of [...wrapper, pid, ...children]) {
      try {
        process.kill(target, signal);
      } catch {
        // A backend that ended since pgrep listed it.
      }
    }
  };

  /** Fast shutdown (SIGINT): open connections are cut, as when a server goes away. */
  async function shutdown(child) {
    const pid = postmasterPid() ?? child.pid;
    const exited = child.exitCode !== null ? Promise.resolve() : new Promise((resolve) => child.once("exit", resolve));
    // A frozen server would hold the signal until it runs again.
    signalAll("SIGCONT");
    if (pid && alive(pid)) {
      process.kill(pid, "SIGINT");
      const deadline = Date.now() + 10_000;
      while (alive(pid)) {
        if (Date.now() > deadline) process.kill(pid, "SIGKILL");
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    if (child.exitCode === null) child.kill("SIGKILL");
    await exited;
  }

  let child = await launch();
  log(`PostgreSQL ${path.basename(path.dirname(bin))} started on port ${port}`);
  return {
    url,
    /** Stops the server and keeps its data: connections fail until resume(). */
    async pause() {
      await shutdown(child);
    },
    /**
     * Stops every process of the server without closing a socket (SIGSTOP), as a hung host or a
     * network partition looks to a client; thaw() lets them run on.
     */
    freeze() {
      signalAll("SIGSTOP");
    },
    thaw() {
      signalAll("SIGCONT");
    },
    /** Starts the paused server again on the same port and data. */
    async resume() {
      const pid = postmasterPid();
      if (pid && alive(pid)) return;
      child = await launch();
    },
    async stop() {
      await shutdown(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The URL of database `name` on the PostgreSQL server `serverUrl` reaches. */
export function databaseUrlOn(serverUrl, name) {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs one statement on its own connection to `serverUrl` and returns its rows. */
export async function runOn(serverUrl, sql) {
  const pg = (await import("pg")).default;
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

/**
 * A new, empty database on a PostgreSQL server, for one test file or bench: returns its name, its
 * URL and how to drop it (connections still open are terminated).
 */
export async function createThrowAwayDatabase(serverUrl, prefix = "scratch") {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  await runOn(serverUrl, `CREATE DATABASE ${name}`);
  return {
    name,
    url: databaseUrlOn(serverUrl, name),
    drop: async () => void (await runOn(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)),
  };
}
