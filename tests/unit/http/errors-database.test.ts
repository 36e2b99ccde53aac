import { describe, expect, test } from "vitest";
import { errorBody, isDatabaseUnavailable } from "@/lib/contract/errors";

const socketError = (code: string) =>
  Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code, errno: -111, syscall: "connect" });
const pgError = (code: string, message: string) => Object.assign(new Error(message), { code, severity: "FATAL" });
const prismaError = (code: string, meta: Record<string, unknown> = {}) =>
  Object.assign(new Error("prisma"), { code, meta, clientVersion: "6.19.3" });

describe("database faults", () => {
  test.each([
    ["connection refused", socketError("ECONNREFUSED")],
    ["connection reset", socketError("ECONNRESET")],
    ["administrator shutdown", pgError("57P01", "terminating connection due to administrator command")],
    ["server starting up", pgError("57P03", "the database system is starting up")],
    ["connection failure", pgError("08006", "connection failure")],
    ["statement timeout", pgError("57014", "canceling statement due to statement timeout")],
    ["pool connect timeout", new Error("timeout exceeded when trying to connect")],
    ["connection terminated", new Error("Connection terminated unexpectedly")],
    ["Prisma P1001", prismaError("P1001")],
    ["Prisma P1017", prismaError("P1017")],
    ["Prisma P2024", prismaError("P2024")],
    [
      "Prisma wrapping an adapter error",
      prismaError("P2010", {
        driverAdapterError: { name: "DriverAdapterError", cause: { kind: "DatabaseNotReachable" } },
      }),
    ],
    [
      "adapter error with a postgres code",
      Object.assign(new Error("x"), { name: "DriverAdapterError", cause: { kind: "postgres", originalCode: "57P01" } }),
    ],
    ["an error caused by a refused connection", new Error("query failed", { cause: socketError("ECONNREFUSED") })],
    [
      "AggregateError of refused connections",
      Object.assign(new AggregateError([socketError("ECONNREFUSED")], "connect failed"), {}),
    ],
  ])("%s is a 503 with Retry-After in both shapes", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(errorBody(error, "single")).toEqual({
      status: 503,
      body: { field: "database", info: "The database is unavailable; retry shortly." },
      headers: { "Retry-After": "5" },
    });
    expect(errorBody(error, "list").body).toEqual({
      errors: [{ field: "database", info: "The database is unavailable; retry shortly." }],
    });
  });

  test.each([
    ["unique violation", prismaError("P2002"), 409],
    ["not found", prismaError("P2025"), 404],
    ["syntax error", pgError("42601", "syntax error at or near"), 500],
    ["plain bug", new TypeError("x is undefined"), 500],
  ])("%s is not a database outage", (_name, error, status) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
    expect(errorBody(error, "single").status).toBe(status);
  });
});
