// Where the pages look names up: with a partner's pasted token, the partner API (and its quota);
// without one, the app's own anonymous lookup routes, limited per visitor address. Either way the
// browser never holds a token it was not given by its user.
import type { components } from "@/lib/contract/client/schema";
import { apiClient, bearer, callOwnRoute, unwrap } from "../api/client";

export type ResolveResult = components["schemas"]["ResolveResult"];

export function lookup(
  kind: "resolve" | "reverse",
  subject: string,
  token: string | null | undefined,
  signal?: AbortSignal,
): Promise<ResolveResult> {
  if (!token) return callOwnRoute<ResolveResult>(`/api/lookup/${kind}/${encodeURIComponent(subject)}`, { signal });
  const headers = bearer(token);
  return kind === "resolve"
    ? unwrap(apiClient.GET("/v1/resolve/{domain}", { params: { path: { domain: subject } }, headers, signal }))
    : unwrap(apiClient.GET("/v1/reverse/{address}", { params: { path: { address: subject } }, headers, signal }));
}
