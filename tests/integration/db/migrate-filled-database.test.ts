// A database an older release filled migrates to the typed columns of issue 35 with its values
// kept: every status becomes its enum value and the text amounts become numeric, digit for digit.
// On PGlite, or on PostgreSQL when TEST_DATABASE_URL is set.
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { setConfig } from "@/lib/config";
import { closeDatabase, database, openDatabase } from "@/lib/db";
import { atomic, atomicText, decimalText } from "@/lib/db/amounts";
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
/** Where the database lives: a PostgreSQL database, or a PGlite data directory (as `.data/` is). */
let place: { url: string } | { dataDir: string };
const payments = new Map<string, string>();
const deliveries = new Map<string, string>();

beforeAll(async () => {
  setConfig({ NODE_ENV: "test", LOG_LEVEL: "silent" });
  if (process.env.TEST_DATABASE_URL) {
    const created = await createThrowAwayDatabase(process.env.TEST_DATABASE_URL, "test");
    scratch = created;
    place = { url: created.url };
  } else {
    const dataDir = mkdtempSync(path.join(tmpdir(), "namesvc-migrate-"));
    scratch = { drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
    place = { dataDir };
  }
  await openDatabase({ ...place, poolSize: 2, migrate: false });
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
  const paymentId = payments.get("overpaid")!;
  const [{ order_id: orderId }] = await database().query<{ order_id: string }>(
    `SELECT order_id FROM payment WHERE id = $1::uuid`,
    [paymentId],
  );
  await q(
    `INSERT INTO crypto_transfer (id, payment_id, chain, tx_hash, log_index, block_number, amount)
     VALUES (gen_random_uuid(), $1::uuid, 'eip155:1', '0xaa', 0, 1, $2)`,
    [paymentId, BIG],
  );
  await q(
    `INSERT INTO reversed_transfer (id, payment_id, order_id, chain, tx_hash, log_index, block_number, amount,
                                    credited_at)
     VALUES (gen_random_uuid(), $1::uuid, $2::uuid, 'eip155:1', '0xbb', 0, 1, $3, now())`,
    [paymentId, orderId, BIG],
  );
  await q(
    `INSERT INTO refund (id, order_id, payment_id, method, reason, currency, decimals, amount_atomic, updated_at)
     VALUES (gen_random_uuid(), $1::uuid, $2::uuid, 'crypto', 'over', 'ETH', 18, $3, now())`,
    [orderId, paymentId, BIG],
  );
  await q(
    `INSERT INTO unattributed_deposit (id, payment_id, order_id, chain, deposit_address, currency, decimals,
                                       amount_atomic, reason)
     VALUES (gen_random_uuid(), $1::uuid, $2::uuid, 'eip155:1', '0xdd', 'ETH', 18, $3, 'late')`,
    [paymentId, orderId, BIG],
  );
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
  // Opened again as `npm start` opens it: the pending migrations apply to the filled database.
  await closeDatabase();
  await openDatabase({ ...place, poolSize: 2 });
  const applied = await database().query<{ migration_name: string }>(
    `SELECT migration_name FROM "_prisma_migrations" WHERE migration_name >= $1 ORDER BY 1`,
    [TYPED],
  );
  expect(applied.map((row) => row.migration_name).slice(0, 2)).toEqual([
    "20261210000000_status_enums",
    "20261210000100_amounts_numeric",
  ]);
  expect(await migrate(database())).toEqual([]);

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

test("the text amounts become numeric with every digit kept, read exactly by raw SQL and by Prisma", async () => {
  const types = await database().query<{ table_name: string; column_name: string; type: string }>(
    `SELECT table_name, column_name, data_type || coalesce('(' || numeric_precision || ',' || numeric_scale || ')', '')
              AS type
       FROM information_schema.columns
      WHERE (table_name, column_name) IN (('payment', 'amount_due'), ('payment', 'amount_received'),
              ('payment', 'unconfirmed_amount'), ('payment', 'arrival_amount_due'), ('payment', 'usd_per_unit'),
              ('payment', 'arrival_usd_per_unit'), ('crypto_transfer', 'amount'), ('reversed_transfer', 'amount'),
              ('refund', 'amount_atomic'), ('unattributed_deposit', 'amount_atomic'))
      ORDER BY 1, 2`,
  );
  expect(types.map((row) => `${row.table_name}.${row.column_name} ${row.type}`)).toEqual([
    "crypto_transfer.amount numeric(78,0)",
    "payment.amount_due numeric(78,0)",
    "payment.amount_received numeric(78,0)",
    "payment.arrival_amount_due numeric(78,0)",
    "payment.arrival_usd_per_unit numeric",
    "payment.unconfirmed_amount numeric(78,0)",
    "payment.usd_per_unit numeric",
    "refund.amount_atomic numeric(78,0)",
    "reversed_transfer.amount numeric(78,0)",
    "unattributed_deposit.amount_atomic numeric(78,0)",
  ]);

  const paymentId = payments.get("overpaid")!;
  // The driver hands numeric over as text, every digit kept.
  const [raw] = await database().query(
    `SELECT amount_due, amount_received, unconfirmed_amount, arrival_amount_due, usd_per_unit, arrival_usd_per_unit,
            amount_due + 1 AS next
       FROM payment WHERE id = $1::uuid`,
    [paymentId],
  );
  expect(raw).toEqual({
    amount_due: BIG,
    amount_received: String(PAYMENT_STATUSES.indexOf("overpaid")),
    unconfirmed_amount: "0",
    arrival_amount_due: BIG,
    usd_per_unit: "3456.78",
    arrival_usd_per_unit: "0.000001",
    next: "123456789012345678901234567891",
  });

  const payment = await database().prisma.payment.findUniqueOrThrow({
    where: { id: paymentId },
    include: { transfers: true, refunds: true, reversedTransfers: true },
  });
  expect(atomic(payment.amountDue)).toBe(123456789012345678901234567890n);
  expect(atomicText(payment.arrivalAmountDue!)).toBe(BIG);
  expect(decimalText(payment.usdPerUnit)).toBe("3456.78");
  expect(decimalText(payment.arrivalUsdPerUnit)).toBe("0.000001");
  expect(payment.transfers.map((t) => atomicText(t.amount))).toEqual([BIG]);
  expect(payment.refunds.map((r) => atomicText(r.amountAtomic))).toEqual([BIG]);
  expect(payment.reversedTransfers.map((r) => atomicText(r.amount))).toEqual([BIG]);
  const deposits = await database().prisma.unattributedDeposit.findMany({ where: { paymentId } });
  expect(deposits.map((d) => atomicText(d.amountAtomic))).toEqual([BIG]);

  // Written back through Prisma from a bigint, the amount stays exact; text that is not a number is refused.
  await database().prisma.payment.update({
    where: { id: paymentId },
    data: { amountReceived: atomicText(atomic(payment.amountDue) * 2n) },
  });
  const [doubled] = await database().query(`SELECT amount_received FROM payment WHERE id = $1::uuid`, [paymentId]);
  expect(doubled.amount_received).toBe("246913578024691357802469135780");
  await expect(
    database().query(`UPDATE payment SET amount_due = $2 WHERE id = $1::uuid`, [paymentId, "12 wei"]),
  ).rejects.toThrow(/numeric/);
}, 120_000);
