import "server-only";
import { logger } from "@/lib/log";

// Server-side logging. Authorization headers and token values never reach a log line: only the
// method, the path (without query) and the request id are written with an error.

export function logError(requestId: string, request: Request, error: unknown): void {
  const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
  logger("http").error({ requestId, method: request.method, path: safePath(request.url) }, redact(detail));
}

function safePath(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return "?";
  }
}

/** Masks anything shaped like a JWT or a Stripe secret. */
function redact(text: string): string {
  return text
    .replace(/eyJ[\w-]+\.[\w-]+\.[\w-]+/g, "[token]")
    .replace(/\b(sk|rk|whsec)_[\w]+/g, "$1_[redacted]")
    .replace(/\bpi_[\w]+_secret_[\w]+/g, "[client-secret]");
}
