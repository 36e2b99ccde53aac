// Endpoint 1: forward resolution of a name (native, ENS, UD or ICANN).
import { clientAddress } from "@/lib/api/client-address";
import { endpoint, parseQuery } from "@/lib/api/handler";
import { otherMethods } from "@/lib/api/methods";
import { ResolveQuery } from "@/lib/api/schemas/resolve";
import { cachedResolve } from "@/lib/resolution/cached-lookups";

export const dynamic = "force-dynamic";

export const GET = endpoint({ errors: "single", allow: ["ADMIN", "CUSTOMER"] }, ({ url, params, request }) =>
  cachedResolve(params.domain, parseQuery(url, ResolveQuery), () => ({
    signal: request.signal,
    client: clientAddress(request),
  })),
);

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods({ GET });
