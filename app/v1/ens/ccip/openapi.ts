// This route's operations in the OpenAPI document (collected in app/v1/openapi.json/operations.ts).
import { ANSWERS } from "@/lib/contract/openapi/shared";
import { CcipReadRequest, CcipReadResponse } from "@/lib/contract/schemas/ens";
import type { Operation } from "@/lib/contract/openapi/operation";

export const operations: Operation[] = [
  {
    method: "post",
    path: "/v1/ens/ccip",
    summary: "CCIP-Read gateway (POST)",
    description: `EIP-3668's POST form: JSON { sender, data }. ${ANSWERS}`,
    tags: ["ENS"],
    errors: "single",
    body: CcipReadRequest,
    responses: { 200: { description: "The signed answer.", schema: CcipReadResponse } },
    errorStatuses: [404],
  },
];
