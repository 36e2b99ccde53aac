import "server-only";
import { config } from "@/lib/config";

// Server-side logging. Authorization headers and token values never reach a log line: only the
// method, the path (without query) and the request id are written with an error.

export function logError(requestId: string, request: Request, error: unknown): void {
  if (config().LOG_LEVEL === "silent") return;
  const path = safePath(request.url);
  const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
  console.error(`[${requestId}] ${request.method} ${path} failed: ${redact(detail)}`);
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
