// This route's operations in the OpenAPI document (collected in app/v1/openapi.json/operations.ts).
import { ANSWERS } from "@/lib/contract/openapi/shared";
import { CcipReadPathParams, CcipReadResponse } from "@/lib/contract/schemas/ens";
import type { Operation } from "@/lib/contract/openapi/operation";

export const operations: Operation[] = [
  {
    method: "get",
    path: "/v1/ens/ccip/{sender}/{data}.json",
    summary: "CCIP-Read gateway (GET)",
    description: `EIP-3668's GET form, the URL template our resolvers revert with. ${ANSWERS}`,
    tags: ["ENS"],
    errors: "single",
    pathParams: CcipReadPathParams,
    responses: { 200: { description: "The signed answer.", schema: CcipReadResponse } },
    errorStatuses: [404],
  },
];
