import "server-only";
import { randomUUID } from "node:crypto";
import type { Prisma } from "@prisma/client";
import type { SUBNAME_EVENTS, WEBHOOK_EVENT_TYPES } from "@/lib/api/schemas/webhooks";

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

/**
 * CTEs for a statement that changes state and reports it: the rows of `source` (columns
 * partner_id, type, object_key, data, dedupe_key) become events, each one only when a receiver of
 * its partner wants its type, with one pending delivery per such receiver. A row whose dedupe key
 * was written before is skipped, so the same state reported twice is one event.
 */
export function outboxCtes(source: string): string {
  const wanted = (row: string) =>
    `e.partner_id = ${row}.partner_id AND e.disabled_at IS NULL AND ${row}.type = ANY(e.events)`;
  return `outbox_source AS (${source}),
  outbox_event AS (
    INSERT INTO partner_event (id, partner_id, type, object_key, data, dedupe_key)
      SELECT gen_random_uuid(), s.partner_id, s.type, s.object_key, s.data, s.dedupe_key FROM outbox_source s
       WHERE s.partner_id IS NOT NULL AND EXISTS (SELECT 1 FROM webhook_endpoint e WHERE ${wanted("s")})
    ON CONFLICT (dedupe_key) DO NOTHING
      RETURNING id, seq, partner_id, type, object_key),
  outbox_delivery AS (
    INSERT INTO webhook_delivery (id, endpoint_id, event_id, object_key, seq, next_attempt_at)
      SELECT gen_random_uuid(), e.id, ev.id, ev.object_key, ev.seq, now()
        FROM outbox_event ev JOIN webhook_endpoint e ON ${wanted("ev")}
      RETURNING event_id)`;
}

// An order's partner, for its events: the partner whose parent the name is under. The registry's
// own sales (no parent, or a parent of no partner) have no partner and so no events.
const REFUND_EVENTS = `WITH ${outboxCtes(`
    SELECT p.partner_id,
           CASE r.status WHEN 'PAID' THEN 'refund.paid' ELSE 'refund.owed' END AS type,
           'order:' || r.order_id AS object_key,
           jsonb_build_object('refundId', r.id, 'orderId', r.order_id, 'domain', o.domain, 'parentDomain', p.name,
             'method', r.method, 'status', r.status, 'currency', r.currency, 'amountAtomic', r.amount_atomic,
             'decimals', r.decimals, 'reason', r.reason) AS data,
           CASE r.status WHEN 'PAID' THEN 'refund.paid:' || r.id
             ELSE 'refund.owed:' || r.id || ':' || r.amount_atomic END AS dedupe_key
      FROM refund r JOIN "order" o ON o.id = r.order_id JOIN "domain" p ON p.id = o.parent_id
     WHERE r.id = ANY($1::uuid[]) AND r.status IN ('DUE', 'PAID')
     ORDER BY r.created_at, r.id`)}
  SELECT count(*)::int AS events FROM outbox_event`;

/**
 * `refund.owed` for each of these refunds that is DUE (again when its amount changes) and
 * `refund.paid` for each that is PAID, in the caller's transaction, once per state: call it after
 * any change to refunds with the ids it touched (more is harmless). In order with the order's events.
 */
export async function recordRefundEvents(tx: Statements, refundIds: readonly string[]): Promise<void> {
  if (refundIds.length === 0) return;
  await tx.$executeRawUnsafe(REFUND_EVENTS, [...refundIds]);
}
