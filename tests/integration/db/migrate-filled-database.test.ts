// A database an older release filled migrates to the typed columns of issue 35 with its values
// kept: every status becomes its enum value and the text amounts become numeric, digit for digit.
// On PGlite, or on PostgreSQL when TEST_DATABASE_URL is set.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, test } from "vitest";
import { setConfig } from "@/lib/config";
import { closeDatabase, database, openDatabase } from "@/lib/db";
import { migrate } from "@/lib/db/migrate";
import { createThrowAwayDatabase } from "@/scripts/postgres-temp.mjs";

const TYPED = "20261210000000";
const PAYMENT_STATUSES = [
  "pending",
  "unpaid",
  "underpaid",
  "paid",
  "overpaid",
  "creating",
  "requires_payment_method",
  "processing",
  "succeeded",
  "mismatched",
  "canceled",
];
const INTENT_STATUSES = ["requires_payment_method", "succeeded", "canceled"];
const DELIVERY_STATUSES = ["pending", "delivered", "failed"];
const BIG = "123456789012345678901234567890";

let scratch: { drop(): Promise<void> } | undefined;
const payments = new Map<string, string>();
const deliveries = new Map<string, string>();

beforeAll(async () => {
  setConfig({ NODE_ENV: "test", LOG_LEVEL: "silent" });
  if (process.env.TEST_DATABASE_URL) {
    const created = await createThrowAwayDatabase(process.env.TEST_DATABASE_URL, "test");
    scratch = created;
    await openDatabase({ url: created.url, poolSize: 2, migrate: false });
  } else {
    await openDatabase({ migrate: false });
  }
  const applied = await migrate(database(), { before: TYPED });
  expect(applied.length).toBeGreaterThan(0);
  expect(applied.every((name) => name < TYPED)).toBe(true);
  await fill();
}, 120_000);

afterAll(async () => {
  await closeDatabase();
  await scratch?.drop();
});

/** Rows as the release before the typed columns wrote them: every status, amounts as text. */
async function fill() {
  const q = (sql: string, params: unknown[] = []) => database().query(sql, params);
  for (const [i, status] of PAYMENT_STATUSES.entries()) {
    const orderId = randomUUID();
    const paymentId = randomUUID();
    payments.set(status, paymentId);
    await q(
      `INSERT INTO "order" (id, domain, owner_address, years, base_price_cents, currency, price, payment_type,
                            payment_reference_id, updated_at)
       VALUES ($1::uuid, $2, '0x8ba1f109551bd432803012645ac136ddd64dba72', 1, 1000, 'ETH', '0.01', 'crypto',
               $3::uuid, now())`,
      [orderId, `typed${i}.web3`, paymentId],
    );
    await q(
      `INSERT INTO payment (id, order_id, processor, amount_due, amount_received, unconfirmed_amount,
                            arrival_amount_due, usd_per_unit, arrival_usd_per_unit, status, updated_at)
       VALUES ($1::uuid, $2::uuid, 'evm', $3, $4, '0', $3, '3456.78', '0.000001', $5, now())`,
      [paymentId, orderId, BIG, String(i), status],
    );
  }
  for (const status of INTENT_STATUSES)
    await q(
      `INSERT INTO test_payment_intent (id, client_secret, customer_id, amount, currency, status, updated_at)
       VALUES ($1, $2, 'cus_test', 1000, 'usd', $3, now())`,
      [`pi_test_${status}`, `pi_test_${status}_secret`, status],
    );
  const partnerId = randomUUID();
  const endpointId = randomUUID();
  await q(`INSERT INTO partner (id, name, updated_at) VALUES ($1::uuid, 'typed', now())`, [partnerId]);
  await q(
    `INSERT INTO webhook_endpoint (id, partner_id, url, events, secret_cipher)
     VALUES ($1::uuid, $2::uuid, 'https://example.com/hook', ARRAY['order.completed'], 'sealed')`,
    [endpointId, partnerId],
  );
  for (const status of DELIVERY_STATUSES) {
    const [event] = await database().query<{ id: string; seq: string }>(
      `INSERT INTO partner_event (id, partner_id, type, object_key, data)
       VALUES (gen_random_uuid(), $1::uuid, 'order.completed', $2, '{}') RETURNING id, seq::text AS seq`,
      [partnerId, `order:${status}`],
    );
    const deliveryId = randomUUID();
    deliveries.set(status, deliveryId);
    await q(
      `INSERT INTO webhook_delivery (id, endpoint_id, event_id, object_key, seq, status, next_attempt_at)
       VALUES ($1::uuid, $2::uuid, $3::uuid, $4, $5::bigint, $6, now())`,
      [deliveryId, endpointId, event.id, `order:${status}`, event.seq, status],
    );
  }
}

test("a filled database migrates: statuses become enums with every value kept", async () => {
  const applied = await migrate(database());
  expect(applied[0]).toBe("20261210000000_status_enums");

  const rows = await database().query<{ id: string; status: string; type: string }>(
    `SELECT id, status::text AS status, pg_typeof(status)::text AS type FROM payment`,
  );
  expect(rows).toHaveLength(PAYMENT_STATUSES.length);
  for (const [status, id] of payments) expect(rows.find((row) => row.id === id)).toMatchObject({ status });
  expect(new Set(rows.map((row) => row.type))).toEqual(new Set(['"PaymentStatus"']));

  const intents = await database().query<{ id: string; status: string; type: string }>(
    `SELECT id, status::text AS status, pg_typeof(status)::text AS type FROM test_payment_intent ORDER BY id`,
  );
  expect(intents.map((row) => [row.id, row.status, row.type])).toEqual(
    [...INTENT_STATUSES].sort().map((status) => [`pi_test_${status}`, status, '"TestIntentStatus"']),
  );

  const sent = await database().query<{ id: string; status: string; type: string }>(
    `SELECT id, status::text AS status, pg_typeof(status)::text AS type FROM webhook_delivery`,
  );
  for (const [status, id] of deliveries)
    expect(sent.find((row) => row.id === id)).toMatchObject({ status, type: '"WebhookDeliveryStatus"' });

  // The enums refuse a misspelt status, and the columns keep their defaults.
  await expect(database().query(`UPDATE payment SET status = 'succeded'`)).rejects.toThrow(/PaymentStatus/);
  const [defaults] = await database().query<{ payment: string; delivery: string }>(
    `SELECT (SELECT column_default FROM information_schema.columns
              WHERE table_name = 'payment' AND column_name = 'status') AS payment,
            (SELECT column_default FROM information_schema.columns
              WHERE table_name = 'webhook_delivery' AND column_name = 'status') AS delivery`,
  );
  expect(defaults).toEqual({ payment: `'pending'::"PaymentStatus"`, delivery: `'pending'::"WebhookDeliveryStatus"` });
}, 120_000);
