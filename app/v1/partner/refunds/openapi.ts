// This route's operations in the OpenAPI document (collected in app/v1/openapi.json/operations.ts).
import { RefundList, RefundListQuery } from "@/lib/contract/schemas/refunds";
import type { Operation } from "@/lib/contract/openapi/operation";

export const operations: Operation[] = [
  {
    method: "get",
    path: "/v1/partner/refunds",
    summary: "List refunds owed on the partner's sales",
    description:
      "Money owed back to buyers of the partner's sales, newest first, in keyset pages (pageSize, " +
      "pageToken): card payments that could not be fulfilled (refunded through the processor by the " +
      "service, retried until made; PAID " +
      "with the processor's refund id) and crypto received and not owed (over-, under- and late payments; " +
      "DUE with the amount and the sender's address until the operator records the payout, PAYING once " +
      "the operator started it). Payouts are recorded by the operator only (`npm run partner -- " +
      "refund-start` and `refund-paid`), never through this API.",
    tags: ["Partner"],
    auth: ["ADMIN"],
    errors: "list",
    query: RefundListQuery,
    responses: { 200: { description: "Refunds, newest first.", schema: RefundList } },
  },
];
