// This route's operations in the OpenAPI document (collected in app/v1/openapi.json/operations.ts).
import { READERS, foreignParent } from "@/lib/contract/openapi/shared";
import { PageQuery, ParentDomainPath, SubdomainPerDayPage } from "@/lib/contract/schemas/parent";
import type { Operation } from "@/lib/contract/openapi/operation";

export const operations: Operation[] = [
  {
    method: "get",
    path: "/v1/parentdomains/{parentDomain}/per-day",
    summary: "Sub-domains created per day",
    description: `One aggregate per UTC day with sub-domains, newest first, paginated as the list. ${foreignParent}`,
    tags: ["Parent domains"],
    auth: READERS,
    errors: "list",
    pathParams: ParentDomainPath,
    query: PageQuery,
    responses: { 200: { description: "One page of daily counts.", schema: SubdomainPerDayPage } },
    errorStatuses: [404],
  },
];
