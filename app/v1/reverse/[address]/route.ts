// Endpoint 2: reverse resolution of an address to its verified name.
import { endpoint, parseQuery, respond } from "@/lib/api/handler";
import { ResolveResult, ReverseQuery } from "@/lib/api/schemas/resolve";
import { reverseAddress } from "@/lib/resolution/resolve";

export const dynamic = "force-dynamic";

export const GET = endpoint({ errors: "single", allow: ["ADMIN", "CUSTOMER"] }, async ({ url, params, request }) => {
  const query = parseQuery(url, ReverseQuery);
  return respond(ResolveResult, await reverseAddress(params.address, { ...query, signal: request.signal }));
});
