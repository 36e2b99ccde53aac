// Endpoint 1: forward resolution of a name (native, ENS, UD or ICANN).
import { endpoint, parseQuery, respond } from "@/lib/api/handler";
import { ResolveQuery, ResolveResult } from "@/lib/api/schemas/resolve";
import { resolveName } from "@/lib/resolution/resolve";

export const dynamic = "force-dynamic";

export const GET = endpoint({ errors: "single", allow: ["ADMIN", "CUSTOMER"] }, async ({ url, params, request }) => {
  const query = parseQuery(url, ResolveQuery);
  return respond(ResolveResult, await resolveName(params.domain, { ...query, signal: request.signal }));
});
