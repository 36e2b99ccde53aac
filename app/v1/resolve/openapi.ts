// This route's operations in the OpenAPI document (collected in app/v1/openapi.json/operations.ts).
import { READERS } from "@/lib/contract/openapi/shared";
import { BatchResolveRequest, BatchResolveResponse } from "@/lib/contract/schemas/resolve";
import type { Operation } from "@/lib/contract/openapi/operation";

export const operations: Operation[] = [
  {
    method: "post",
    path: "/v1/resolve",
    summary: "Resolve up to 100 names",
    description:
      "Each name is answered on its own with the status endpoint 1 would give it, and counts as one " +
      "request against the " +
      "token's resolution rate limit: a batch the remaining budget cannot hold is 429 as a whole.",
    tags: ["Resolution"],
    auth: READERS,
    errors: "single",
    body: BatchResolveRequest,
    responses: { 200: { description: "One result per name, in request order.", schema: BatchResolveResponse } },
    errorStatuses: [413, 415],
  },
];
