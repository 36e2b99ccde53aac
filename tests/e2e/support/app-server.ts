// Starts the production server (API + built pages) as a child process on 127.0.0.1 with a fresh
// data directory, and waits until it listens. Used by the global setup and by specs that need
// a server configured differently (the Stripe spec).
import { spawn, type ChildProcess } from "node:child_process";
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "..", "..", "..");

export interface AppServer {
  origin: string;
  dataDir: string;
  /** The demo partner's ADMIN token the seed wrote. */
  adminToken: string;
  stop(): Promise<void>;
}

export async function startAppServer(env: Record<string, string> = {}, timeoutMs = 120_000): Promise<AppServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "namesvc-e2e-"));
  const child: ChildProcess = spawn(process.execPath, ["--import", "./lib/cli/register.mjs", "lib/server/main.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  // Everything the server prints goes to a log under test-results/, so a crash can be read afterwards.
  mkdirSync(path.join(ROOT, "test-results"), { recursive: true });
  const logFile = path.join(ROOT, "test-results", `e2e-server-${path.basename(dataDir)}.log`);
  const log = (chunk: Buffer) => appendFileSync(logFile, chunk);
  child.stdout!.on("data", log);
  child.stderr!.on("data", log);
  child.once("exit", (code, signal) => appendFileSync(logFile, `\n[e2e] server exited: code ${code}, signal ${signal}\n`));
  let output = "";
  const origin = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start within ${timeoutMs} ms:\n${output}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/[^\s]+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with code ${code} before listening:\n${output}`));
    });
  });
  const adminToken = readFileSync(path.join(dataDir, "demo-admin-token"), "utf8").trim();
  return {
    origin,
    dataDir,
    adminToken,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
