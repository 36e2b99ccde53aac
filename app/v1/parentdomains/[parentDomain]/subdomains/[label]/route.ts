// Revoke a sub-domain of the partner's parent domain (ours; ADMIN).
import { endpoint, parseQuery, respond } from "@/lib/api/handler";
import { otherMethods } from "@/lib/api/methods";
import { RevokedSubdomain, RevokeQuery } from "@/lib/api/schemas/parent";
import { revokeSubdomain } from "@/lib/registry/revoke-subdomain";

export const dynamic = "force-dynamic";

export const DELETE = endpoint({ errors: "list", allow: ["ADMIN"] }, async ({ url, params, caller }) => {
  const { refund } = parseQuery(url, RevokeQuery);
  return respond(RevokedSubdomain, await revokeSubdomain(caller, params.parentDomain, params.label, { refund }));
});

export const { OPTIONS, GET, POST, PUT, PATCH } = otherMethods({ DELETE });
