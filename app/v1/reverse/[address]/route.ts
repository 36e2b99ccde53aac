// Endpoint 2: reverse resolution of an address to its verified name.
import { clientAddress } from "@/lib/http/client-address";
import { endpoint, parseQuery } from "@/lib/http/handler";
import { otherMethods } from "@/lib/http/methods";
import { ReverseQuery } from "@/lib/contract/schemas/resolve";
import { cachedReverse } from "@/lib/http/cached-lookups";

export const dynamic = "force-dynamic";

export const GET = endpoint(
  { errors: "single", cors: "public", rateLimit: "resolve", allow: ["ADMIN", "CUSTOMER"] },
  ({ url, params, request }) =>
    cachedReverse(params.address, parseQuery(url, ReverseQuery), () => ({
      signal: request.signal,
      client: clientAddress(request),
    })),
);

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods({ GET });
