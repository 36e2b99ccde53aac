// This route's operations in the OpenAPI document (collected in app/v1/openapi.json/operations.ts).
import {
  CreateWebhookRequest,
  CreatedWebhookEndpoint,
  DeleteWebhookRequest,
  WebhookEndpointList,
} from "@/lib/contract/schemas/webhooks";
import type { Operation } from "@/lib/contract/openapi/operation";

const SIGNING =
  "Each delivery is a POST of `{ id, type, createdAt, data }` with `Namesvc-Event-Id`, `Namesvc-Event-Type` and " +
  '`Namesvc-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" keyed with the secret>`. Any 2xx ' +
  "within 5 s is delivered; anything else is retried 30 s later, doubling up to 6 h apart, for 3 days, after " +
  "which the endpoint is disabled. Events of one sub-name or order arrive in order; at least once, so " +
  "de-duplicate by `id`.";

export const operations: Operation[] = [
  {
    method: "post",
    path: "/v1/partner/webhooks",
    summary: "Register a webhook receiver",
    description:
      "An https URL on public addresses (checked on every address the name has, and again on the address " +
      "connected to at each delivery; http and private addresses only with WEBHOOKS_ALLOW_PRIVATE_URLS=1), and " +
      `the event types wanted. The signing \`secret\` is in this answer only. ${SIGNING}`,
    tags: ["Webhooks"],
    auth: ["ADMIN"],
    errors: "list",
    body: CreateWebhookRequest,
    responses: { 201: { description: "The receiver, with its secret.", schema: CreatedWebhookEndpoint } },
    errorStatuses: [409, 413, 415],
  },
  {
    method: "get",
    path: "/v1/partner/webhooks",
    summary: "List the partner's webhook receivers",
    description: "Secrets are never shown again; `disabledAt` says a receiver failed for 3 days.",
    tags: ["Webhooks"],
    auth: ["ADMIN"],
    errors: "list",
    responses: { 200: { description: "The receivers, newest first.", schema: WebhookEndpointList } },
  },
  {
    method: "delete",
    path: "/v1/partner/webhooks",
    summary: "Delete a webhook receiver",
    description: "JSON body `{ id }`, any content type; its pending deliveries are dropped.",
    tags: ["Webhooks"],
    auth: ["ADMIN"],
    errors: "list",
    body: DeleteWebhookRequest,
    responses: { 204: { description: "Deleted." } },
    errorStatuses: [404, 413],
  },
];
