import "server-only";
import { respond } from "@/lib/http/handler";
import { cachedRead } from "@/lib/http/response-cache";
import { ResolveResult } from "@/lib/contract/schemas/resolve";
import { resolveName, reverseAddress, type ResolveOptions, type ReverseRequest } from "@/lib/resolution/resolve";

// Forward and reverse resolution as cached responses: the partner API (endpoints 1, 2) and the
// pages' anonymous lookups (/api/lookup) answer the same bytes from the same cache entries.
// Native answers are cached until the name or address changes; other services keep their own
// TTL caches.

export function cachedResolve(domain: string, options: ResolveOptions): Response | Promise<Response> {
  return cachedRead(`resolve|${domain}|${options.nameservice ?? ""}|${options.coins?.join(",") ?? ""}`, async () => {
    const result = await resolveName(domain, options);
    return {
      response: respond(ResolveResult, result),
      tags: result.nameService === "native" ? [`name:${result.domain}`] : null,
    };
  });
}

export function cachedReverse(address: string, options: ReverseRequest): Response | Promise<Response> {
  return cachedRead(
    `reverse|${address.toLowerCase()}|${options.nameservice ?? ""}|${options.coins ?? ""}`,
    async () => {
      const result = await reverseAddress(address, options);
      const tags =
        result.nameService === "native" ? [`address:${address.toLowerCase()}`, `name:${result.domain}`] : null;
      return { response: respond(ResolveResult, result), tags };
    },
  );
}
