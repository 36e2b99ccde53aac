// Issue sub-domains of the partner's parent domain directly (ours; ADMIN): one object, or an
// array of up to 100 answered item by item.
import { z } from "zod";
import { endpoint, parseWith, readJson, respond } from "@/lib/http/handler";
import { otherMethods } from "@/lib/http/methods";
import { BulkIssueEnvelope, BulkIssueItem, BulkIssueResponse, IssuedSubdomain } from "@/lib/contract/schemas/parent";
import { issueSubdomain, issueSubdomains } from "@/lib/market/issue-subdomain";

export const dynamic = "force-dynamic";

export const POST = endpoint(
  { errors: "list", cors: "partner", rateLimit: "partner", allow: ["ADMIN"] },
  async ({ request, params, caller, charge }) => {
    const raw = await readJson(request, z.unknown());
    if (!Array.isArray(raw)) {
      const item = parseWith(BulkIssueItem, raw);
      return respond(IssuedSubdomain, await issueSubdomain(caller, params.parentDomain, item), 201);
    }
    const body = parseWith(BulkIssueEnvelope, raw);
    // Each item counts against the partner's limit, as a request of its own would.
    charge(body.length - 1);
    return respond(BulkIssueResponse, await issueSubdomains(caller, params.parentDomain, body));
  },
);

export const { OPTIONS, GET, PUT, PATCH, DELETE } = otherMethods({ POST });
