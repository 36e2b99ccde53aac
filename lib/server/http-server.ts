import "server-only";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { json } from "@/lib/api/handler";
import { pageSecurityHeaders } from "@/lib/api/security-headers";
import { config } from "@/lib/config";
import { createRouter } from "./router";
import { sendWebResponse, toWebRequest } from "./node-http";

// One HTTP server: the API routes are served straight from their route handlers, everything
// else (the pages) by Next.js when it is attached.

export type NextHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

export interface RunningServer {
  server: Server;
  port: number;
  origin: string;
  close(): Promise<void>;
}

export interface ServerOptions {
  host: string;
  port: number;
  /** Handles every request the API router does not; absent in API-only servers (tests). */
  next?: NextHandler;
}

export async function startHttpServer(options: ServerOptions): Promise<RunningServer> {
  const router = createRouter();
  await router.preload();
  const dev = config().NODE_ENV !== "production";
  const server = createServer(async (req, res) => {
    const origin = `http://${req.headers.host ?? `${options.host}:${options.port}`}`;
    try {
      const request = toWebRequest(req, origin);
      const response = await router.handle(request);
      if (response) return await sendWebResponse(res, response, request.method);
      if (options.next) {
        for (const [name, value] of pageSecurityHeaders(pagePath(req.url), dev)) res.setHeader(name, value);
        return await options.next(req, res);
      }
      await sendWebResponse(
        res,
        json({ message: "Not found." }, 404, { "x-content-type-options": "nosniff" }),
        request.method,
      );
    } catch (error) {
      console.error("[server] request failed:", error instanceof Error ? error.message : error);
      if (!res.headersSent) await sendWebResponse(res, json({ message: "Internal server error." }, 500), "GET");
      else res.destroy();
    }
  });
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.requestTimeout = 30_000;
  server.maxHeadersCount = 100;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host === "0.0.0.0" ? "127.0.0.1" : options.host;
  return {
    server,
    port,
    origin: `http://${host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function pagePath(url = "/"): string {
  const query = url.indexOf("?");
  return query === -1 ? url : url.slice(0, query);
}
