import "server-only";
import { randomUUID } from "node:crypto";
import type { Prisma } from "@prisma/client";
import type { SUBNAME_EVENTS, WEBHOOK_EVENT_TYPES } from "@/lib/contract/schemas/webhooks";

// The outbox of partner webhooks: an event is written by the transaction that makes the change it
// reports, together with one pending delivery per receiver of the partner that wants its type, so
// a change that commits is delivered (at least once, by lib/webhooks/deliver.ts) and one that
// rolls back never is. Nothing is written when no receiver wants the event.

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number] | "webhook.test";

/** Something that runs one statement: a Prisma transaction client. */
type Statements = Pick<Prisma.TransactionClient, "$executeRawUnsafe">;

const RECORD_EVENT = `WITH wanted AS (
    SELECT id FROM webhook_endpoint
     WHERE partner_id = $2::uuid AND disabled_at IS NULL AND $3 = ANY(events)),
  event AS (
    INSERT INTO partner_event (id, partner_id, type, object_key, data)
      SELECT $1::uuid, $2::uuid, $3, $4, $5::jsonb WHERE EXISTS (SELECT 1 FROM wanted)
      RETURNING id, seq, object_key)
  INSERT INTO webhook_delivery (id, endpoint_id, event_id, object_key, seq, next_attempt_at)
    SELECT gen_random_uuid(), wanted.id, event.id, event.object_key, event.seq, now()
      FROM event, wanted`;

/**
 * Writes an event of `partnerId` in the caller's transaction; `objectKey` names the object whose
 * events are delivered in order (`subname:<name>`, `order:<id>`). Answers the event id.
 */
export async function recordEvent(
  tx: Statements,
  partnerId: string | null,
  type: WebhookEventType,
  objectKey: string,
  data: Record<string, unknown>,
): Promise<string | null> {
  if (!partnerId) return null;
  const id = randomUUID();
  await tx.$executeRawUnsafe(RECORD_EVENT, id, partnerId, type, objectKey, JSON.stringify(data));
  return id;
}

/** A sub-name's event, in order with the other events of the same name. */
export function recordSubnameEvent(
  tx: Statements,
  partnerId: string | null,
  type: (typeof SUBNAME_EVENTS)[number],
  data: { name: string; parentDomain: string } & Record<string, unknown>,
): Promise<string | null> {
  return recordEvent(tx, partnerId, type, `subname:${data.name}`, data);
}

const RECORD_NAME_CHANGE = `WITH n AS (
    SELECT d.name, d.owner_address, p.name AS parent, p.partner_id FROM "domain" d
      JOIN "domain" p ON p.id = d.parent_id
     WHERE d.id = $2::uuid AND p.partner_id IS NOT NULL),
  wanted AS (
    SELECT e.id FROM webhook_endpoint e, n
     WHERE e.partner_id = n.partner_id AND e.disabled_at IS NULL AND $3 = ANY(e.events)),
  event AS (
    INSERT INTO partner_event (id, partner_id, type, object_key, data)
      SELECT $1::uuid, n.partner_id, $3, 'subname:' || n.name,
             jsonb_build_object('name', n.name, 'parentDomain', n.parent, 'ownerAddress', n.owner_address)
        FROM n WHERE EXISTS (SELECT 1 FROM wanted)
      RETURNING id, seq, object_key)
  INSERT INTO webhook_delivery (id, endpoint_id, event_id, object_key, seq, next_attempt_at)
    SELECT gen_random_uuid(), wanted.id, event.id, event.object_key, event.seq, now() FROM event, wanted`;

/**
 * An owner's change to a name (transfer, records), in the owner's transaction: an event of the
 * parent's partner when the name is a partner's sub-name, nothing otherwise. One statement.
 */
export async function recordSubnameChange(
  tx: Statements,
  domainId: string,
  type: "subname.transferred" | "subname.records_updated",
): Promise<void> {
  await tx.$executeRawUnsafe(RECORD_NAME_CHANGE, randomUUID(), domainId, type);
}
