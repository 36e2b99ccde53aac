// This route's operations in the OpenAPI document (collected in app/v1/openapi.json/operations.ts).
import { WebhookDelivery, WebhookDeliveryPath } from "@/lib/contract/schemas/webhooks";
import type { Operation } from "@/lib/contract/openapi/operation";

export const operations: Operation[] = [
  {
    method: "post",
    path: "/v1/partner/webhooks/{id}/deliveries/{deliveryId}/redeliver",
    summary: "Redeliver one event",
    description: "Sends the delivery again with the same event id, with a new 3-day run of attempts.",
    tags: ["Webhooks"],
    auth: ["ADMIN"],
    errors: "list",
    pathParams: WebhookDeliveryPath,
    responses: { 202: { description: "The delivery, pending again.", schema: WebhookDelivery } },
    errorStatuses: [404],
  },
];
