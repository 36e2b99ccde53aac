// Issue a sub-domain of the partner's parent domain directly (ours; ADMIN).
import { endpoint, readJson, respond } from "@/lib/api/handler";
import { otherMethods } from "@/lib/api/methods";
import { IssuedSubdomain, IssueSubdomainRequest } from "@/lib/api/schemas/parent";
import { issueSubdomain } from "@/lib/registry/issue-subdomain";

export const dynamic = "force-dynamic";

export const POST = endpoint({ errors: "list", allow: ["ADMIN"] }, async ({ request, params, caller }) => {
  const body = await readJson(request, IssueSubdomainRequest);
  return respond(IssuedSubdomain, await issueSubdomain(caller, params.parentDomain, body), 201);
});

export const { OPTIONS, GET, PUT, PATCH, DELETE } = otherMethods({ POST });
