// This route's operations in the OpenAPI document (collected in app/v1/openapi.json/operations.ts).
import { ReverseInParentPath, ReverseResolveInParent } from "@/lib/contract/schemas/parent";
import type { Operation } from "@/lib/contract/openapi/operation";

export const operations: Operation[] = [
  {
    method: "get",
    path: "/v1/parentdomains/{parentDomain}/addresses/{ethAddress}/reverse-resolve",
    summary: "Reverse-resolve an address within a parent domain",
    description:
      "The address's sub-domain of the parent (letter case ignored): its primary name when that is a " +
      "sub-domain of the parent whose ETH wallet is the address, else the newest sub-domain the partner " +
      "issued to it (POST /v1/parentdomains/{parentDomain}/subdomains) that it still owns. A sub-domain " +
      "someone bought naming the address as owner is never the answer (404).",
    tags: ["Parent domains"],
    errors: "single",
    pathParams: ReverseInParentPath,
    responses: { 200: { description: "The sub-domain.", schema: ReverseResolveInParent } },
    errorStatuses: [404],
  },
];
