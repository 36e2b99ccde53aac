import "server-only";
import { readdirSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { declarationOf, type EndpointDeclaration, type RouteContext, type RouteHandler } from "@/lib/api/handler";
import { preflightResponse } from "@/lib/api/cors";
import { json, requestUrl } from "@/lib/api/handler";
import { routePolicy } from "@/lib/api/route-policy";

// Serves the API's route handlers (app/v1/**/route.ts, app/api/**/route.ts) outside Next.js's
// request pipeline, with the file-system routing Next.js uses: `[name]` is one segment,
// static segments win over dynamic ones. The route files stay the one implementation.

const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
type Method = (typeof METHODS)[number];

interface Route {
  segments: { literal?: string; param?: string }[];
  file: string;
  handlers?: Partial<Record<Method, RouteHandler>>;
}

/** One position of the route tree: static children first, then one dynamic child. */
interface RouteNode {
  literals: Map<string, RouteNode>;
  param?: RouteNode;
  route?: Route;
}

export interface Router {
  /**
   * The route's response, or null (at once) when no API route matches the path. A response
   * that needs no waiting comes back as it is, so the server writes it in the same turn.
   */
  handle(request: Request): Response | Promise<Response> | null;
  /** Loads every route module now, instead of on first request. */
  preload(): Promise<void>;
}

const API_ROOTS = ["v1", "api"];

async function load(route: Route) {
  if (!route.handlers) {
    const module = (await import(pathToFileURL(route.file).href)) as Record<string, unknown>;
    const handlers: Partial<Record<Method, RouteHandler>> = {};
    for (const method of METHODS)
      if (typeof module[method] === "function") handlers[method] = module[method] as RouteHandler;
    route.handlers = handlers;
  }
  return route.handlers;
}

export interface ApiRoute {
  method: Method;
  /** The path with its dynamic segments in OpenAPI's form: `/v1/resolve/{domain}`. */
  path: string;
  /** `GET /v1/resolve/{domain}`: how test lists name the route. */
  key: string;
  file: string;
  declaration: EndpointDeclaration | undefined;
}

/** Every method of every API route file, for tests that must cover each one. */
export async function listApiRoutes(appDir = path.join(process.cwd(), "app")): Promise<ApiRoute[]> {
  const routes = API_ROOTS.flatMap((root) => findRoutes(appDir, [root]));
  const listed: ApiRoute[] = [];
  for (const route of routes) {
    const routePath = "/" + route.segments.map((s) => (s.param !== undefined ? `{${s.param}}` : s.literal)).join("/");
    for (const [method, handler] of Object.entries(await load(route)) as [Method, RouteHandler][]) {
      listed.push({
        method,
        path: routePath,
        key: `${method} ${routePath}`,
        file: route.file,
        declaration: declarationOf(handler),
      });
    }
  }
  return listed.sort((a, b) => a.key.localeCompare(b.key));
}

export function createRouter(appDir = path.join(process.cwd(), "app")): Router {
  const routes = API_ROOTS.flatMap((root) => findRoutes(appDir, [root]));
  const tree = buildTree(routes);

  function dispatch(
    request: Request,
    route: Route,
    handlers: Partial<Record<Method, RouteHandler>>,
    values: string[],
    pathname: string,
  ) {
    const method = request.method.toUpperCase() as Method;
    const handler = handlers[method] ?? (method === "HEAD" ? handlers.GET : undefined);
    // Browsers' CORS preflights are answered here for every route, from the path's policy.
    if (!handler && method === "OPTIONS")
      return preflightResponse(request, routePolicy(pathname).cors, Object.keys(handlers));
    if (!handler) {
      const allow = Object.keys(handlers).join(", ");
      return json({ message: `Method ${method} is not allowed here; allowed: ${allow}.` }, 405, {
        allow,
        "x-content-type-options": "nosniff",
        "cache-control": "no-store",
      });
    }
    const params: Record<string, string> = {};
    let next = 0;
    for (const segment of route.segments) if (segment.param !== undefined) params[segment.param] = values[next++];
    const context: RouteContext = { params: Promise.resolve(params) };
    return handler(request, context);
  }

  return {
    async preload() {
      await Promise.all(routes.map(load));
    },
    handle(request) {
      const pathname = requestUrl(request).pathname;
      const parts = pathname.split("/").filter(Boolean);
      if (!API_ROOTS.includes(parts[0] ?? "")) return null;
      const values: string[] = [];
      const route = find(tree, parts, 0, values);
      if (!route) return null;
      if (route.handlers) return dispatch(request, route, route.handlers, values, pathname);
      return load(route).then((handlers) => dispatch(request, route, handlers, values, pathname));
    },
  };
}

function buildTree(routes: Route[]): RouteNode {
  const root: RouteNode = { literals: new Map() };
  for (const route of routes) {
    let node = root;
    for (const segment of route.segments) {
      if (segment.literal !== undefined) {
        let child = node.literals.get(segment.literal);
        if (!child) node.literals.set(segment.literal, (child = { literals: new Map() }));
        node = child;
      } else node = node.param ??= { literals: new Map() };
    }
    node.route = route;
  }
  return root;
}

/** The route of `parts`, static segments winning over dynamic ones position by position; fills `values` with the dynamic segments. */
function find(node: RouteNode, parts: string[], at: number, values: string[]): Route | undefined {
  if (at === parts.length) return node.route;
  const literal = node.literals.get(parts[at]);
  if (literal) {
    const found = find(literal, parts, at + 1, values);
    if (found) return found;
  }
  if (node.param) {
    values.push(parts[at]);
    const found = find(node.param, parts, at + 1, values);
    if (found) return found;
    values.pop();
  }
  return undefined;
}

function findRoutes(appDir: string, prefix: string[]): Route[] {
  const dir = path.join(appDir, ...prefix);
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  const found: Route[] = [];
  for (const entry of entries) {
    if (entry.isDirectory()) found.push(...findRoutes(appDir, [...prefix, entry.name]));
    else if (/^route\.(ts|js|mjs)$/.test(entry.name)) {
      found.push({
        file: path.join(dir, entry.name),
        segments: prefix.filter((s) => !/^\(.*\)$/.test(s)).map(toSegment),
      });
    }
  }
  return found;
}

function toSegment(name: string) {
  const param = /^\[([A-Za-z0-9_]+)\]$/.exec(name);
  return param ? { param: param[1] } : { literal: name };
}
