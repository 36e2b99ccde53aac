// The pages' anonymous forward lookup (backend for frontend): no token, limited per client address,
// the same cached answer as endpoint 1.
import { clientAddress } from "@/lib/http/client-address";
import { refuseOtherSites } from "@/lib/http/cors";
import { endpoint, parseQuery } from "@/lib/http/handler";
import { otherMethods } from "@/lib/http/methods";
import { ResolveQuery } from "@/lib/contract/schemas/resolve";
import { cachedResolve } from "@/lib/http/cached-lookups";

export const dynamic = "force-dynamic";

// The pages' anonymous lookups (backend for frontend): no token, counted per client address.
export const GET = endpoint(
  { errors: "single", cors: "none", rateLimit: "lookup" },
  async ({ url, params, request }) => {
    refuseOtherSites(request);
    return cachedResolve(params.name, parseQuery(url, ResolveQuery), () => ({
      signal: request.signal,
      client: clientAddress(request),
    }));
  },
);

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods({ GET });
