// This route's operations in the OpenAPI document (collected in app/v1/openapi.json/operations.ts).
import { z } from "zod";
import { foreignParent } from "@/lib/contract/openapi/shared";
import {
  BulkIssueItem,
  BulkIssueRequest,
  BulkIssueResponse,
  IssuedSubdomain,
  ParentDomainPath,
} from "@/lib/contract/schemas/parent";
import type { Operation } from "@/lib/contract/openapi/operation";

export const operations: Operation[] = [
  {
    method: "post",
    path: "/v1/parentdomains/{parentDomain}/subdomains",
    summary: "Issue one sub-domain, or up to 100",
    description:
      `A partner ADMIN registers \`label.parentDomain\` to an owner directly. The parent must be enabled and ` +
      "unexpired. A name that is registered, or held by an order awaiting or confirming payment, is 409. " +
      "An array of up to 100 `{label, ownerAddress, records?}` is answered 200 item by item (`created`, " +
      "`conflict`, `invalid` with the fields at fault), each in its own transaction, and counts one request " +
      `per item against the partner's rate limit. ${foreignParent}`,
    tags: ["Parent domains"],
    auth: ["ADMIN"],
    errors: "list",
    pathParams: ParentDomainPath,
    body: z.union([BulkIssueItem, BulkIssueRequest]),
    responses: {
      200: { description: "Bulk: one result per item, in request order.", schema: BulkIssueResponse },
      201: { description: "The new sub-domain.", schema: IssuedSubdomain },
    },
    errorStatuses: [404, 409, 413, 415],
  },
];
