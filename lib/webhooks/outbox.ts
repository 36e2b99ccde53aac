import "server-only";
import type { SUBNAME_EVENTS, WEBHOOK_EVENT_TYPES } from "@/lib/contract/schemas/webhooks";
import { prepared, run, sql, sqlBuilder, type PrismaConnection, type Expression, type RawBuilder } from "@/lib/db/sql";

// The outbox of partner webhooks: an event is written by the transaction that makes the change it
// reports, together with one pending delivery per receiver of the partner that wants its type, so
// a change that commits is delivered (at least once, by lib/webhooks/deliver.ts) and one that
// rolls back never is. Nothing is written when no receiver wants the event. An event's `seq` is
// given again when its transaction commits, under a lock per object (prisma/migrations/
// 20261211000000_partner_event_commit_order), so one object's events are numbered in commit order.

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number] | "webhook.test";

/** Something that runs one statement: a Prisma transaction client. */
type Statements = PrismaConnection;

// What is written, and when nothing is, is one SQL function (prisma/migrations/
// 20261208400000_record_partner_event) that the statements reporting a change call. The scans of
// expiring.ts and the test event of endpoints.ts write their rows themselves (their own times).

// Both run in the transaction of every change a partner hears of: compiled once.
const eventRecorded = prepared((partnerId: string, type: string, objectKey: string, data: string) =>
  sqlBuilder.selectNoFrom(
    sql<string | null>`record_partner_event(${partnerId}::uuid, ${type}, ${objectKey}, ${data}::jsonb, NULL)`.as("id"),
  ),
);
const nameChangeRecorded = prepared((domainId: string, type: string) =>
  sqlBuilder
    .selectFrom("domain as d")
    .innerJoin("domain as p", "p.id", "d.parent_id")
    .select(
      sql<string | null>`record_partner_event(p.partner_id, ${type}, 'subname:' || d.name,
        jsonb_build_object('name', d.name, 'parentDomain', p.name, 'ownerAddress', d.owner_address), NULL)`.as(
        "event_id",
      ),
    )
    .where("d.id", "=", domainId)
    .where("p.partner_id", "is not", null),
);

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
  const [row] = await eventRecorded([partnerId, type, objectKey, JSON.stringify(data)], tx);
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

/**
 * An owner's change to a name (transfer, records), in the owner's transaction: an event of the
 * parent's partner when the name is a partner's sub-name, nothing otherwise. One statement.
 */
export async function recordSubnameChange(
  tx: Statements,
  domainId: string,
  type: "subname.transferred" | "subname.records_updated",
): Promise<void> {
  await nameChangeRecorded([domainId, type], tx);
}

/** What each row of an outbox's source gives: one event, if a receiver of its partner wants it. */
export interface OutboxSource {
  partner_id: string | null;
  type: string;
  object_key: string;
  data: unknown;
  dedupe_key: string | null;
}

/**
 * The CTE `outbox` for a statement that changes state and reports it, as
 * `.with("outbox", () => outbox(source))`: each row of `source` becomes an event when a receiver
 * of its partner wants its type, with one pending delivery per such receiver; a dedupe key
 * written before is skipped, so the same state reported twice is one event. The statement must
 * read `outbox` (say `count(event_id)` of it): a CTE that only selects runs when it is read.
 */
export function outbox(source: Expression<OutboxSource>): RawBuilder<{ event_id: string | null }> {
  return sql`(SELECT record_partner_event(s.partner_id, s.type, s.object_key, s.data, s.dedupe_key) AS event_id
    FROM (${source}) AS s)`;
}

/**
 * The same CTE as text (`outbox AS (...)`), for a statement still written as text: `source` is
 * the SQL of the source rows, whose parameters are the statement's.
 */
export function outboxCte(source: string): string {
  return `outbox AS (
    SELECT record_partner_event(s.partner_id, s.type, s.object_key, s.data, s.dedupe_key) AS event_id
      FROM (${source}) AS s)`;
}

// An order's partner, for its events: the partner whose parent the name is under. The registry's
// own sales (no parent, or a parent of no partner) have no partner and so no events.
function refundEvents(refundIds: readonly string[]) {
  return sqlBuilder
    .with("outbox", () =>
      outbox(
        sqlBuilder
          .selectFrom("refund as r")
          .innerJoin("order as o", "o.id", "r.order_id")
          .innerJoin("domain as p", "p.id", "o.parent_id")
          .select([
            "p.partner_id",
            sql<string>`CASE r.status WHEN 'PAID' THEN 'refund.paid' ELSE 'refund.owed' END`.as("type"),
            sql<string>`'order:' || r.order_id`.as("object_key"),
            sql<unknown>`jsonb_build_object('refundId', r.id, 'orderId', r.order_id, 'domain', o.domain,
              'parentDomain', p.name, 'method', r.method, 'status', r.status, 'currency', r.currency,
              'amountAtomic', r.amount_atomic::text, 'decimals', r.decimals, 'reason', r.reason)`.as("data"),
            sql<string>`CASE r.status WHEN 'PAID' THEN 'refund.paid:' || r.id
              ELSE 'refund.owed:' || r.id || ':' || r.amount_atomic END`.as("dedupe_key"),
          ])
          .where(sql<boolean>`r.id = ANY(${refundIds}::uuid[])`)
          .where(sql<boolean>`r.status IN ('DUE', 'PAID')`)
          .orderBy("r.created_at")
          .orderBy("r.id"),
      ),
    )
    .selectFrom("outbox")
    .select(sql<number>`count(event_id)::int`.as("events"));
}

/**
 * `refund.owed` for each of these refunds that is DUE (again when its amount changes) and
 * `refund.paid` for each that is PAID, in the caller's transaction, once per state: call it after
 * any change to refunds with the ids it touched (more is harmless). In order with the order's events.
 */
export async function recordRefundEvents(tx: Statements, refundIds: readonly string[]): Promise<void> {
  if (refundIds.length === 0) return;
  await run(refundEvents([...refundIds]), tx);
}
