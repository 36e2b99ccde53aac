import "server-only";
import { config, type Config } from "@/lib/config";
import { ApiError } from "@/lib/contract/errors";
import type { CorsPolicy } from "./route-policy";

// Browser access to the API. Resolution, market and the OpenAPI document answer any origin: they
// carry no cookies, and a token sent to them is the caller's own. Partner and parent-domain
// endpoints manage a partner's tokens and names, so only the origins in CORS_ORIGINS may call
// them from a browser. Preflights are answered by the router for every API route.

const EXPOSED = "RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After, X-Request-Id";
const ALLOWED_HEADERS = "Authorization, Content-Type, X-Request-Id";
const PREFLIGHT_MAX_AGE_SECONDS = "7200";

let parsed: { cfg: Config; origins: Set<string> } | undefined;

function partnerOrigins(): Set<string> {
  const cfg = config();
  if (parsed?.cfg !== cfg) {
    const origins = cfg.CORS_ORIGINS.split(",")
      .map((o) => o.trim().replace(/\/+$/, ""))
      .filter(Boolean);
    parsed = { cfg, origins: new Set(origins) };
  }
  return parsed.origins;
}

/** The origin to echo in Access-Control-Allow-Origin, or null when this origin gets none. */
function allowedOrigin(policy: CorsPolicy, origin: string | null): string | null {
  if (policy === "public") return "*";
  if (policy === "partner" && origin !== null && partnerOrigins().has(origin)) return origin;
  return null;
}

/** Adds the CORS fields of an actual (non-preflight) response. */
export function setCorsHeaders(headers: Headers, policy: CorsPolicy, origin: string | null): void {
  if (policy === "none") return;
  // The answer depends on Origin only where it is echoed; caches must then keep one per origin.
  if (policy === "partner") headers.append("Vary", "Origin");
  if (origin === null) return;
  const allowed = allowedOrigin(policy, origin);
  if (allowed === null) return;
  headers.set("Access-Control-Allow-Origin", allowed);
  headers.set("Access-Control-Expose-Headers", EXPOSED);
}

/** The answer to an OPTIONS request on an API route that has no OPTIONS handler of its own. */
export function preflightResponse(request: Request, policy: CorsPolicy, methods: readonly string[]): Response {
  const allow = [...new Set([...methods, ...(methods.includes("GET") ? ["HEAD"] : []), "OPTIONS"])].join(", ");
  const headers = new Headers({ Allow: allow, "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" });
  if (policy === "partner") headers.set("Vary", "Origin");
  const allowed = allowedOrigin(policy, request.headers.get("origin"));
  if (allowed !== null && request.headers.get("origin") !== null) {
    headers.set("Access-Control-Allow-Origin", allowed);
    headers.set("Access-Control-Allow-Methods", allow);
    headers.set("Access-Control-Allow-Headers", ALLOWED_HEADERS);
    headers.set("Access-Control-Max-Age", PREFLIGHT_MAX_AGE_SECONDS);
  }
  return new Response(null, { status: 204, headers });
}

/**
 * Refuses a request another site's page made: the pages' own endpoints (/api/lookup) serve this
 * site's pages, not other sites' scripts spending its clients' budgets. A browser says where a
 * request comes from in Sec-Fetch-Site (same-origin, or none for an address typed in); an older
 * one only in Origin, which must then be this host. A request with neither (curl, a server) is no
 * other site's page and passes; the rate limit bounds it.
 */
export function refuseOtherSites(request: Request): void {
  const site = request.headers.get("sec-fetch-site");
  if (site !== null) {
    if (site === "same-origin" || site === "none") return;
    throw new ApiError(
      403,
      "Sec-Fetch-Site",
      `This endpoint serves this site's own pages only (Sec-Fetch-Site: ${site}).`,
    );
  }
  const origin = request.headers.get("origin");
  if (origin === null || sameHost(origin, request.headers.get("host"))) return;
  throw new ApiError(403, "Origin", "This endpoint serves this site's own pages only.");
}

/** True when `origin` is on `host` (the request's Host), default ports written or not. */
function sameHost(origin: string, host: string | null): boolean {
  if (!host) return false;
  try {
    const from = new URL(origin);
    return from.host === new URL(`${from.protocol}//${host}`).host;
  } catch {
    return false;
  }
}
