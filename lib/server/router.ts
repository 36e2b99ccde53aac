import "server-only";
import { readdirSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import {
  declarationOf,
  KNOWN_PARAMS,
  type EndpointDeclaration,
  type RouteContext,
  type RouteHandler,
} from "@/lib/http/handler";
import { requestTarget } from "@/lib/http/request-target";
import { answerWithoutHandler, corsOfRoute, isOtherMethod } from "@/lib/http/methods";
import { MONEY_AHEAD_MS } from "@/lib/db/arrival-order";
import { Doorkeeper } from "@/lib/resolution/doorkeeper";

// Serves the API's route handlers (app/v1/**/route.ts, app/api/**/route.ts) for `npm start`,
// outside Next.js's request pipeline, with the file-system routing Next.js uses: `[name]` is one
// segment, static segments win over dynamic ones. The route files stay the one implementation:
// `next start` and `next dev` serve the same files (README, "Running under Next").

const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
type Method = (typeof METHODS)[number];

interface Route {
  /** `[name]` is one segment, `[[...name]]` (last only) all the rest, none included. */
  segments: { literal?: string; param?: string; rest?: string }[];
  file: string;
  /** The file's path under app/, with `/`: how the server's bundle names its module. */
  key: string;
  handlers?: Partial<Record<Method, RouteHandler>>;
}

/** One position of the route tree: static children first, then one dynamic child, then a catch-all. */
interface RouteNode {
  literals: Map<string, RouteNode>;
  /**
   * The length of the longest static child's name. A longer segment is not looked up: hashing it
   * for the lookup cost 1.8 µs a request for the gateway's 1,200-character data segment.
   */
  longest: number;
  param?: RouteNode;
  route?: Route;
  rest?: Route;
}

/** The route a path takes, with its dynamic segments' values in order. */
interface Match {
  route: Route;
  values: readonly string[];
}

/** A route ending in a parameter, with the node of the static segments before it and their path. */
interface LastParamRoute {
  prefix: string;
  node: RouteNode;
  route: Route;
}

export interface Router {
  /**
   * The route's response, or null (at once) when no API route matches the path. A response
   * that needs no waiting comes back as it is, so the server writes it in the same turn.
   */
  handle(request: Request): Response | Promise<Response> | null;
  /** Loads every route module now, instead of on first request. */
  preload(): Promise<void>;
  /**
   * How far ahead of its arrival the request's database work is placed: money first (an endpoint
   * that states `movesMoney`). Known before the request is handled, from the loaded route modules.
   */
  aheadOf(request: Request): number;
  /** The declarations of the endpoints serving a path, by method; null when no API route matches. */
  endpointsAt(pathname: string): Promise<Partial<Record<Method, EndpointDeclaration>> | null>;
  /** How many paths' routes are kept (tests check that a path asked once is not). */
  keptPaths(): number;
}

// `metrics` holds GET /metrics, for Prometheus, outside the versioned API.
const API_ROOTS = ["v1", "api", "metrics"];
const SLASH = 0x2f;

/** Route modules compiled into the server's bundle (scripts/server-bundle.mjs), by path under app/. */
const bundledRoutes = new Map<string, Record<string, unknown>>();

/** The server's bundle hands over the route modules it carries before the server starts. */
export function provideRouteModules(modules: Record<string, Record<string, unknown>>): void {
  for (const [key, module] of Object.entries(modules)) bundledRoutes.set(key, module);
}

async function load(route: Route) {
  if (!route.handlers) {
    const module =
      bundledRoutes.get(route.key) ?? ((await import(pathToFileURL(route.file).href)) as Record<string, unknown>);
    const handlers: Partial<Record<Method, RouteHandler>> = {};
    for (const method of METHODS)
      if (typeof module[method] === "function") handlers[method] = module[method] as RouteHandler;
    route.handlers = handlers;
  }
  return route.handlers;
}

/** A route's context with its params at hand (KNOWN_PARAMS); the promise is made only if asked for. */
class KnownContext implements RouteContext {
  readonly [KNOWN_PARAMS]: Record<string, string>;

  constructor(params: Record<string, string>) {
    this[KNOWN_PARAMS] = params;
  }

  get params(): Promise<Record<string, string>> {
    return Promise.resolve(this[KNOWN_PARAMS]);
  }
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

/**
 * Every method every API route file serves, for tests that must cover each one: not the answers
 * to methods a route does not serve (`otherMethods`), nor the catch-all 404 routes.
 */
export async function listApiRoutes(appDir = path.join(process.cwd(), "app")): Promise<ApiRoute[]> {
  const routes = API_ROOTS.flatMap((root) => findRoutes(appDir, [root])).filter(
    (route) => !route.segments.some((s) => s.rest !== undefined),
  );
  const listed: ApiRoute[] = [];
  for (const route of routes) {
    const routePath = "/" + route.segments.map((s) => (s.param !== undefined ? `{${s.param}}` : s.literal)).join("/");
    for (const [method, handler] of Object.entries(await load(route)) as [Method, RouteHandler][]) {
      if (isOtherMethod(handler)) continue;
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
    values: readonly string[],
  ) {
    const method = request.method.toUpperCase() as Method;
    const handler = handlers[method] ?? (method === "HEAD" ? handlers.GET : undefined);
    // Route files export every method (lib/http/methods.ts); this answers one that does not.
    if (!handler) return answerWithoutHandler(request, Object.keys(handlers), corsOfRoute(Object.values(handlers)));
    const params: Record<string, string> = {};
    let next = 0;
    for (const segment of route.segments) {
      if (segment.param !== undefined) params[segment.param] = values[next++];
      else if (segment.rest !== undefined) params[segment.rest] = values[next++];
    }
    return handler(request, new KnownContext(params));
  }

  // The route a path takes never changes (the tree is fixed): clients asking the same paths again
  // (a popular name) are routed by one lookup. Bounded; emptied when full. A path is kept from the
  // second time it is asked (lib/resolution/doorkeeper.ts): each of a stream of unique names would
  // otherwise stay in the map until it is emptied, long enough for the collector to move it to the
  // old generation, which a full collection then has to clear.
  const MAX_MATCHES = 4096;
  const MAX_MATCHED_PATH = 200;
  const matches = new Map<string, Match | null>();
  const askedPaths = new Doorkeeper();

  function matchOf(pathname: string): Match | null {
    const parts = pathname.split("/").filter(Boolean);
    if (!API_ROOTS.includes(parts[0] ?? "")) return null;
    const values: string[] = [];
    const route = find(tree, parts, 0, values);
    return route ? { route, values } : null;
  }

  // Routes whose path ends in a parameter after static segments only (`/v1/resolve/{domain}`), each
  // with those segments as the path spells them (`/v1/resolve`): such a path is routed by comparing
  // its start with each (a handful), neither split nor hashed nor kept. A stream of unique names
  // otherwise cost each request a split, a walk of the tree and two hashes of the whole path (the
  // kept paths' lookup and their doorkeeper): about a twentieth of a cache miss's CPU on PostgreSQL
  // (docs/operations.md, thirty-sixth round).
  const lastParamRoutes = routesEndingInParam(tree);

  function lastParamMatch(pathname: string): Match | undefined {
    for (const { prefix, node, route } of lastParamRoutes) {
      const start = prefix.length + 1;
      if (
        pathname.length <= start ||
        pathname.charCodeAt(prefix.length) !== SLASH ||
        !pathname.startsWith(prefix) ||
        pathname.indexOf("/", start) !== -1
      )
        continue;
      const last = pathname.slice(start);
      // A static name at that position wins over the parameter, as in find().
      if (staticChild(node, last)) return undefined;
      return { route, values: [last] };
    }
    return undefined;
  }

  function matchAt(pathname: string) {
    const direct = lastParamMatch(pathname);
    if (direct !== undefined) return direct;
    // A path too long to be kept is not looked up either, which would hash all of it.
    const keepable = pathname.length <= MAX_MATCHED_PATH;
    let match = keepable ? matches.get(pathname) : undefined;
    if (match === undefined) {
      match = matchOf(pathname);
      if (keepable && askedPaths.admit(pathname)) {
        if (matches.size >= MAX_MATCHES) matches.clear();
        matches.set(pathname, match);
      }
    }
    return match;
  }

  return {
    async preload() {
      await Promise.all(routes.map(load));
    },
    aheadOf(request) {
      if (request.method !== "POST") return 0;
      try {
        const handler = matchAt(requestTarget(request).pathname)?.route.handlers?.POST;
        return handler && declarationOf(handler)?.movesMoney ? MONEY_AHEAD_MS : 0;
      } catch {
        return 0;
      }
    },
    async endpointsAt(pathname) {
      const match = matchAt(pathname);
      if (match === null) return null;
      const endpoints: Partial<Record<Method, EndpointDeclaration>> = {};
      for (const [method, handler] of Object.entries(await load(match.route)) as [Method, RouteHandler][]) {
        const declaration = declarationOf(handler);
        if (declaration) endpoints[method] = declaration;
      }
      return endpoints;
    },
    keptPaths: () => matches.size,
    handle(request) {
      const match = matchAt(requestTarget(request).pathname);
      if (match === null) return null;
      const { route, values } = match;
      if (route.handlers) return dispatch(request, route, route.handlers, values);
      return load(route).then((handlers) => dispatch(request, route, handlers, values));
    },
  };
}

function emptyNode(): RouteNode {
  return { literals: new Map(), longest: 0 };
}

function buildTree(routes: Route[]): RouteNode {
  const root = emptyNode();
  for (const route of routes) {
    let node = root;
    let rest = false;
    for (const segment of route.segments) {
      if (segment.rest !== undefined) rest = true;
      else if (segment.literal !== undefined) {
        let child = node.literals.get(segment.literal);
        if (!child) node.literals.set(segment.literal, (child = emptyNode()));
        node.longest = Math.max(node.longest, segment.literal.length);
        node = child;
      } else node = node.param ??= emptyNode();
    }
    if (rest) node.rest = route;
    else node.route = route;
  }
  return root;
}

/** `node`'s static child named `segment`; one longer than every such name is not looked up. */
function staticChild(node: RouteNode, segment: string): RouteNode | undefined {
  return segment.length <= node.longest ? node.literals.get(segment) : undefined;
}

/**
 * The routes `lastParamMatch` serves, with their static segments joined as a clean path spells them
 * (`/v1/resolve`): those whose parameter node ends the route, with nothing below it, so that a path
 * of those segments and one more non-empty one takes it unless the last is a static name there.
 */
function routesEndingInParam(root: RouteNode): LastParamRoute[] {
  const found: LastParamRoute[] = [];
  const visit = (node: RouteNode, prefix: string) => {
    const param = node.param;
    if (param?.route && param.literals.size === 0 && !param.param && !param.rest)
      found.push({ prefix, node, route: param.route });
    for (const [literal, child] of node.literals) visit(child, `${prefix}/${literal}`);
  };
  for (const [name, child] of root.literals) if (API_ROOTS.includes(name)) visit(child, `/${name}`);
  return found;
}

/**
 * The route of `parts`, static segments winning over dynamic ones position by position; fills `values` with the
 * dynamic segments.
 */
function find(node: RouteNode, parts: string[], at: number, values: string[]): Route | undefined {
  if (at < parts.length) {
    const literal = staticChild(node, parts[at]);
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
  } else if (node.route) return node.route;
  if (node.rest) {
    values.push(parts.slice(at).join("/"));
    return node.rest;
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
        key: [...prefix, entry.name].join("/"),
        segments: prefix.filter((s) => !/^\(.*\)$/.test(s)).map(toSegment),
      });
    }
  }
  return found;
}

function toSegment(name: string) {
  const rest = /^\[\[\.\.\.([A-Za-z0-9_]+)\]\]$/.exec(name);
  if (rest) return { rest: rest[1] };
  const param = /^\[([A-Za-z0-9_]+)\]$/.exec(name);
  return param ? { param: param[1] } : { literal: name };
}
