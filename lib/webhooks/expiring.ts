import "server-only";
import { database } from "@/lib/db";

// `subname.expiring`: 30 and 7 days before a partner's sub-name expires (a name first seen within
// 7 days gets the 7-day event only). Derived from state by a job, so each (name, expiry,
// threshold) is written once, by its dedupe key; a renewal moves the expiry and starts anew.
// Only partners with a receiver that wants the type get events.

const RECORD_EXPIRING = `WITH soon AS (
    SELECT d.id, d.name, d.owner_address, d.expires_at, p.name AS parent, p.partner_id, t.days
      FROM "domain" d
      JOIN "domain" p ON p.id = d.parent_id
      CROSS JOIN (VALUES (30), (7)) AS t(days)
     WHERE d.parent_id IS NOT NULL AND p.partner_id IS NOT NULL
       AND d.expires_at > $1::timestamptz AND d.expires_at <= $1::timestamptz + make_interval(days => t.days)
       AND (t.days = 7 OR d.expires_at > $1::timestamptz + interval '7 days')
       AND EXISTS (SELECT 1 FROM webhook_endpoint e
                    WHERE e.partner_id = p.partner_id AND e.disabled_at IS NULL
                      AND 'subname.expiring' = ANY(e.events))),
  event AS (
    INSERT INTO partner_event (id, partner_id, type, object_key, data, dedupe_key)
      SELECT gen_random_uuid(), partner_id, 'subname.expiring', 'subname:' || name,
             jsonb_build_object('name', name, 'parentDomain', parent, 'ownerAddress', owner_address,
               'expiresAt', to_char(expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
               'daysBefore', days),
             'subname.expiring:' || id || ':' || (extract(epoch FROM expires_at) * 1000)::bigint || ':' || days
        FROM soon
    ON CONFLICT (dedupe_key) DO NOTHING
    RETURNING id, seq, object_key, partner_id)
  INSERT INTO webhook_delivery (id, endpoint_id, event_id, object_key, seq, next_attempt_at)
    SELECT gen_random_uuid(), e.id, event.id, event.object_key, event.seq, $1::timestamptz
      FROM event JOIN webhook_endpoint e
        ON e.partner_id = event.partner_id AND e.disabled_at IS NULL AND 'subname.expiring' = ANY(e.events)
  RETURNING event_id`;

/** Writes the expiring events now due; answers how many deliveries were queued. */
export async function recordExpiringSubnames(now = new Date()): Promise<number> {
  return (await database().query(RECORD_EXPIRING, [now])).length;
}

// A configured parent that expires stops being configured without any request: told once per
// expiry, from the same scan.
const RECORD_EXPIRED_PARENTS = `WITH expired AS (
    SELECT p.id, p.name, p.partner_id, p.expires_at FROM "domain" p
     WHERE p.partner_id IS NOT NULL AND p.subdomains_enabled AND p.subdomain_price_cents > 0
       AND p.expires_at <= $1::timestamptz AND p.expires_at > $1::timestamptz - interval '1 day'
       AND EXISTS (SELECT 1 FROM webhook_endpoint e
                    WHERE e.partner_id = p.partner_id AND e.disabled_at IS NULL
                      AND 'parent.misconfigured' = ANY(e.events))),
  event AS (
    INSERT INTO partner_event (id, partner_id, type, object_key, data, dedupe_key)
      SELECT gen_random_uuid(), partner_id, 'parent.misconfigured', 'parent:' || name,
             jsonb_build_object('parentDomain', name, 'reason', name || ' expired.'),
             'parent.misconfigured:' || id || ':' || (extract(epoch FROM expires_at) * 1000)::bigint
        FROM expired
    ON CONFLICT (dedupe_key) DO NOTHING
    RETURNING id, seq, object_key, partner_id)
  INSERT INTO webhook_delivery (id, endpoint_id, event_id, object_key, seq, next_attempt_at)
    SELECT gen_random_uuid(), e.id, event.id, event.object_key, event.seq, $1::timestamptz
      FROM event JOIN webhook_endpoint e
        ON e.partner_id = event.partner_id AND e.disabled_at IS NULL AND 'parent.misconfigured' = ANY(e.events)
  RETURNING event_id`;

/** parent.misconfigured for configured parents that expired within the last day. */
export async function recordExpiredParents(now = new Date()): Promise<number> {
  return (await database().query(RECORD_EXPIRED_PARENTS, [now])).length;
}
