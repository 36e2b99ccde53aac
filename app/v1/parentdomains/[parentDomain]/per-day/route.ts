// Endpoint 5: sub-domains created per UTC day under the parent, newest day first.
import { endpoint, parseQuery, respond } from "@/lib/http/handler";
import { otherMethods } from "@/lib/http/methods";
import { PageQuery, SubdomainPerDayPage } from "@/lib/contract/schemas/parent";
import { cachedRead } from "@/lib/http/response-cache";
import { countSubdomainsPerDayOfPartner } from "@/lib/registry/count-subdomains-per-day";
import { parentTag } from "@/lib/registry/parent-domain";

export const dynamic = "force-dynamic";

export const GET = endpoint(
  { errors: "list", cors: "partner", rateLimit: "partner", allow: ["ADMIN", "CUSTOMER"] },
  async ({ url, params, caller }) => {
    const page = parseQuery(url, PageQuery);
    const parent = parentTag(params.parentDomain);
    return cachedRead(`per-day|${caller.partnerId}|${parent}|${page.pageSize}|${page.pageToken ?? ""}`, async () => ({
      response: respond(SubdomainPerDayPage, await countSubdomainsPerDayOfPartner(caller, params.parentDomain, page)),
      tags: [parent],
    }));
  },
);

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods({ GET });
