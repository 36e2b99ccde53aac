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
    super(info);
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
export const unauthorized = (info: string) => new ApiError(401, "Authorization", info, { "WWW-Authenticate": "Bearer" });
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

/** Maps a thrown value to an HTTP status and body in the endpoint's error shape. */
export function errorBody(error: unknown, shape: ErrorShape): { status: number; body: unknown; headers: Record<string, string> } {
  if (error instanceof z.ZodError) error = fromZodError(error);
  const code = (error as PrismaLikeError | null)?.code;
  if (code === "P2002") error = conflict("body", "This resource already exists.");
  if (code === "P2025") error = notFound("id", "No such resource.");
  if (error instanceof ApiError) {
    const body = shape === "single" ? error.items[0] : { errors: error.items };
    return { status: error.status, body, headers: error.headers };
  }
  return { status: 500, body: { message: "Internal server error." }, headers: {} };
}
