// Endpoint 4: the parent's sub-domains, newest first, keyset-paginated.
import { endpoint, parseQuery, respond } from "@/lib/api/handler";
import { PageQuery, SubdomainListPage } from "@/lib/api/schemas/parent";
import { listSubdomainsOfPartner } from "@/lib/registry/list-subdomains";

export const dynamic = "force-dynamic";

export const GET = endpoint({ errors: "list", allow: ["ADMIN", "CUSTOMER"] }, async ({ url, params, caller }) => {
  const page = parseQuery(url, PageQuery);
  return respond(SubdomainListPage, await listSubdomainsOfPartner(caller, params.parentDomain, page));
});
