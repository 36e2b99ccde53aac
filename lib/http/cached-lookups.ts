import "server-only";
import { respond } from "@/lib/http/handler";
import { cachedRead } from "@/lib/http/response-cache";
import { ResolveResult } from "@/lib/contract/schemas/resolve";
import { resolveName, reverseAddress, type ResolveOptions, type ReverseRequest } from "@/lib/resolution/resolve";

// Forward and reverse resolution as cached responses: the partner API (endpoints 1, 2) and the
// pages' anonymous lookups (/api/lookup) answer the same bytes from the same cache entries.
// Native answers are cached until the name or address changes; other services keep their own
// TTL caches. What only a lookup needs (the request's signal and client address) is asked of
// `asking` on a miss alone: a warm read does not pay for an AbortController or an address parse.

type Asking = () => Pick<ResolveOptions, "signal" | "client">;

export function cachedResolve(
  domain: string,
  query: Pick<ResolveOptions, "nameservice" | "coins">,
  asking: Asking,
): Response | Promise<Response> {
  return cachedRead(`resolve|${domain}|${query.nameservice ?? ""}|${query.coins?.join(",") ?? ""}`, async () => {
    const result = await resolveName(domain, { ...query, ...asking() });
    return {
      response: respond(ResolveResult, result),
      tags: result.nameService === "native" ? [`name:${result.domain}`] : null,
    };
  });
}

export function cachedReverse(
  address: string,
  query: Pick<ReverseRequest, "nameservice" | "coins">,
  asking: Asking,
): Response | Promise<Response> {
  return cachedRead(`reverse|${address.toLowerCase()}|${query.nameservice ?? ""}|${query.coins ?? ""}`, async () => {
    const result = await reverseAddress(address, { ...query, ...asking() });
    const tags = result.nameService === "native" ? [`address:${address.toLowerCase()}`, `name:${result.domain}`] : null;
    return { response: respond(ResolveResult, result), tags };
  });
}
