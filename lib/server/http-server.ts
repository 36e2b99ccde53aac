import "server-only";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { MAX_BODY_BYTES } from "@/lib/http/body";
import { isApiPath, isValidHost, pathOfTarget, removeInternalHeaders } from "@/lib/http/edge";
import { json } from "@/lib/http/handler";
import { requestTarget } from "@/lib/http/request-target";
import { badHostResponse } from "@/lib/http/methods";
import { pageSecurityHeaders } from "@/lib/http/security-headers";
import { config } from "@/lib/config";
import { enterRequestScope, RequestScope } from "@/lib/db/arrival-order";
import { createRouter } from "./router";
import { applyServerLimits, lingerOnEarlyAnswer, sendWebResponse, toWebRequest } from "./node-http";
import { errorText, logger } from "@/lib/log";

// One HTTP server, the edge of `npm start`: the API routes are served straight from their route
// handlers, everything else (the pages) by Next.js when it is attached. Before any of that, the
// request's internal headers are deleted (lib/http/edge.ts), its URL is built from its target on
// a fixed origin, and an API path is never handed to Next.js, whatever its spelling.

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

const IMAGE_OPTIMIZER = "/_next/image";
/** Headers of the edge's own answers (not found, refused, unavailable). */
export const NO_STORE = { "x-content-type-options": "nosniff", "cache-control": "no-store" };

export async function startHttpServer(options: ServerOptions): Promise<RunningServer> {
  const router = createRouter();
  await router.preload();
  const dev = config().NODE_ENV !== "production";
  // An API answer that needed no waiting (a warm read) is written in the turn its request arrived,
  // without an async function's frame and promise per request; anything else continues in `rest`.
  const server = createServer((req, res) => {
    try {
      removeInternalHeaders(req.headers);
      lingerOnEarlyAnswer(req);
      const path = pathOfTarget(req.url);
      if (path === null)
        return void sendWebResponse(res, json({ message: "The request target must be a path." }, 400, NO_STORE), "GET");
      const request = toWebRequest(req, path);
      // The request's place in the database's queue, taken as it arrives (lib/db/arrival-order.ts);
      // the rest of this callback, and what it starts, runs as this request.
      const scope = new RequestScope(router.aheadOf(request));
      enterRequestScope(scope);
      let handled;
      try {
        handled = router.handle(request);
      } catch (error) {
        scope.answered = true;
        throw error;
      }
      if (handled instanceof Promise || handled === null) return void rest(req, res, request, scope, handled);
      scope.answered = true;
      sendWebResponse(res, handled, request.method)?.catch((error: unknown) => failed(res, error));
    } catch (error) {
      void failed(res, error);
    }
  });

  /** The rest of a request: an answer still to wait for, or a path no API route matched. */
  async function rest(
    req: IncomingMessage,
    res: ServerResponse,
    request: Request,
    scope: RequestScope,
    handling: Promise<Response> | null,
  ): Promise<void> {
    try {
      if (handling !== null) {
        let response: Response;
        try {
          response = await handling;
        } finally {
          scope.answered = true;
        }
        return await sendWebResponse(res, response, request.method);
      }
      scope.answered = true;
      if (!isValidHost(req.headers.host)) return await sendWebResponse(res, badHostResponse(), request.method);
      const { pathname } = requestTarget(request);
      // The image optimizer is off (next.config.mjs): Next.js would answer 404 too, after parsing more.
      if (!options.next || isApiPath(pathname) || pathname === IMAGE_OPTIMIZER)
        return await sendWebResponse(res, json({ message: "Not found." }, 404, NO_STORE), request.method);
      // Pages take no request body: a large or streamed one is refused before Next.js reads it.
      if (req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > MAX_BODY_BYTES)
        return await sendWebResponse(
          res,
          json({ message: `A page takes no body over ${MAX_BODY_BYTES} bytes.` }, 413, NO_STORE),
          request.method,
        );
      for (const [name, value] of pageSecurityHeaders(pathname, dev)) res.setHeader(name, value);
      return await options.next(req, res);
    } catch (error) {
      await failed(res, error);
    }
  }

  async function failed(res: ServerResponse, error: unknown): Promise<void> {
    logger("server").error(`request failed: ${errorText(error)}`);
    if (!res.headersSent) await sendWebResponse(res, json({ message: "Internal server error." }, 500), "GET");
    else res.destroy();
  }
  applyServerLimits(server);
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
