// Which browser origins and which rate limit apply to an API path. Decided from the path, in one
// table, so route files carry no policy of their own and a new route falls into its family.

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

// What a route nobody gave a policy gets: same-origin only, and limited per client address. A
// forgotten route fails closed; the exceptions below are each written out with their reason.
const LIMITED_DEFAULT: RoutePolicy = { cors: "none", rateLimit: "read" };

/**
 * The policy of an API path such as `/v1/market/search`. Decided by the route's shape, position
 * by position, so a dynamic segment's value (an order id spelled `purchase`, a parent domain
 * spelled `reverse-resolve`) cannot move a request to another family.
 */
export function routePolicy(pathname: string): RoutePolicy {
  const parts = pathname.split("/").filter(Boolean);
  const [root, area, ...rest] = parts;
  if (root === "v1") {
    switch (area) {
      case "resolve":
      case "reverse":
        return { cors: "public", rateLimit: "resolve" };
      case "openapi.json":
        // A static document, cached by clients and proxies.
        if (rest.length === 0) return { cors: "public", rateLimit: null };
        break;
      case "market": {
        // A refund claim says where money goes: only our own order page makes one.
        if (rest.length === 3 && rest[0] === "order" && ["refund-claim", "refund-claim-link"].includes(rest[2]!))
          return { cors: "none", rateLimit: "owner" };
        const route = rest.join("/");
        const buying = ["purchase", "crypto/purchase", "renew", "crypto/renew"].includes(route);
        return { cors: "public", rateLimit: buying ? "purchase" : "read" };
      }
      case "owner":
        // Owner sessions are made and used by our own pages; no other origin may drive them.
        return { cors: "none", rateLimit: "owner" };
      case "parentdomains":
        // Endpoint 6 reads public ownership data without a token, like the market.
        if (rest.length === 4 && rest[1] === "addresses" && rest[3] === "reverse-resolve")
          return { cors: "public", rateLimit: "read" };
        return { cors: "partner", rateLimit: "partner" };
      case "partner":
        return { cors: "partner", rateLimit: "partner" };
      case "operator":
        // The operator's console is our own page; its reads count per client address.
        return { cors: "none", rateLimit: "read" };
      case "ens":
        // The CCIP-Read gateway: wallets and dApps in browsers fetch it from any origin, without a token.
        return { cors: "public", rateLimit: "read" };
    }
    // A new /v1 area: browsers as the partner endpoints, and limited until someone decides otherwise.
    return { cors: "partner", rateLimit: "read" };
  }
  if (root === "api") {
    switch (area) {
      // The pages' anonymous lookups (backend for frontend): no token, counted per client address.
      case "lookup":
        return { cors: "none", rateLimit: "lookup" };
      // The built-in test processor's checkout form posts here from our own pages.
      case "test-processor":
        return { cors: "none", rateLimit: rest.join("/") === "pay" ? "purchase" : "read" };
      // Stripe signs every event and retries in bursts; an unsigned one costs one HMAC.
      case "webhooks":
        return { cors: "none", rateLimit: null };
      // Loopback only and guarded by a secret (lib/http/local-admin.ts).
      case "internal":
        return { cors: "none", rateLimit: null };
    }
  }
  return LIMITED_DEFAULT;
}

/**
 * Whether a POST to this path moves money: a purchase, a renewal or a test payment (the `purchase`
 * class), or a Stripe event. Its database work goes ahead of reads (lib/db/arrival-order.ts).
 */
export function movesMoney(pathname: string): boolean {
  if (routePolicy(pathname).rateLimit === "purchase") return true;
  const [root, area] = pathname.split("/").filter(Boolean);
  return root === "api" && area === "webhooks";
}

/** Classes that count per partner (the token's); the others count per client address. */
export function countsPerToken(limit: RateLimitClass): boolean {
  return limit === "resolve" || limit === "partner";
}
