import type { Server } from "node:http";

export const SERVER_LIMITS: {
  readonly keepAliveTimeout: 65_000;
  readonly headersTimeout: 66_000;
  readonly requestTimeout: 30_000;
  readonly maxHeadersCount: 100;
};

/** Sets this service's timeouts and header-count bound on a node HTTP server. */
export function applyServerLimits(server: Server): void;
