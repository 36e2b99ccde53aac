// The one way the API fails: an ApiError carries a status, the field at fault and a message, and
// one mapper turns anything thrown into the interface's error bodies.
import { z } from "zod";
import type { ErrorItem } from "./schemas/common";

export type ErrorShape = "single" | "list";

export class ApiError extends Error {
  readonly status: number;
  readonly items: ErrorItem[];
  readonly headers: Record<string, string>;

  constructor(status: number, field: string, info: string, headers: Record<string, string> = {}) {
    // A refusal is an answer, not a fault: no stack is captured (it would be most of a 401's or
    // a 404's cost, and is never read; 5xx faults are other errors and keep theirs).
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(info);
    Error.stackTraceLimit = limit;
    this.status = status;
    this.items = [{ field, info }];
    this.headers = headers;
  }

  static fromItems(status: number, items: ErrorItem[]): ApiError {
    const error = new ApiError(status, items[0]?.field ?? "", items[0]?.info ?? "");
    (error as { items: ErrorItem[] }).items = items;
    return error;
  }
}

export const badRequest = (field: string, info: string) => new ApiError(400, field, info);
export const unauthorized = (info: string) =>
  new ApiError(401, "Authorization", info, { "WWW-Authenticate": "Bearer" });
export const forbidden = (info: string) => new ApiError(403, "Authorization", info);
export const notFound = (field: string, info: string) => new ApiError(404, field, info);
export const conflict = (field: string, info: string) => new ApiError(409, field, info);

/** zod issues as field errors; `where` names the part of the request (query, path, body). */
export function fromZodError(error: z.ZodError, status = 400): ApiError {
  const items = error.issues.map((issue) => ({
    field: issue.path.length > 0 ? issue.path.map(String).join(".") : "body",
    info: issue.message,
  }));
  return ApiError.fromItems(status, items);
}

interface PrismaLikeError {
  code?: string;
  meta?: { target?: unknown };
}

const DATABASE_RETRY_AFTER_SECONDS = 5;

const databaseUnavailable = () =>
  new ApiError(503, "database", "The database is unavailable; retry shortly.", {
    "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS),
  });

// The signs of a database that cannot be reached or is going away, as node-postgres, Prisma and
// Prisma's driver adapters report them. Anything else from the database stays a 500.
const SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EPIPE",
  "EAI_AGAIN",
]);
// 57P01-57P03: administrator or crash shutdown, cannot connect now; 57014: statement timeout;
// 53300: too many connections; class 08: connection exceptions.
const SQLSTATES = new Set(["57P01", "57P02", "57P03", "57014", "53300"]);
const PRISMA_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024", "P2037"]);
const ADAPTER_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections"]);
const MESSAGES = new RegExp(
  [
    "timeout exceeded when trying to connect",
    "Connection terminated",
    "Query read timeout",
    "connection timeout",
    "Client has encountered a connection error",
    "Can't reach database server",
    "the database system is (starting up|shutting down|in recovery mode)",
    "terminating connection due to administrator command",
  ].join("|"),
  "i",
);

interface DatabaseLikeError {
  code?: unknown;
  kind?: unknown;
  originalCode?: unknown;
  message?: unknown;
  cause?: unknown;
  meta?: { driverAdapterError?: unknown };
}

/** True when `error`, or what it wraps, says the database is unreachable or unavailable. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (depth > 4 || error === null || typeof error !== "object") return false;
  const e = error as DatabaseLikeError;
  for (const code of [e.code, e.originalCode]) {
    if (typeof code !== "string") continue;
    if (SOCKET_CODES.has(code) || SQLSTATES.has(code) || PRISMA_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))
      return true;
  }
  if (typeof e.kind === "string" && ADAPTER_KINDS.has(e.kind)) return true;
  if (typeof e.message === "string" && MESSAGES.test(e.message)) return true;
  const first = Array.isArray((e as { errors?: unknown }).errors) ? (e as { errors: unknown[] }).errors[0] : undefined;
  return (
    isDatabaseUnavailable(e.cause, depth + 1) ||
    isDatabaseUnavailable(e.meta?.driverAdapterError, depth + 1) ||
    isDatabaseUnavailable(first, depth + 1)
  );
}

/** Maps a thrown value to an HTTP status and body in the endpoint's error shape. */
export function errorBody(
  error: unknown,
  shape: ErrorShape,
): { status: number; body: unknown; headers: Record<string, string> } {
  if (error instanceof z.ZodError) error = fromZodError(error);
  if (!(error instanceof ApiError) && isDatabaseUnavailable(error)) error = databaseUnavailable();
  const code = (error as PrismaLikeError | null)?.code;
  if (code === "P2002") error = conflict("body", "This resource already exists.");
  if (code === "P2025") error = notFound("id", "No such resource.");
  if (error instanceof ApiError) {
    const body = shape === "single" ? error.items[0] : { errors: error.items };
    return { status: error.status, body, headers: error.headers };
  }
  return { status: 500, body: { message: "Internal server error." }, headers: {} };
}
