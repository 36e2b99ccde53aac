// This route's operations in the OpenAPI document (collected in app/v1/openapi.json/operations.ts).
import { OrderPathParams } from "@/lib/contract/schemas/market";
import { RefundClaimLinkSent } from "@/lib/contract/schemas/refunds";
import type { Operation } from "@/lib/contract/openapi/operation";

export const operations: Operation[] = [
  {
    method: "post",
    path: "/v1/market/order/{orderID}/refund-claim-link",
    summary: "Mail a link that claims an order's crypto refund",
    description:
      "Mails the order's e-mail a single-use link (valid an hour) to claim its DUE crypto refund; at most 3 " +
      "an hour per order (429). 409 when the order has no e-mail or no crypto refund is owed; 503 when mail " +
      "is not configured (`SMTP_URL`, `PUBLIC_ORIGIN`). Our own pages only (no CORS).",
    tags: ["Marketplace"],
    errors: "single",
    pathParams: OrderPathParams,
    responses: { 202: { description: "The link was mailed.", schema: RefundClaimLinkSent } },
    errorStatuses: [404, 409, 429],
  },
];
