import "server-only";
import { subscribe } from "node:diagnostics_channel";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { PEER_HEADER, sealedPeer } from "@/lib/http/client-address";
import { isApiPath, removeInternalHeaders } from "@/lib/http/edge";
import { config } from "@/lib/config";
import { applyServerLimits, lingerOnEarlyAnswer } from "./node-http";
import { startServices, type Services } from "./startup";

// Next.js as a server of its own (`next start`, `next dev`): instrumentation.ts's register() ends
// here. It runs the start-up `npm start` runs, and installs this process's edge: node publishes
// every request on the `http.server.request.start` channel before the server's handler sees it, so
// internal headers a client sent are deleted there, and the socket's peer address is written,
// sealed (lib/http/client-address.ts), for the route handlers to find. A request that arrived
// before the hook was installed carries no seal, and its client counts as unknown. What Next.js
// itself would answer differently from lib/server on an API path is evened out here too.

const EDGE_SLOT = Symbol.for("namesvc.next-edge");

function installEdge(): void {
  const slot = globalThis as { [EDGE_SLOT]?: (message: unknown) => void };
  if (slot[EDGE_SLOT]) return;
  const limited = new WeakSet<Server>();
  const onRequest = (message: unknown) => {
    const { request, response, server } = message as {
      request: IncomingMessage;
      response: ServerResponse;
      server?: Server;
    };
    // Next.js made its server before this hook ran: the limits lib/server sets at creation are set
    // at its first request (a connection opened before that keeps node's default header count).
    if (server && !limited.has(server)) {
      limited.add(server);
      applyServerLimits(server);
    }
    removeInternalHeaders(request.headers);
    lingerOnEarlyAnswer(request);
    request.headers[PEER_HEADER] = sealedPeer(request.socket?.remoteAddress ?? "");
    if (request.url?.includes("%")) request.url = escapeMalformedPath(request.url);
    if (isApiPath(pathOf(request.url ?? "/"))) withoutRouterVary(response);
  };
  slot[EDGE_SLOT] = onRequest;
  subscribe("http.server.request.start", onRequest);
}

function pathOf(url: string): string {
  const query = url.indexOf("?");
  return query === -1 ? url : url.slice(0, query);
}

// Next.js adds its router's request headers to Vary on every app response; an API response never
// varies on them (no route handler reads them), and lib/server does not send them.
const ROUTER_VARY = new Set([
  "rsc",
  "next-router-state-tree",
  "next-router-prefetch",
  "next-router-segment-prefetch",
  "next-url",
]);

function withoutRouterVary(response: ServerResponse): void {
  const filter = (value: number | string | readonly string[]) =>
    (Array.isArray(value) ? value.join(",") : String(value))
      .split(",")
      .map((token) => token.trim())
      .filter((token) => token !== "" && !ROUTER_VARY.has(token.toLowerCase()))
      .join(", ");
  const setHeader = response.setHeader;
  response.setHeader = function (name, value) {
    if (name.toLowerCase() !== "vary") return setHeader.call(this, name, value);
    const kept = filter(value);
    if (kept === "") {
      this.removeHeader(name);
      return this;
    }
    return setHeader.call(this, name, kept);
  };
  const appendHeader = response.appendHeader;
  response.appendHeader = function (name, value) {
    if (name.toLowerCase() !== "vary") return appendHeader.call(this, name, value);
    const kept = filter(value);
    return kept === "" ? this : appendHeader.call(this, name, kept);
  };
}

/**
 * Next.js answers 500 to a path whose percent-encoding does not decode (`/v1/resolve/%E0%A4%A`)
 * before any handler runs. Such a path has each `%` escaped instead, so a handler gets the text as
 * sent and refuses it as lib/server does (400 naming the parameter), and a page path is a 404.
 */
function escapeMalformedPath(url: string): string {
  const query = url.indexOf("?");
  const path = pathOf(url);
  try {
    decodeURIComponent(path);
    return url;
  } catch {
    return path.replace(/%/g, "%25") + (query === -1 ? "" : url.slice(query));
  }
}

/** Called by instrumentation.ts once it has found no services started (not under `npm start`). */
export async function startUnderNext(): Promise<void> {
  installEdge();
  let services: Services;
  try {
    services = await startServices();
  } catch (error) {
    // Next.js would go on answering 500 to everything; a refused start ends the process, as `npm start`'s does.
    console.error("[start] failed:", error instanceof Error ? error.message : error);
    process.exit(1);
  }
  // Next.js has set PORT to the port it listens on before it calls the hook.
  services.announce(config().PORT);
  console.log(`[start] serving under Next.js (${services.embedded ? "embedded PGlite" : "PostgreSQL"})`);
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => void services.stop());
}
