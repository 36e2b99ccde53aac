// This route's operations in the OpenAPI document (collected in app/v1/openapi.json/operations.ts).
import { OrderPathParams } from "@/lib/contract/schemas/market";
import { OrderRefundList } from "@/lib/contract/schemas/refunds";
import type { Operation } from "@/lib/contract/openapi/operation";

export const operations: Operation[] = [
  {
    method: "get",
    path: "/v1/market/order/{orderID}/refunds",
    summary: "Read an order's refunds",
    description:
      "What is owed back on the order and what was paid back. A crypto refund goes to the address the buyer " +
      "claimed (`refundAddress`), or else to the address the payment came from (`suggestedAddress`); " +
      "`claimable` is true while it can still be claimed.",
    tags: ["Marketplace"],
    errors: "single",
    pathParams: OrderPathParams,
    responses: { 200: { description: "The order's refunds, oldest first.", schema: OrderRefundList } },
    errorStatuses: [404],
  },
];
