// This route's operations in the OpenAPI document (collected in app/v1/openapi.json/operations.ts).
import { foreignParent } from "@/lib/contract/openapi/shared";
import { RevokeQuery, RevokedSubdomain, SubdomainPath } from "@/lib/contract/schemas/parent";
import type { Operation } from "@/lib/contract/openapi/operation";

export const operations: Operation[] = [
  {
    method: "delete",
    path: "/v1/parentdomains/{parentDomain}/subdomains/{label}",
    summary: "Revoke a sub-domain",
    description:
      "The sub-name stops resolving on every instance when the request answers, and its label can be issued " +
      "again. A sub-name someone bought whose paid term has not ended is 409 unless `refund=prorata`: then " +
      "each payment of its current registration is owed back in the share of the term not used, recorded as " +
      "a DUE refund (`GET /v1/partner/refunds`). A sub-name with sub-names of its own is 409. " +
      foreignParent,
    tags: ["Parent domains"],
    auth: ["ADMIN"],
    errors: "list",
    pathParams: SubdomainPath,
    query: RevokeQuery,
    responses: { 200: { description: "The revoked sub-name and the refunds owed.", schema: RevokedSubdomain } },
    errorStatuses: [404, 409],
  },
];
