// The pages' anonymous reverse lookup (backend for frontend): no token, limited per client address,
// the same cached answer as endpoint 2.
import { clientAddress } from "@/lib/http/client-address";
import { refuseOtherSites } from "@/lib/http/cors";
import { endpoint, parseQuery } from "@/lib/http/handler";
import { otherMethods } from "@/lib/http/methods";
import { ReverseQuery } from "@/lib/contract/schemas/resolve";
import { cachedReverse } from "@/lib/http/cached-lookups";

export const dynamic = "force-dynamic";

// The pages' anonymous lookups (backend for frontend): no token, counted per client address.
export const GET = endpoint(
  { errors: "single", cors: "none", rateLimit: "lookup" },
  async ({ url, params, request }) => {
    refuseOtherSites(request);
    return cachedReverse(params.address, parseQuery(url, ReverseQuery), () => ({
      signal: request.signal,
      client: clientAddress(request),
    }));
  },
);

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods({ GET });
