// Endpoint 2: reverse resolution of an address to its verified name.
import { endpoint, parseQuery, respond } from "@/lib/api/handler";
import { otherMethods } from "@/lib/api/methods";
import { cachedRead } from "@/lib/api/response-cache";
import { ResolveResult, ReverseQuery } from "@/lib/api/schemas/resolve";
import { reverseAddress } from "@/lib/resolution/resolve";

export const dynamic = "force-dynamic";

export const GET = endpoint({ errors: "single", allow: ["ADMIN", "CUSTOMER"] }, async ({ url, params, request }) => {
  const query = parseQuery(url, ReverseQuery);
  return cachedRead(`reverse|${params.address.toLowerCase()}|${query.nameservice ?? ""}`, async () => {
    const result = await reverseAddress(params.address, { ...query, signal: request.signal });
    const tags =
      result.nameService === "native"
        ? [`address:${params.address.trim().toLowerCase()}`, `name:${result.domain}`]
        : null;
    return { response: respond(ResolveResult, result), tags };
  });
});

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods({ GET });
