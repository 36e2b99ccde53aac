// This route's operations in the OpenAPI document (collected in app/v1/openapi.json/operations.ts).
import { READERS, foreignParent } from "@/lib/contract/openapi/shared";
import { ParentDomainPath, SubdomainListPage, SubdomainListQuery } from "@/lib/contract/schemas/parent";
import type { Operation } from "@/lib/contract/openapi/operation";

export const operations: Operation[] = [
  {
    method: "get",
    path: "/v1/parentdomains/{parentDomain}/list",
    summary: "List sub-domains, newest first",
    description:
      `Keyset-paginated: pass \`nextPaginationToken\` back as \`pageToken\`; it is empty on the last page. A ` +
      "forged, foreign or day-old token, or one from a listing with other filters, is 400. Ours: " +
      "`labelPrefix` keeps sub-names whose label starts with it, `ownerAddress` those its address owns; " +
      `\`total\` then counts what the filters keep. ${foreignParent}`,
    tags: ["Parent domains"],
    auth: READERS,
    errors: "list",
    pathParams: ParentDomainPath,
    query: SubdomainListQuery,
    responses: { 200: { description: "One page of sub-domains.", schema: SubdomainListPage } },
    errorStatuses: [404],
  },
];
