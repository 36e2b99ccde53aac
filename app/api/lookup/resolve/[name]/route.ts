// The pages' anonymous forward lookup (backend for frontend): no token, limited per client address,
// the same cached answer as endpoint 1.
import { clientAddress } from "@/lib/api/client-address";
import { refuseOtherSites } from "@/lib/api/cors";
import { endpoint, parseQuery } from "@/lib/api/handler";
import { otherMethods } from "@/lib/api/methods";
import { ResolveQuery } from "@/lib/api/schemas/resolve";
import { cachedResolve } from "@/lib/resolution/cached-lookups";

export const dynamic = "force-dynamic";

export const GET = endpoint({ errors: "single" }, async ({ url, params, request }) => {
  refuseOtherSites(request);
  return cachedResolve(params.name, parseQuery(url, ResolveQuery), () => ({
    signal: request.signal,
    client: clientAddress(request),
  }));
});

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods({ GET });
