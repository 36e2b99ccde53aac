import "server-only";
import { subscribe } from "node:diagnostics_channel";
import type { IncomingMessage } from "node:http";
import { PEER_HEADER, sealedPeer } from "@/lib/api/client-address";
import { removeInternalHeaders } from "@/lib/api/edge";
import { config } from "@/lib/config";
import { servicesStarted, startServices, type Services } from "./startup";

// Next.js as a server of its own (`next start`, `next dev`): instrumentation.ts's register() ends
// here. It runs the start-up `npm start` runs, and installs this process's edge: node publishes
// every request on the `http.server.request.start` channel before the server's handler sees it, so
// internal headers a client sent are deleted there, and the socket's peer address is written,
// sealed (lib/api/client-address.ts), for the route handlers to find. A request that arrived
// before the hook was installed carries no seal, and its client counts as unknown.

const EDGE_SLOT = Symbol.for("namesvc.next-edge");

function installEdge(): void {
  const slot = globalThis as { [EDGE_SLOT]?: (message: unknown) => void };
  if (slot[EDGE_SLOT]) return;
  const onRequest = (message: unknown) => {
    const { request } = message as { request: IncomingMessage };
    removeInternalHeaders(request.headers);
    request.headers[PEER_HEADER] = sealedPeer(request.socket?.remoteAddress ?? "");
  };
  slot[EDGE_SLOT] = onRequest;
  subscribe("http.server.request.start", onRequest);
}

export async function startUnderNext(): Promise<void> {
  // Under `npm start` lib/server/main.ts started everything, and lib/server is the edge.
  if (servicesStarted()) return;
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
