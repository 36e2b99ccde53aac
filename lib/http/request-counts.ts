import "server-only";

// Requests answered per route and status since the process started, for GET /metrics. The wrapper
// (handler.ts) names a route once, from its first request, by putting each path parameter's name in
// place of its value: `GET /v1/resolve/{domain}`. The count is two map lookups per request.

/** Route label → status → requests. Bounded: past MAX_ROUTES new labels count as "other". */
const counts = new Map<string, Map<number, number>>();
const MAX_ROUTES = 500;

export function routeCounter(method: string, pathname: string, params: Record<string, string>): Map<number, number> {
  let label = `${method} ${routeTemplate(pathname, params)}`;
  if (!counts.has(label) && counts.size >= MAX_ROUTES) label = "other";
  let byStatus = counts.get(label);
  if (!byStatus) counts.set(label, (byStatus = new Map()));
  return byStatus;
}

export function countRequest(byStatus: Map<number, number>, status: number): void {
  byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
}

export function requestCounts(): ReadonlyMap<string, ReadonlyMap<number, number>> {
  return counts;
}

/** The path with each parameter's value, matched from the right, replaced by `{name}`. */
export function routeTemplate(pathname: string, params: Record<string, string>): string {
  const segments = pathname.split("/");
  const names = Object.entries(params);
  for (let at = segments.length - 1; at >= 0 && names.length > 0; at--) {
    let decoded = segments[at]!;
    try {
      decoded = decodeURIComponent(decoded);
    } catch {
      // A malformed escape is compared as it is.
    }
    const match = names.findIndex(([, value]) => value === decoded);
    if (match === -1) continue;
    segments[at] = `{${names[match]![0]}}`;
    names.splice(match, 1);
  }
  return segments.join("/");
}
