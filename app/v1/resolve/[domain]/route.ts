// Endpoint 1: forward resolution of a name (native, ENS, UD or ICANN).
import { endpoint, parseQuery, respond } from "@/lib/api/handler";
import { otherMethods } from "@/lib/api/methods";
import { cachedRead } from "@/lib/api/response-cache";
import { ResolveQuery, ResolveResult } from "@/lib/api/schemas/resolve";
import { resolveName } from "@/lib/resolution/resolve";

export const dynamic = "force-dynamic";

export const GET = endpoint({ errors: "single", allow: ["ADMIN", "CUSTOMER"] }, async ({ url, params, request }) => {
  const query = parseQuery(url, ResolveQuery);
  // Native answers are cached until the name changes; other services keep their own TTL caches.
  return cachedRead(`resolve|${params.domain}|${query.nameservice ?? ""}|${query.coins?.join(",") ?? ""}`, async () => {
    const result = await resolveName(params.domain, { ...query, signal: request.signal });
    return {
      response: respond(ResolveResult, result),
      tags: result.nameService === "native" ? [`name:${result.domain}`] : null,
    };
  });
});

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods({ GET });
