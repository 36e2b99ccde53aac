// Endpoint 6 (no authorization): the newest sub-domain of the parent owned by an address.
import { endpoint, respond } from "@/lib/http/handler";
import { otherMethods } from "@/lib/http/methods";
import { ReverseResolveInParent } from "@/lib/contract/schemas/parent";
import { reverseResolveInParent } from "@/lib/registry/reverse-resolve-in-parent";

export const dynamic = "force-dynamic";

// Endpoint 6 reads public ownership data without a token, like the market.
export const GET = endpoint({ errors: "single", cors: "public", rateLimit: "read" }, async ({ params }) => {
  return respond(ReverseResolveInParent, await reverseResolveInParent(params.parentDomain, params.ethAddress));
});

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods({ GET });
