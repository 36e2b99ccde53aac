// Partner webhooks (issue 32): receivers, their delivery log, and the events they can ask for.
import { z } from "zod";
import { IsoDateTime, Uuid } from "./common";

import { SUBNAME_EVENTS, WEBHOOK_EVENT_TYPES } from "./webhook-events";

export { SUBNAME_EVENTS, WEBHOOK_EVENT_TYPES };

export const WebhookEventType = z
  .enum(WEBHOOK_EVENT_TYPES, { error: `each event must be one of ${WEBHOOK_EVENT_TYPES.join(", ")}` })
  .meta({ id: "WebhookEventType" });

export const CreateWebhookRequest = z
  .object({
    url: z.string().max(2048, "url must be at most 2048 characters"),
    events: z
      .array(WebhookEventType)
      .min(1, "events must name at least one event type")
      .max(WEBHOOK_EVENT_TYPES.length)
      .refine((events) => new Set(events).size === events.length, "events must not repeat a type"),
  })
  .strict()
  .meta({ id: "CreateWebhookRequest" });

export const WebhookEndpoint = z
  .object({
    id: Uuid,
    url: z.string(),
    events: z.array(WebhookEventType),
    createdAt: IsoDateTime,
    disabledAt: IsoDateTime.nullable().meta({ description: "Set when 3 days of failed deliveries disabled it." }),
    disabledReason: z.string().nullable(),
  })
  .meta({ id: "WebhookEndpoint" });

export const CreatedWebhookEndpoint = WebhookEndpoint.extend({
  secret: z.string().meta({ description: "Signs every delivery; shown here once and never again." }),
}).meta({ id: "CreatedWebhookEndpoint" });

export const WebhookEndpointList = z.array(WebhookEndpoint).meta({ id: "WebhookEndpointList" });

export const DeleteWebhookRequest = z
  .object({ id: z.uuid({ error: "id must be the uuid of a webhook endpoint" }) })
  .strict()
  .meta({ id: "DeleteWebhookRequest" });

export const WebhookDelivery = z
  .object({
    id: Uuid,
    eventId: Uuid.meta({ description: "The event's id, the same on every attempt and redelivery." }),
    eventType: z.string(),
    objectKey: z.string(),
    status: z.enum(["pending", "delivered", "failed"]),
    attempts: z.number().int(),
    lastStatusCode: z.number().int().nullable(),
    lastError: z.string().nullable(),
    nextAttemptAt: IsoDateTime.nullable(),
    deliveredAt: IsoDateTime.nullable(),
    createdAt: IsoDateTime,
  })
  .meta({ id: "WebhookDelivery" });

export const WebhookDeliveryList = z
  .object({ deliveries: z.array(WebhookDelivery) })
  .meta({ id: "WebhookDeliveryList" });

export const WebhookPath = z.object({ id: z.uuid({ error: "id must be the uuid of a webhook endpoint" }) });
export const WebhookDeliveryPath = WebhookPath.extend({
  deliveryId: z.uuid({ error: "deliveryId must be the uuid of a delivery" }),
});
