// This route's operations in the OpenAPI document (collected in app/v1/openapi.json/operations.ts).
import { WebhookDelivery, WebhookPath } from "@/lib/contract/schemas/webhooks";
import type { Operation } from "@/lib/contract/openapi/operation";

export const operations: Operation[] = [
  {
    method: "post",
    path: "/v1/partner/webhooks/{id}/test",
    summary: "Send a test event",
    description: "A `webhook.test` event for this receiver alone, signed and retried like any other.",
    tags: ["Webhooks"],
    auth: ["ADMIN"],
    errors: "list",
    pathParams: WebhookPath,
    responses: { 202: { description: "The test event's delivery.", schema: WebhookDelivery } },
    errorStatuses: [404],
  },
];
