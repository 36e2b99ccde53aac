import "server-only";
import { fork, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { Agent, request, type IncomingHttpHeaders, type OutgoingHttpHeaders } from "node:http";
import os from "node:os";
import path from "node:path";
import { json } from "@/lib/http/handler";
import { NO_STORE, type NextHandler } from "./http-server";
import { sendWebResponse } from "./node-http";
import { errorText, logger } from "@/lib/log";

// `npm start` serves the pages from a process of their own (lib/server/pages-main.mjs), behind
// lib/server's edge. A server that had rendered pages in its own process took 1.19 times the CPU
// per warm API read of one that had not (bench:ab, eight turns of 1.14 to 1.25), and Next.js's
// renderer held about 80 MB of its memory (docs/operations.md, seventeenth round). The pages
// process holds no database (the pages call the API from the browser); it listens on a Unix socket
// in a directory only this user can enter, so nothing reaches it without passing the edge (Host
// check, body bound, internal headers removed, security headers), and it ends with the server.

/** The pages process's entry: plain JavaScript, run without the server's bundle. */
const PAGES_MAIN = path.join("lib", "server", "pages-main.mjs");

const START_TIMEOUT_MS = 120_000;
const RESTART_DELAY_MS = 1000;
const RESTART_DELAY_MAX_MS = 30_000;

// Hop-by-hop headers (RFC 9110, 7.6.1) belong to one connection: neither forwarded nor answered.
const HOP_BY_HOP = new Set(["connection", "keep-alive", "proxy-connection", "te", "trailer", "upgrade"]);

export interface PagesProcess {
  /** Hands a page request to the pages process and streams its answer back. */
  handler: NextHandler;
  stop(): Promise<void>;
}

/** Starts the pages process and resolves once it serves; it is started again if it ever exits. */
export async function startPagesProcess(port: number): Promise<PagesProcess> {
  const { dir, socketPath } = privateSocketPath();
  let child: ChildProcess | undefined;
  let stopping = false;
  /** Whether the first start succeeded: only then is a process that exits started again. */
  let started = false;
  let restartDelay = RESTART_DELAY_MS;

  const spawnChild = () =>
    new Promise<void>((resolve, reject) => {
      const spawned = fork(path.join(process.cwd(), PAGES_MAIN), [socketPath, String(port)], {
        execArgv: process.execArgv,
        stdio: ["ignore", "inherit", "inherit", "ipc"],
      });
      child = spawned;
      const timer = setTimeout(() => {
        spawned.kill("SIGKILL");
        reject(new Error(`the pages process did not start within ${START_TIMEOUT_MS / 1000} s`));
      }, START_TIMEOUT_MS);
      spawned.once("message", () => {
        clearTimeout(timer);
        started = true;
        restartDelay = RESTART_DELAY_MS;
        resolve();
      });
      spawned.once("exit", (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`the pages process exited before serving (${signal ?? `code ${code}`})`));
        if (stopping || !started || child !== spawned) return;
        // Pages answer 503 until it is back (the API is not affected); a process that keeps failing
        // is started again less and less often, up to once every RESTART_DELAY_MAX_MS.
        logger("server").error(`the pages process exited (${signal ?? `code ${code}`}); starting it again`);
        setTimeout(() => {
          if (!stopping) spawnChild().catch((error: unknown) => logger("server").error(`pages: ${errorText(error)}`));
        }, restartDelay).unref();
        restartDelay = Math.min(restartDelay * 2, RESTART_DELAY_MAX_MS);
      });
    });

  await spawnChild();
  const proxy = pagesProxy(socketPath);
  return {
    handler: proxy.handler,
    async stop() {
      stopping = true;
      proxy.close();
      const running = child;
      if (running && running.exitCode === null && running.signalCode === null) {
        const exited = new Promise((resolve) => running.once("exit", resolve));
        running.kill("SIGTERM");
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A directory only this user can enter (mkdtemp makes it 0700), and the socket's path in it. */
export function privateSocketPath(): { dir: string; socketPath: string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), "namesvc-pages-"));
  return { dir, socketPath: path.join(dir, "pages.sock") };
}

/**
 * Hands page requests to the server on `socketPath` and streams its answers back: the method,
 * target, headers and body as they came (the edge has removed the internal headers), less the
 * hop-by-hop ones both ways; 503 when it does not answer.
 */
export function pagesProxy(socketPath: string): { handler: NextHandler; close(): void } {
  const agent = new Agent({ keepAlive: true });
  const handler: NextHandler = (req, res) =>
    new Promise<void>((resolve) => {
      const upstream = request(
        { socketPath, agent, method: req.method, path: req.url, headers: withoutHopByHop(req.headers) },
        (answer) => {
          const headers = withoutHopByHop(answer.headers);
          // Node frames the answer again for this connection (its length, or chunks).
          delete headers["transfer-encoding"];
          res.writeHead(answer.statusCode ?? 502, answer.statusMessage, headers);
          answer.pipe(res);
          answer.once("error", () => res.destroy());
        },
      );
      upstream.once("error", (error) => {
        if (res.headersSent) return void res.destroy();
        logger("server").error(`pages: ${errorText(error)}`);
        const unavailable = json({ message: "The pages are not available; try again shortly." }, 503, NO_STORE);
        void sendWebResponse(res, unavailable, req.method ?? "GET");
      });
      // A client that leaves stops the page's rendering too.
      res.once("close", () => {
        if (!res.writableFinished) upstream.destroy();
        resolve();
      });
      req.pipe(upstream);
    });
  return { handler, close: () => agent.destroy() };
}

/** Headers a Connection header may not remove: the message's framing and its Host. */
const NEVER_NAMED = new Set(["content-length", "transfer-encoding", "host"]);

function withoutHopByHop(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const kept: OutgoingHttpHeaders = {};
  // A Connection header names more hop-by-hop headers, though never the framing.
  const named = new Set(
    String(headers.connection ?? "")
      .split(",")
      .map((name) => name.trim().toLowerCase())
      .filter((name) => !NEVER_NAMED.has(name)),
  );
  for (const [name, value] of Object.entries(headers))
    if (value !== undefined && !HOP_BY_HOP.has(name) && !named.has(name)) kept[name] = value;
  return kept;
}
