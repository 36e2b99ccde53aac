// The pages' anonymous reverse lookup (backend for frontend): no token, limited per client address,
// the same cached answer as endpoint 2.
import { clientAddress } from "@/lib/api/client-address";
import { refuseOtherSites } from "@/lib/api/cors";
import { endpoint, parseQuery } from "@/lib/api/handler";
import { otherMethods } from "@/lib/api/methods";
import { ReverseQuery } from "@/lib/api/schemas/resolve";
import { cachedReverse } from "@/lib/resolution/cached-lookups";

export const dynamic = "force-dynamic";

export const GET = endpoint({ errors: "single" }, async ({ url, params, request }) => {
  refuseOtherSites(request);
  return cachedReverse(params.address, parseQuery(url, ReverseQuery), () => ({
    signal: request.signal,
    client: clientAddress(request),
  }));
});

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods({ GET });
