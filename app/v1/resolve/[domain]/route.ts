// Endpoint 1: forward resolution of a name (native, ENS, UD or ICANN).
import { clientAddress } from "@/lib/http/client-address";
import { endpoint, parseQuery } from "@/lib/http/handler";
import { otherMethods } from "@/lib/http/methods";
import { ResolveQuery } from "@/lib/contract/schemas/resolve";
import { cachedResolve } from "@/lib/http/cached-lookups";

export const dynamic = "force-dynamic";

export const GET = endpoint(
  { errors: "single", cors: "public", rateLimit: "resolve", allow: ["ADMIN", "CUSTOMER"] },
  ({ url, params, request }) =>
    cachedResolve(params.domain, parseQuery(url, ResolveQuery), () => ({
      signal: request.signal,
      client: clientAddress(request),
    })),
);

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods({ GET });
