// This route's operations in the OpenAPI document (collected in app/v1/openapi.json/operations.ts).
import { WebhookDeliveryList, WebhookPath } from "@/lib/contract/schemas/webhooks";
import type { Operation } from "@/lib/contract/openapi/operation";

export const operations: Operation[] = [
  {
    method: "get",
    path: "/v1/partner/webhooks/{id}/deliveries",
    summary: "A receiver's delivery log",
    description: "The last 200 deliveries, newest first: status, attempts, last response code or error.",
    tags: ["Webhooks"],
    auth: ["ADMIN"],
    errors: "list",
    pathParams: WebhookPath,
    responses: { 200: { description: "The deliveries.", schema: WebhookDeliveryList } },
    errorStatuses: [404],
  },
];
