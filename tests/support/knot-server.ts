// A real authoritative DNS server for tests: Knot DNS (Debian's `knot`), started on 127.0.0.1 and
// a free port with a zone written by the test, serving UDP and TCP like any name server does.
import { spawn, type ChildProcess } from "node:child_process";
import { createSocket } from "node:dgram";
import { accessSync, constants, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";

const CANDIDATES = ["/usr/sbin/knotd", "/usr/local/sbin/knotd"];

/** The knotd binary, or null when Knot DNS is not installed (apt-get install knot). */
export function findKnotd(): string | null {
  for (const candidate of CANDIDATES) {
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // try the next place
    }
  }
  return null;
}

export interface KnotServer {
  /** "127.0.0.1:port", as DNS_SERVERS takes it. */
  address: string;
  port: number;
  stop(): Promise<void>;
}

/** A port free for both TCP and UDP on 127.0.0.1. */
async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const server = createServer();
    const port = await new Promise<number>((resolve, reject) => {
      server.once("error", reject);
      server.listen(0, "127.0.0.1", () => resolve((server.address() as { port: number }).port));
    });
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const udp = createSocket("udp4");
    const free = await new Promise<boolean>((resolve) => {
      udp.once("error", () => resolve(false));
      udp.bind(port, "127.0.0.1", () => resolve(true));
    });
    await new Promise<void>((resolve) => udp.close(() => resolve()));
    if (free) return port;
  }
  throw new Error("no free port for the DNS server");
}

/** Asks for the zone's SOA over UDP until Knot answers, or fails after `timeoutMs`. */
async function waitUntilAnswering(port: number, zone: string, timeoutMs: number, exited: () => string | null) {
  const labels = zone.split(".").flatMap((label) => [label.length, ...Buffer.from(label)]);
  const query = Buffer.from([0x42, 0x42, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, ...labels, 0, 0, 6, 0, 1]);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const exit = exited();
    if (exit) throw new Error(`knotd stopped: ${exit}`);
    const answered = await new Promise<boolean>((resolve) => {
      const socket = createSocket("udp4");
      const timer = setTimeout(() => finish(false), 200);
      const finish = (ok: boolean) => {
        clearTimeout(timer);
        socket.close();
        resolve(ok);
      };
      socket.on("error", () => finish(false));
      socket.on("message", () => finish(true));
      socket.send(query, port, "127.0.0.1");
    });
    if (answered) return;
  }
  throw new Error(`knotd did not answer within ${timeoutMs} ms`);
}

/** Starts knotd serving `zone` from `zoneText` (master file format). */
export async function startKnot(knotd: string, zone: string, zoneText: string): Promise<KnotServer> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "namesvc-knot-"));
  const port = await freePort();
  writeFileSync(path.join(dir, `${zone}.zone`), zoneText);
  writeFileSync(
    path.join(dir, "knot.conf"),
    [
      "server:",
      `  rundir: "${dir}"`,
      `  listen: 127.0.0.1@${port}`,
      "  udp-workers: 1",
      "  tcp-workers: 1",
      "  background-workers: 1",
      "database:",
      `  storage: "${dir}"`,
      "log:",
      "  - target: stderr",
      "    any: warning",
      "zone:",
      `  - domain: ${zone}`,
      `    file: "${path.join(dir, `${zone}.zone`)}"`,
      "",
    ].join("\n"),
  );
  const child: ChildProcess = spawn(knotd, ["-c", path.join(dir, "knot.conf")], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  let exit: string | null = null;
  child.stderr!.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  child.on("exit", (code, signal) => (exit = `exit ${code ?? signal}: ${stderr.trim()}`));
  try {
    await waitUntilAnswering(port, zone, 15_000, () => exit);
  } catch (error) {
    child.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    address: `127.0.0.1:${port}`,
    port,
    async stop() {
      if (exit === null) {
        const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
        child.kill("SIGTERM");
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
        if (exit === null) child.kill("SIGKILL");
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
