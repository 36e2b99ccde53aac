// The connection limits of every server of ours: lib/server's, `next start`'s
// (lib/server/next-edge.ts) and the pages process's (lib/server/pages-main.mjs). Plain JavaScript:
// the pages process runs without the server's bundle.

export const SERVER_LIMITS = Object.freeze({
  keepAliveTimeout: 65_000,
  headersTimeout: 66_000,
  requestTimeout: 30_000,
  maxHeadersCount: 100,
});

/** Sets this service's timeouts and header-count bound on a node HTTP server. */
export function applyServerLimits(server) {
  Object.assign(server, SERVER_LIMITS);
}
