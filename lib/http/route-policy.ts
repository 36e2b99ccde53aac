// The kinds of browser access and rate limit an endpoint states in its options (lib/http/handler.ts),
// so each route file carries its own policy and a route that states none fails closed.

/** `public`: any origin; `partner`: only CORS_ORIGINS; `none`: same origin only (no CORS headers). */
export type CorsPolicy = "public" | "partner" | "none";

/**
 * Rate-limit classes. `resolve` and `partner` count per partner (all its tokens); `read`, `purchase`,
 * `lookup` (the pages' anonymous resolution) and `owner` (the owner API) count per client address.
 */
export type RateLimitClass = "resolve" | "partner" | "read" | "purchase" | "lookup" | "owner";

export interface RoutePolicy {
  cors: CorsPolicy;
  rateLimit: RateLimitClass | null;
}

/**
 * What an endpoint that states no policy gets: same-origin only, and limited per client address.
 * A forgotten policy fails closed; every exception is written in its route file.
 */
export const DEFAULT_POLICY: Readonly<RoutePolicy> = Object.freeze({ cors: "none", rateLimit: "read" });

/** An endpoint's policy from its options, the default filling what they leave out. */
export function policyOf(options: { cors?: CorsPolicy; rateLimit?: RateLimitClass | null }): RoutePolicy {
  return {
    cors: options.cors ?? DEFAULT_POLICY.cors,
    rateLimit: options.rateLimit === undefined ? DEFAULT_POLICY.rateLimit : options.rateLimit,
  };
}

/** Classes that count per partner (the token's); the others count per client address. */
export function countsPerToken(limit: RateLimitClass): boolean {
  return limit === "resolve" || limit === "partner";
}
