import {
  CreatedWebhookEndpoint,
  CreateWebhookRequest,
  DeleteWebhookRequest,
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookDeliveryPath,
  WebhookEndpointList,
  WebhookPath,
} from "../schemas/webhooks";
import type { Operation } from "./operation";

const SIGNING =
  "Each delivery is a POST of `{ id, type, createdAt, data }` with `Namesvc-Event-Id`, `Namesvc-Event-Type` and " +
  '`Namesvc-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" keyed with the secret>`. Any 2xx ' +
  "within 5 s is delivered; anything else is retried 30 s later, doubling up to 6 h apart, for 3 days, after " +
  "which the endpoint is disabled. Events of one sub-name or order arrive in order; at least once, so " +
  "de-duplicate by `id`.";

export const webhookOperations: Operation[] = [
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
