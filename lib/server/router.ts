import "server-only";
import { readdirSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { RouteContext, RouteHandler } from "@/lib/api/handler";
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

export interface Router {
  /** The route's response, or null when no API route matches the path. */
  handle(request: Request): Promise<Response | null>;
  /** Loads every route module now, instead of on first request. */
  preload(): Promise<void>;
}

const API_ROOTS = ["v1", "api"];

export function createRouter(appDir = path.join(process.cwd(), "app")): Router {
  const routes = API_ROOTS.flatMap((root) => findRoutes(appDir, [root])).sort(bySpecificity);

  async function load(route: Route) {
    if (!route.handlers) {
      const module = (await import(pathToFileURL(route.file).href)) as Record<string, unknown>;
      const handlers: Partial<Record<Method, RouteHandler>> = {};
      for (const method of METHODS) if (typeof module[method] === "function") handlers[method] = module[method] as RouteHandler;
      route.handlers = handlers;
    }
    return route.handlers;
  }

  return {
    async preload() {
      await Promise.all(routes.map(load));
    },
    async handle(request) {
      const pathname = requestUrl(request).pathname;
      const parts = pathname.split("/").filter(Boolean);
      if (!API_ROOTS.includes(parts[0] ?? "")) return null;
      for (const route of routes) {
        const params = match(route, parts);
        if (!params) continue;
        const handlers = route.handlers ?? (await load(route));
        const method = request.method.toUpperCase() as Method;
        const handler = handlers[method] ?? (method === "HEAD" ? handlers.GET : undefined);
        // Browsers' CORS preflights are answered here for every route, from the path's policy.
        if (!handler && method === "OPTIONS") return preflightResponse(request, routePolicy(pathname).cors, Object.keys(handlers));
        if (!handler) {
          const allow = Object.keys(handlers).join(", ");
          return json({ message: `Method ${method} is not allowed here; allowed: ${allow}.` }, 405, { allow, "x-content-type-options": "nosniff", "cache-control": "no-store" });
        }
        const context: RouteContext = { params: Promise.resolve(params) };
        return handler(request, context);
      }
      return null;
    },
  };
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
      found.push({ file: path.join(dir, entry.name), segments: prefix.filter((s) => !/^\(.*\)$/.test(s)).map(toSegment) });
    }
  }
  return found;
}

function toSegment(name: string) {
  const param = /^\[([A-Za-z0-9_]+)\]$/.exec(name);
  return param ? { param: param[1] } : { literal: name };
}

function match(route: Route, parts: string[]): Record<string, string> | null {
  if (route.segments.length !== parts.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < parts.length; i++) {
    const segment = route.segments[i];
    if (segment.literal !== undefined) {
      if (segment.literal !== parts[i]) return null;
    } else params[segment.param!] = parts[i];
  }
  return params;
}

/** Static segments before dynamic ones, position by position. */
function bySpecificity(a: Route, b: Route): number {
  const length = Math.max(a.segments.length, b.segments.length);
  for (let i = 0; i < length; i++) {
    const sa = a.segments[i]?.literal !== undefined ? 0 : 1;
    const sb = b.segments[i]?.literal !== undefined ? 0 : 1;
    if (sa !== sb) return sa - sb;
  }
  return 0;
}
