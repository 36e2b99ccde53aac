// Which browser origins and which rate limit apply to an API path. Decided from the path, in one
// table, so route files carry no policy of their own and a new route falls into its family.

/** `public`: any origin; `partner`: only CORS_ORIGINS; `none`: same origin only (no CORS headers). */
export type CorsPolicy = "public" | "partner" | "none";

/**
 * Rate-limit classes. `resolve` and `partner` count per access token; `read`, `purchase`,
 * `lookup` (the pages' anonymous resolution) and `owner` (the owner API) count per client address.
 */
export type RateLimitClass = "resolve" | "partner" | "read" | "purchase" | "lookup" | "owner";

export interface RoutePolicy {
  cors: CorsPolicy;
  rateLimit: RateLimitClass | null;
}

const NONE: RoutePolicy = { cors: "none", rateLimit: null };

/** The policy of an API path such as `/v1/market/search` (dynamic segments filled or not). */
export function routePolicy(pathname: string): RoutePolicy {
  const parts = pathname.split("/").filter(Boolean);
  const [root, area, ...rest] = parts;
  if (root === "v1") {
    switch (area) {
      case "resolve":
      case "reverse":
        return { cors: "public", rateLimit: "resolve" };
      case "openapi.json":
        return { cors: "public", rateLimit: null };
      case "market":
        return {
          cors: "public",
          rateLimit: rest.at(-1) === "purchase" || rest.at(-1) === "renew" ? "purchase" : "read",
        };
      case "owner":
        // Owner sessions are made and used by our own pages; no other origin may drive them.
        return { cors: "none", rateLimit: "owner" };
      case "parentdomains":
        // Endpoint 6 reads public ownership data without a token, like the market.
        if (rest.at(-1) === "reverse-resolve") return { cors: "public", rateLimit: "read" };
        return { cors: "partner", rateLimit: "partner" };
      case "partner":
        return { cors: "partner", rateLimit: "partner" };
      default:
        return { cors: "partner", rateLimit: null };
    }
  }
  // The pages' anonymous lookups (backend for frontend): no token, counted per client address.
  if (root === "api" && area === "lookup") return { cors: "none", rateLimit: "lookup" };
  // The built-in test processor's checkout form posts here from our own pages.
  if (root === "api" && area === "test-processor")
    return { cors: "none", rateLimit: rest[0] === "pay" ? "purchase" : "read" };
  return NONE;
}

/** Classes that count per access token; the others count per client address. */
export function countsPerToken(limit: RateLimitClass): boolean {
  return limit === "resolve" || limit === "partner";
}
