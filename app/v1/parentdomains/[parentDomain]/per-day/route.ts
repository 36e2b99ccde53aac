// Endpoint 5: sub-domains created per UTC day under the parent, newest day first.
import { endpoint, parseQuery, respond } from "@/lib/api/handler";
import { PageQuery, SubdomainPerDayPage } from "@/lib/api/schemas/parent";
import { countSubdomainsPerDayOfPartner } from "@/lib/registry/count-subdomains-per-day";

export const dynamic = "force-dynamic";

export const GET = endpoint({ errors: "list", allow: ["ADMIN", "CUSTOMER"] }, async ({ url, params, caller }) => {
  const page = parseQuery(url, PageQuery);
  return respond(SubdomainPerDayPage, await countSubdomainsPerDayOfPartner(caller, params.parentDomain, page));
});
