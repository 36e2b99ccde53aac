// Endpoint 4: the parent's sub-domains, newest first, keyset-paginated; filtered by label prefix and owner (ours).
import { endpoint, parseQuery, respond } from "@/lib/http/handler";
import { otherMethods } from "@/lib/http/methods";
import { SubdomainListPage, SubdomainListQuery } from "@/lib/contract/schemas/parent";
import { cachedRead } from "@/lib/http/response-cache";
import { listSubdomainsOfPartner } from "@/lib/registry/list-subdomains";
import { parentTag } from "@/lib/registry/parent-domain";

export const dynamic = "force-dynamic";

export const GET = endpoint(
  { errors: "list", cors: "partner", rateLimit: "partner", allow: ["ADMIN", "CUSTOMER"] },
  async ({ url, params, caller }) => {
    const { labelPrefix, ownerAddress, ...page } = parseQuery(url, SubdomainListQuery);
    const parent = parentTag(params.parentDomain);
    const filters = JSON.stringify([labelPrefix ?? "", ownerAddress ?? ""]);
    return cachedRead(
      `list|${caller.partnerId}|${parent}|${page.pageSize}|${page.pageToken ?? ""}|${filters}`,
      async () => ({
        response: respond(
          SubdomainListPage,
          await listSubdomainsOfPartner(caller, params.parentDomain, page, { labelPrefix, ownerAddress }),
        ),
        // An owner filter's answer also changes when a sub-name changes hands (a transfer tells its addresses).
        tags: ownerAddress ? [parent, `address:${ownerAddress.toLowerCase()}`] : [parent],
      }),
    );
  },
);

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods({ GET });
