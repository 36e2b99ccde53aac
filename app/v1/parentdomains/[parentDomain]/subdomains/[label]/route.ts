// Revoke a sub-domain of the partner's parent domain (ours; ADMIN).
import { endpoint, parseQuery, respond } from "@/lib/http/handler";
import { otherMethods } from "@/lib/http/methods";
import { RevokedSubdomain, RevokeQuery } from "@/lib/contract/schemas/parent";
import { revokeSubdomain } from "@/lib/market/revoke-subdomain";

export const dynamic = "force-dynamic";

export const DELETE = endpoint(
  { errors: "list", cors: "partner", rateLimit: "partner", allow: ["ADMIN"] },
  async ({ url, params, caller }) => {
    const { refund } = parseQuery(url, RevokeQuery);
    return respond(RevokedSubdomain, await revokeSubdomain(caller, params.parentDomain, params.label, { refund }));
  },
);

export const { OPTIONS, GET, POST, PUT, PATCH } = otherMethods({ DELETE });
