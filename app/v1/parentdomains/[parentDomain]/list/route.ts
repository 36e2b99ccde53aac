// Endpoint 4: the parent's sub-domains, newest first, keyset-paginated.
import { endpoint, parseQuery, respond } from "@/lib/api/handler";
import { otherMethods } from "@/lib/api/methods";
import { PageQuery, SubdomainListPage } from "@/lib/api/schemas/parent";
import { cachedRead } from "@/lib/api/response-cache";
import { listSubdomainsOfPartner } from "@/lib/registry/list-subdomains";
import { parentTag } from "@/lib/registry/parent-domain";

export const dynamic = "force-dynamic";

export const GET = endpoint({ errors: "list", allow: ["ADMIN", "CUSTOMER"] }, async ({ url, params, caller }) => {
  const page = parseQuery(url, PageQuery);
  const parent = parentTag(params.parentDomain);
  return cachedRead(`list|${caller.partnerId}|${parent}|${page.pageSize}|${page.pageToken ?? ""}`, async () => ({
    response: respond(SubdomainListPage, await listSubdomainsOfPartner(caller, params.parentDomain, page)),
    tags: [parent],
  }));
});

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods({ GET });
