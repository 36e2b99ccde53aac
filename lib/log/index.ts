import pino, { type Logger } from "pino";
import { config } from "@/lib/config";

// The server's log: JSON lines on standard error (pino), one logger per area, at LOG_LEVEL
// (debug, info, warn, error or silent). Standard output is left to the few lines a person starting
// the service reads ("[start] ..."). Authorization headers and token values never reach a line:
// callers log paths without queries, and lib/http/log.ts masks anything shaped like a token.

let root: { level: string; logger: Logger } | undefined;

function rootLogger(): Logger {
  const level = config().LOG_LEVEL;
  if (root?.level !== level)
    root = { level, logger: pino({ level, base: undefined }, pino.destination({ fd: 2, sync: true })) };
  return root.logger;
}

/** The logger of one area of the code; its lines carry `area`. Follows LOG_LEVEL as it changes. */
export function logger(area: string): Logger {
  return rootLogger().child({ area });
}

/** A message of an error, for a log line (stacks only at debug). */
export function errorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return config().LOG_LEVEL === "debug" ? (error.stack ?? error.message) : error.message;
}
