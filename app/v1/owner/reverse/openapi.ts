// This route's operations in the OpenAPI document (collected in app/v1/openapi.json/operations.ts).
import { OWNER } from "@/lib/contract/openapi/shared";
import { PrimaryNameRequest, PrimaryNameResponse } from "@/lib/contract/schemas/owner";
import type { Operation } from "@/lib/contract/openapi/operation";

export const operations: Operation[] = [
  {
    method: "put",
    path: "/v1/owner/reverse",
    summary: "Set the primary name",
    description:
      "The signed-in address's primary name, answered by reverse resolution (GET /v1/reverse/{address}); " +
      "`null` clears it. Accepted only for a registered, unexpired name whose ETH wallet record (coin type " +
      "60) is the address (409 otherwise); the name need not be the address's own.",
    tags: ["Owners"],
    auth: OWNER,
    errors: "single",
    body: PrimaryNameRequest,
    responses: { 200: { description: "The address's primary name.", schema: PrimaryNameResponse } },
    errorStatuses: [404, 409, 413, 415],
  },
];
