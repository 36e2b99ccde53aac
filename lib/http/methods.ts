import "server-only";
import { preflightResponse } from "./cors";
import { isValidHost } from "./edge";
import { declarationOf, json, type RouteHandler } from "./handler";
import { DEFAULT_POLICY, type CorsPolicy } from "./route-policy";

// The answers of a route to the methods it does not serve: a CORS preflight for OPTIONS, a JSON
// 405 for the rest. Each route file exports them (`otherMethods`), so Next.js gives the same
// answers as lib/server: left to itself it would answer preflights without CORS and 405s
// without a body.

const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];
type Handlers = Partial<Record<HttpMethod, RouteHandler>>;

const PLAIN = { "x-content-type-options": "nosniff", "cache-control": "no-store" };

export const badHostResponse = () =>
  json({ field: "Host", info: "The Host header is not a valid host[:port]." }, 400, PLAIN);

/**
 * The browser access of a route, from the endpoints it serves: they must agree, as one preflight
 * answers for all of them. Same origin only when none states one.
 */
export function corsOfRoute(handlers: readonly RouteHandler[]): CorsPolicy {
  const stated = new Set(handlers.flatMap((handler) => declarationOf(handler)?.policy.cors ?? []));
  if (stated.size > 1) throw new Error(`A route's endpoints state different CORS policies: ${[...stated].join(", ")}.`);
  return stated.values().next().value ?? DEFAULT_POLICY.cors;
}

/** A route's answer to a method it has no handler for: preflight, 405, or 400 for a bad Host. */
export function answerWithoutHandler(request: Request, methods: readonly string[], cors: CorsPolicy): Response {
  if (!isValidHost(request.headers.get("host"))) return badHostResponse();
  const method = request.method.toUpperCase();
  // Browsers' CORS preflights, with the policy of the route's endpoints.
  if (method === "OPTIONS") return preflightResponse(request, cors, methods);
  const allow = [...methods, ...(methods.includes("GET") ? ["HEAD"] : []), "OPTIONS"].join(", ");
  return json({ message: `Method ${method} is not allowed here; allowed: ${allow}.` }, 405, { allow, ...PLAIN });
}

// The handlers otherMethods makes, so route listings can tell them from the methods a route serves.
const others = new WeakSet<RouteHandler>();

/** Whether a route's handler is one of otherMethods' answers rather than a method the route serves. */
export const isOtherMethod = (handler: RouteHandler) => others.has(handler);

type Others<H extends Handlers> = { OPTIONS: RouteHandler } & { [M in Exclude<HttpMethod, keyof H>]: RouteHandler };

/**
 * The handlers of every method a route does not serve, to export beside its own:
 * `export const { OPTIONS, PUT, PATCH, DELETE } = otherMethods({ GET, POST });`
 */
export function otherMethods<H extends Handlers>(handlers: H): Others<H> {
  const served = Object.keys(handlers);
  const cors = corsOfRoute(Object.values(handlers) as RouteHandler[]);
  const answer: RouteHandler = async (request) => answerWithoutHandler(request, served, cors);
  others.add(answer);
  const answers: Record<string, RouteHandler> = { OPTIONS: answer };
  for (const method of HTTP_METHODS) if (!served.includes(method)) answers[method] = answer;
  return answers as Others<H>;
}

/** Every method of a path no route serves: the JSON 404 of lib/server's edge. */
export function notFoundRoute(): Record<HttpMethod | "OPTIONS", RouteHandler> {
  const answer: RouteHandler = async (request) =>
    isValidHost(request.headers.get("host")) ? json({ message: "Not found." }, 404, PLAIN) : badHostResponse();
  return { GET: answer, POST: answer, PUT: answer, PATCH: answer, DELETE: answer, OPTIONS: answer };
}
