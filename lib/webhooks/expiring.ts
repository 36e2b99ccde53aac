import "server-only";
import { run, sql, sqlBuilder, type DB, type ExpressionBuilder } from "@/lib/db/sql";

// `subname.expiring`: 30 and 7 days before a partner's sub-name expires (a name first seen within
// 7 days gets the 7-day event only). Derived from state by a job, so each (name, expiry,
// threshold) is written once, by its dedupe key; a renewal moves the expiry and starts anew.
// Only partners with a receiver that wants the type get events.

// A receiver of the event's partner that is on and wants `type`.
const wanting = (type: string) => sql<boolean>`e.disabled_at IS NULL AND ${sql.lit(type)} = ANY(e.events)`;

const hasReceiver = (type: string) => (eb: ExpressionBuilder<DB & { p: DB["domain"] }, "p">) =>
  eb.exists(
    eb
      .selectFrom("webhook_endpoint as e")
      .select(sql`1`.as("one"))
      .whereRef("e.partner_id", "=", "p.partner_id")
      .where(wanting(type)),
  );

function recordExpiring(now: Date) {
  const at = sql<Date>`${now}::timestamptz`;
  return sqlBuilder
    .with("soon", (db) =>
      db
        .selectFrom("domain as d")
        .innerJoin("domain as p", "p.id", "d.parent_id")
        .crossJoin(sql`(VALUES (30), (7))`.as<"t">(sql`t(days)`))
        .select([
          "d.id",
          "d.name",
          "d.owner_address",
          "d.expires_at",
          "p.name as parent",
          "p.partner_id",
          sql<number>`t.days`.as("days"),
        ])
        .where("d.parent_id", "is not", null)
        .where("p.partner_id", "is not", null)
        .where(
          sql<boolean>`d.expires_at > ${at} AND d.expires_at <= ${at} + make_interval(days => t.days)
            AND (t.days = 7 OR d.expires_at > ${at} + interval '7 days')`,
        )
        .where(hasReceiver("subname.expiring")),
    )
    .with("event", (db) =>
      db
        .insertInto("partner_event")
        .columns(["id", "partner_id", "type", "object_key", "data", "dedupe_key"])
        .expression((eb) =>
          eb.selectFrom("soon").select([
            sql<string>`gen_random_uuid()`.as("id"),
            sql<string>`partner_id`.as("partner_id"),
            sql<string>`'subname.expiring'`.as("type"),
            sql<string>`'subname:' || name`.as("object_key"),
            sql<unknown>`jsonb_build_object('name', name, 'parentDomain', parent, 'ownerAddress', owner_address,
                'expiresAt', to_char(expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                'daysBefore', days)`.as("data"),
            sql<string>`'subname.expiring:' || id || ':' || (extract(epoch FROM expires_at) * 1000)::bigint
                || ':' || days`.as("dedupe_key"),
          ]),
        )
        .onConflict((conflict) => conflict.column("dedupe_key").doNothing())
        .returning(["id", "seq", "object_key", "partner_id"]),
    )
    .insertInto("webhook_delivery")
    .columns(["id", "endpoint_id", "event_id", "object_key", "seq", "next_attempt_at"])
    .expression((eb) =>
      eb
        .selectFrom("event")
        .innerJoin("webhook_endpoint as e", (join) =>
          join.onRef("e.partner_id", "=", "event.partner_id").on(wanting("subname.expiring")),
        )
        .select([
          sql<string>`gen_random_uuid()`.as("id"),
          "e.id as endpoint_id",
          "event.id as event_id",
          "event.object_key",
          "event.seq",
          at.as("next_attempt_at"),
        ]),
    )
    .returning("event_id");
}

/** Writes the expiring events now due; answers how many deliveries were queued. */
export async function recordExpiringSubnames(now = new Date()): Promise<number> {
  return (await run(recordExpiring(now))).length;
}

// A configured parent that expires stops being configured without any request: told once per
// expiry, from the same scan.
function recordExpiredParentsOf(now: Date) {
  const at = sql<Date>`${now}::timestamptz`;
  return sqlBuilder
    .with("expired", (db) =>
      db
        .selectFrom("domain as p")
        .select(["p.id", "p.name", "p.partner_id", "p.expires_at"])
        .where("p.partner_id", "is not", null)
        .where("p.subdomains_enabled", "=", sql.lit(true))
        .where("p.subdomain_price_cents", ">", sql.lit(0))
        .where(sql<boolean>`p.expires_at <= ${at} AND p.expires_at > ${at} - interval '1 day'`)
        .where(hasReceiver("parent.misconfigured")),
    )
    .with("event", (db) =>
      db
        .insertInto("partner_event")
        .columns(["id", "partner_id", "type", "object_key", "data", "dedupe_key"])
        .expression((eb) =>
          eb
            .selectFrom("expired")
            .select([
              sql<string>`gen_random_uuid()`.as("id"),
              sql<string>`partner_id`.as("partner_id"),
              sql<string>`'parent.misconfigured'`.as("type"),
              sql<string>`'parent:' || name`.as("object_key"),
              sql<unknown>`jsonb_build_object('parentDomain', name, 'reason', name || ' expired.')`.as("data"),
              sql<string>`'parent.misconfigured:' || id || ':' || (extract(epoch FROM expires_at) * 1000)::bigint`.as(
                "dedupe_key",
              ),
            ]),
        )
        .onConflict((conflict) => conflict.column("dedupe_key").doNothing())
        .returning(["id", "seq", "object_key", "partner_id"]),
    )
    .insertInto("webhook_delivery")
    .columns(["id", "endpoint_id", "event_id", "object_key", "seq", "next_attempt_at"])
    .expression((eb) =>
      eb
        .selectFrom("event")
        .innerJoin("webhook_endpoint as e", (join) =>
          join.onRef("e.partner_id", "=", "event.partner_id").on(wanting("parent.misconfigured")),
        )
        .select([
          sql<string>`gen_random_uuid()`.as("id"),
          "e.id as endpoint_id",
          "event.id as event_id",
          "event.object_key",
          "event.seq",
          at.as("next_attempt_at"),
        ]),
    )
    .returning("event_id");
}

/** parent.misconfigured for configured parents that expired within the last day. */
export async function recordExpiredParents(now = new Date()): Promise<number> {
  return (await run(recordExpiredParentsOf(now))).length;
}
