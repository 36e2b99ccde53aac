import "server-only";
import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { conflict, notFound } from "@/lib/contract/errors";
import type { CreatedWebhookEndpoint, WebhookDelivery, WebhookEndpoint } from "@/lib/contract/schemas/webhooks";
import { db } from "@/lib/db";
import { run, sql, sqlBuilder } from "@/lib/db/sql";
import { lockPartnerRow } from "@/lib/partners/partner-lock";
import { checkReceiverUrl } from "./receiver-url";
import { newWebhookSecret, sealSecret } from "./signing";

// POST/GET/DELETE /v1/partner/webhooks and each receiver's delivery log, redelivery and test event.

type EndpointView = z.infer<typeof WebhookEndpoint>;
type DeliveryView = z.infer<typeof WebhookDelivery>;

const MAX_ENDPOINTS_PER_PARTNER = 20;
const MAX_LISTED_DELIVERIES = 200;

interface EndpointRow {
  id: string;
  url: string;
  events: string[];
  createdAt: Date;
  disabledAt: Date | null;
  disabledReason: string | null;
}

function viewOf(row: EndpointRow): EndpointView {
  return {
    id: row.id,
    url: row.url,
    events: row.events as EndpointView["events"],
    createdAt: row.createdAt.toISOString(),
    disabledAt: row.disabledAt?.toISOString() ?? null,
    disabledReason: row.disabledReason,
  };
}

export async function createWebhookEndpoint(
  partnerId: string,
  input: { url: string; events: EndpointView["events"] },
): Promise<z.infer<typeof CreatedWebhookEndpoint>> {
  const url = await checkReceiverUrl(input.url);
  const secret = newWebhookSecret();
  const row = await db().$transaction(async (tx) => {
    await lockPartnerRow(partnerId, tx);
    if ((await tx.webhookEndpoint.count({ where: { partnerId } })) >= MAX_ENDPOINTS_PER_PARTNER)
      throw conflict("url", `A partner has at most ${MAX_ENDPOINTS_PER_PARTNER} webhook endpoints; delete one first.`);
    return tx.webhookEndpoint.create({
      data: {
        id: randomUUID(),
        partnerId,
        url: url.toString(),
        events: input.events,
        secretCipher: sealSecret(secret),
      },
    });
  });
  return { ...viewOf(row), secret };
}

export async function listWebhookEndpoints(partnerId: string): Promise<EndpointView[]> {
  const rows = await db().webhookEndpoint.findMany({
    where: { partnerId },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
  });
  return rows.map(viewOf);
}

/** Deletes a receiver and its pending deliveries: nothing more is sent to it. */
export async function deleteWebhookEndpoint(partnerId: string, id: string): Promise<void> {
  await db().$transaction(async (tx) => {
    const { count } = await tx.webhookEndpoint.deleteMany({ where: { id, partnerId } });
    if (count === 0) throw notFound("id", "This partner has no webhook endpoint with that id.");
    await tx.webhookDelivery.deleteMany({ where: { endpointId: id } });
  });
}

async function endpointOfPartnerOrThrow(partnerId: string, id: string) {
  const endpoint = await db().webhookEndpoint.findFirst({ where: { id, partnerId }, select: { id: true } });
  if (!endpoint) throw notFound("id", "This partner has no webhook endpoint with that id.");
  return endpoint;
}

export async function listDeliveries(partnerId: string, endpointId: string): Promise<DeliveryView[]> {
  await endpointOfPartnerOrThrow(partnerId, endpointId);
  const rows = await run(
    sqlBuilder
      .selectFrom("webhook_delivery as d")
      .innerJoin("partner_event as e", "e.id", "d.event_id")
      .select([
        "d.id",
        "d.event_id",
        "e.type",
        "d.object_key",
        "d.status",
        "d.attempts",
        "d.last_status_code",
        "d.last_error",
        "d.next_attempt_at",
        "d.delivered_at",
        "d.created_at",
      ])
      .where("d.endpoint_id", "=", endpointId)
      .orderBy("d.created_at", "desc")
      .orderBy("d.seq", "desc")
      .limit(sql.lit(MAX_LISTED_DELIVERIES)),
  );
  const iso = (value: Date | null) => (value === null ? null : new Date(value).toISOString());
  return rows.map((row) => ({
    id: row.id,
    eventId: row.event_id,
    eventType: row.type,
    objectKey: row.object_key,
    status: row.status,
    attempts: Number(row.attempts),
    lastStatusCode: row.last_status_code === null ? null : Number(row.last_status_code),
    lastError: row.last_error,
    nextAttemptAt: row.status === "pending" ? iso(row.next_attempt_at) : null,
    deliveredAt: iso(row.delivered_at),
    createdAt: iso(row.created_at)!,
  }));
}

/** Sends one delivery again, with the same event id (receivers de-duplicate by it). */
export async function redeliver(partnerId: string, endpointId: string, deliveryId: string): Promise<DeliveryView> {
  await endpointOfPartnerOrThrow(partnerId, endpointId);
  const { count } = await db().webhookDelivery.updateMany({
    where: { id: deliveryId, endpointId },
    // A new run of attempts, with its own 3 days.
    data: { status: "pending", attempts: 0, nextAttemptAt: new Date(), createdAt: new Date(), updatedAt: new Date() },
  });
  if (count === 0) throw notFound("deliveryId", "This endpoint has no delivery with that id.");
  return (await listDeliveries(partnerId, endpointId)).find((delivery) => delivery.id === deliveryId)!;
}

/** A `webhook.test` event for this receiver alone. */
export async function sendTestEvent(partnerId: string, endpointId: string): Promise<DeliveryView> {
  await endpointOfPartnerOrThrow(partnerId, endpointId);
  const eventId = randomUUID();
  const deliveryId = randomUUID();
  await run(
    sqlBuilder
      .with("event", (db) =>
        db
          .insertInto("partner_event")
          .values({
            id: eventId,
            partner_id: partnerId,
            type: "webhook.test",
            object_key: `test:${eventId}`,
            data: sql`${JSON.stringify({ message: "A test event from the dashboard or the API." })}::jsonb`,
          })
          .returning(["id", "seq", "object_key"]),
      )
      .insertInto("webhook_delivery")
      .columns(["id", "endpoint_id", "event_id", "object_key", "seq", "next_attempt_at"])
      .expression((eb) =>
        eb
          .selectFrom("event")
          .select([
            sql<string>`${deliveryId}::uuid`.as("id"),
            sql<string>`${endpointId}::uuid`.as("endpoint_id"),
            "id as event_id",
            "object_key",
            "seq",
            sql<Date>`now()`.as("next_attempt_at"),
          ]),
      ),
  );
  return (await listDeliveries(partnerId, endpointId)).find((delivery) => delivery.id === deliveryId)!;
}
