// Starts the production server (API + built pages) as a child process on 127.0.0.1 with a fresh
// data directory, and waits until it listens. Used by the global setup and by specs that need
// a server configured differently (the Stripe spec).
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startServerProcess } from "@/scripts/server-process.mjs";

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
  // Everything the server prints goes to a log under test-results/, so a crash can be read afterwards.
  mkdirSync(path.join(ROOT, "test-results"), { recursive: true });
  const logFile = path.join(ROOT, "test-results", `e2e-server-${path.basename(dataDir)}.log`);
  const server = await startServerProcess({
    timeoutMs,
    onOutput: (chunk) => appendFileSync(logFile, chunk),
    env: {
      NODE_ENV: "production",
      // Production names the sign-in hosts; the browser reaches this server on 127.0.0.1 only.
      OWNER_SIGN_IN_DOMAINS: "loopback",
      NEXT_TELEMETRY_DISABLED: "1",
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      ...env,
    },
  });
  void server.exited.then(({ code, signal }) =>
    appendFileSync(logFile, `\n[e2e] server exited: code ${code}, signal ${signal}\n`),
  );
  const adminToken = readFileSync(path.join(dataDir, "demo-admin-token"), "utf8").trim();
  return {
    origin: server.origin,
    dataDir,
    adminToken,
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
