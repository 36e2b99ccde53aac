import "server-only";
import type { Prisma } from "@prisma/client";
import type { SUBNAME_EVENTS, WEBHOOK_EVENT_TYPES } from "@/lib/contract/schemas/webhooks";

// The outbox of partner webhooks: an event is written by the transaction that makes the change it
// reports, together with one pending delivery per receiver of the partner that wants its type, so
// a change that commits is delivered (at least once, by lib/webhooks/deliver.ts) and one that
// rolls back never is. Nothing is written when no receiver wants the event. An event's `seq` is
// given again when its transaction commits, under a lock per object (prisma/migrations/
// 20261211000000_partner_event_commit_order), so one object's events are numbered in commit order.

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number] | "webhook.test";

/** Something that runs one statement: a Prisma transaction client. */
type Statements = Pick<Prisma.TransactionClient, "$executeRawUnsafe" | "$queryRawUnsafe">;

// What is written, and when nothing is, is one SQL function (prisma/migrations/
// 20261208400000_record_partner_event) that the statements reporting a change call. The scans of
// expiring.ts and the test event of endpoints.ts write their rows themselves (their own times).
const RECORD_EVENT = `SELECT record_partner_event($1::uuid, $2, $3, $4::jsonb, NULL) AS id`;

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
  const [row] = await tx.$queryRawUnsafe<{ id: string | null }[]>(
    RECORD_EVENT,
    partnerId,
    type,
    objectKey,
    JSON.stringify(data),
  );
  return row?.id ?? null;
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

const RECORD_NAME_CHANGE = `SELECT record_partner_event(p.partner_id, $2, 'subname:' || d.name,
           jsonb_build_object('name', d.name, 'parentDomain', p.name, 'ownerAddress', d.owner_address), NULL)
      FROM "domain" d JOIN "domain" p ON p.id = d.parent_id
     WHERE d.id = $1::uuid AND p.partner_id IS NOT NULL`;

/**
 * An owner's change to a name (transfer, records), in the owner's transaction: an event of the
 * parent's partner when the name is a partner's sub-name, nothing otherwise. One statement.
 */
export async function recordSubnameChange(
  tx: Statements,
  domainId: string,
  type: "subname.transferred" | "subname.records_updated",
): Promise<void> {
  await tx.$executeRawUnsafe(RECORD_NAME_CHANGE, domainId, type);
}

/**
 * A CTE `outbox` for a statement that changes state and reports it: each row of `source` (columns
 * partner_id, type, object_key, data, dedupe_key) becomes an event when a receiver of its partner
 * wants its type, with one pending delivery per such receiver; a dedupe key written before is
 * skipped, so the same state reported twice is one event. The statement must read `outbox` (say
 * `(SELECT count(*) FROM outbox)`): a CTE that only selects runs when it is read.
 */
export function outboxCte(source: string): string {
  return `outbox AS (
    SELECT record_partner_event(s.partner_id, s.type, s.object_key, s.data, s.dedupe_key) AS event_id
      FROM (${source}) AS s)`;
}

// An order's partner, for its events: the partner whose parent the name is under. The registry's
// own sales (no parent, or a parent of no partner) have no partner and so no events.
const REFUND_EVENTS = `WITH ${outboxCte(`
    SELECT p.partner_id,
           CASE r.status WHEN 'PAID' THEN 'refund.paid' ELSE 'refund.owed' END AS type,
           'order:' || r.order_id AS object_key,
           jsonb_build_object('refundId', r.id, 'orderId', r.order_id, 'domain', o.domain, 'parentDomain', p.name,
             'method', r.method, 'status', r.status, 'currency', r.currency, 'amountAtomic', r.amount_atomic::text,
             'decimals', r.decimals, 'reason', r.reason) AS data,
           CASE r.status WHEN 'PAID' THEN 'refund.paid:' || r.id
             ELSE 'refund.owed:' || r.id || ':' || r.amount_atomic END AS dedupe_key
      FROM refund r JOIN "order" o ON o.id = r.order_id JOIN "domain" p ON p.id = o.parent_id
     WHERE r.id = ANY($1::uuid[]) AND r.status IN ('DUE', 'PAID')
     ORDER BY r.created_at, r.id`)}
  SELECT count(event_id)::int AS events FROM outbox`;

/**
 * `refund.owed` for each of these refunds that is DUE (again when its amount changes) and
 * `refund.paid` for each that is PAID, in the caller's transaction, once per state: call it after
 * any change to refunds with the ids it touched (more is harmless). In order with the order's events.
 */
export async function recordRefundEvents(tx: Statements, refundIds: readonly string[]): Promise<void> {
  if (refundIds.length === 0) return;
  await tx.$executeRawUnsafe(REFUND_EVENTS, [...refundIds]);
}
