import { isIPv6 } from "node:net";

// What every request passes before any handler sees it, whichever server runs the handler
// (lib/server for `npm start`, Next.js for `next start` and `next dev`, see lib/server/next-edge.ts):
// a Host that is a host[:port], and no header that only this service or Next.js may set.

/** The origin every request URL is built on: the Host header never decides a URL here. */
export const FIXED_ORIGIN = "http://localhost";

// A registered name (letters, digits, `-`, `_`, dots) or an IPv4 address, or a bracketed IPv6
// literal; then an optional port of 1 to 65535. `x?`, `x#`, `x y`, `x:99999` and `a/b` are not.
const NAME_HOST = /^[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*\.?(?::(\d{1,5}))?$/;
const IPV6_HOST = /^\[([0-9A-Fa-f:.]+)\](?::(\d{1,5}))?$/;
const MAX_HOST_LENGTH = 261;

// Clients repeat their Host on every request: the last valid one is remembered.
let lastValidHost: string | undefined;

/** True for a Host header that is a valid host[:port]; an absent one (HTTP/1.0) passes. */
export function isValidHost(host: string | null | undefined): boolean {
  if (host === undefined || host === null) return true;
  if (host === lastValidHost) return true;
  if (host.length === 0 || host.length > MAX_HOST_LENGTH) return false;
  let port: string | undefined;
  const name = NAME_HOST.exec(host);
  if (name) port = name[1];
  else {
    const literal = IPV6_HOST.exec(host);
    if (!literal || !isIPv6(literal[1])) return false;
    port = literal[2];
  }
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65535)) return false;
  lastValidHost = host;
  return true;
}

// Headers that carry a decision of this service (the sealed peer address) or of Next.js's own
// pipeline (middleware sub-requests, matched paths, revalidation secrets). A client never sends
// them; one that does is trying to be taken for the server.
const INTERNAL_PREFIXES = ["x-namesvc-", "x-middleware-", "x-invoke-", "x-next-revalidate", "x-prerender-revalidate"];
const INTERNAL_NAMES = new Set([
  "x-matched-path",
  "x-now-route-matches",
  "x-nextjs-matched-path",
  "x-nextjs-rewritten-path",
  "x-nextjs-rewritten-query",
  "x-next-resume-state-length",
  "x-next-cache-tags",
  "x-next-revalidated-tags",
]);

/** True for a lower-case header name only the server side may set. */
function isInternalHeader(name: string): boolean {
  // Every internal name starts with "x-": one character decides for almost every header.
  if (name.charCodeAt(0) !== 120 || name.charCodeAt(1) !== 45) return false;
  if (INTERNAL_NAMES.has(name)) return true;
  for (const prefix of INTERNAL_PREFIXES) if (name.startsWith(prefix)) return true;
  return false;
}

/** Deletes internal headers from node's header object (lower-case names); returns how many. */
export function removeInternalHeaders(headers: Record<string, unknown>): number {
  let removed = 0;
  for (const name in headers) {
    if (isInternalHeader(name)) {
      delete headers[name];
      removed++;
    }
  }
  return removed;
}

/**
 * The path and query of a request target: origin-form (`/path?q`) as it is, absolute-form
 * (`http://host/path?q`) reduced to its path and query. Anything else (`*`, authority-form,
 * garbage) is null: no route answers it.
 */
export function pathOfTarget(target: string | undefined): string | null {
  if (target === undefined || target === "") return null;
  if (target.charCodeAt(0) === 47 /* "/" */) return target;
  if (!/^https?:\/\//i.test(target)) return null;
  try {
    const url = new URL(target);
    return url.pathname + url.search;
  } catch {
    return null;
  }
}

/**
 * True when a path belongs to the API (`/v1`, `/api`) however it is spelled: any case, percent-
 * encoded, dot segments or repeated slashes. Such a request is answered by the API's router or
 * refused; it never falls through to the pages.
 */
export function isApiPath(pathname: string): boolean {
  let decoded = pathname;
  if (pathname.includes("%")) {
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return true;
    }
  }
  const first = new URL(decoded.replace(/\\/g, "/").replace(/^\/+/, "/"), FIXED_ORIGIN).pathname
    .split("/")
    .find(Boolean);
  const root = first?.toLowerCase();
  return root === "v1" || root === "api";
}
