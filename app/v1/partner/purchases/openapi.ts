// This route's operations in the OpenAPI document (collected in app/v1/openapi.json/operations.ts).
import { PartnerPurchases } from "@/lib/contract/schemas/partner";
import type { Operation } from "@/lib/contract/openapi/operation";

export const operations: Operation[] = [
  {
    method: "get",
    path: "/v1/partner/purchases",
    summary: "List the partner's purchases",
    tags: ["Partner"],
    auth: ["ADMIN"],
    errors: "list",
    responses: { 200: { description: "Completed purchases, newest first.", schema: PartnerPurchases } },
  },
];
