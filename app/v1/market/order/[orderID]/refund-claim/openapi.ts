// This route's operations in the OpenAPI document (collected in app/v1/openapi.json/operations.ts).
import { OrderPathParams } from "@/lib/contract/schemas/market";
import { ClaimRefundRequest, OrderRefundList } from "@/lib/contract/schemas/refunds";
import type { Operation } from "@/lib/contract/openapi/operation";

export const operations: Operation[] = [
  {
    method: "post",
    path: "/v1/market/order/{orderID}/refund-claim",
    summary: "Claim an order's crypto refund to an address",
    description:
      "Says where the order's crypto refund (DUE) is to be paid: an address on the chain the payment came " +
      "from (400 otherwise). Proof that the order is the caller's: an owner session of the order's " +
      "`ownerAddress` (`Authorization: Bearer <owner session token>` from POST /v1/owner/session), or " +
      "`claimToken`, the code of a link mailed to the order's e-mail (single-use, valid an hour). Anyone " +
      "else is 403 and nothing changes. 409 when no crypto refund is owed or its payout has started. Our " +
      "own pages only (no CORS).",
    tags: ["Marketplace"],
    errors: "single",
    pathParams: OrderPathParams,
    body: ClaimRefundRequest,
    responses: { 200: { description: "The order's refunds after the claim.", schema: OrderRefundList } },
    errorStatuses: [401, 403, 404, 409],
  },
];
