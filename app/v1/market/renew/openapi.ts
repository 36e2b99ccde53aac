// This route's operations in the OpenAPI document (collected in app/v1/openapi.json/operations.ts).
import { RENEWAL } from "@/lib/contract/openapi/shared";
import { PurchaseResponse } from "@/lib/contract/schemas/market";
import { RenewalRequest } from "@/lib/contract/schemas/owner";
import type { Operation } from "@/lib/contract/openapi/operation";

export const operations: Operation[] = [
  {
    method: "post",
    path: "/v1/market/renew",
    summary: "Renew a name by card",
    description:
      `Extends a name by \`years\` (1 to 10), paid by card like a purchase (endpoint 11's session fields). ` +
      `${RENEWAL}`,
    tags: ["Marketplace"],
    errors: "single",
    optionalAuth: ["ADMIN"],
    body: RenewalRequest,
    responses: {
      200: { description: "The payment session for the client and the order id.", schema: PurchaseResponse },
    },
    errorStatuses: [404, 409, 413, 415, 502],
  },
];
