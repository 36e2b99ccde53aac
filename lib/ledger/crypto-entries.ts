import "server-only";
import type { Prisma } from "@prisma/client";
import { run, sql, sqlBuilder, type Expression } from "@/lib/db/sql";

// The ledger's rows of what the chain watchers do (lib/payments/crypto/record-transfers.ts), written
// in the watcher's own transaction: a credited transfer is a sale, a credit a reorganisation took
// away a reorganisation loss. Valued in USD at the payment's rate: the offer's, or for a payment
// that came after its offer expired the rate of its arrival (record-transfers.ts, arrivalRates).

type Tx = Prisma.TransactionClient;

const LEDGER_COLUMNS = [
  "id",
  "entry_key",
  "kind",
  "currency",
  "decimals",
  "amount_atomic",
  "usd_cents",
  "partner_id",
  "order_id",
  "reference",
  "occurred_at",
] as const;

/** USD cents of `amount` smallest units of payment `p` at `rate`; null without a rate or decimals. */
const usdOf = (amount: Expression<string>, rate: Expression<string | null> = sql.ref("p.usd_per_unit")) =>
  sql<string | null>`CASE WHEN ${rate} IS NOT NULL AND p.decimals IS NOT NULL
        THEN round(${amount} / power(10::numeric, p.decimals) * ${rate} * 100)::bigint END`;

/** The sale of one credited transfer (a crypto_transfer row), keyed by the row: a re-read writes nothing. */
export async function recordCryptoSale(tx: Tx, transferId: string, usdPerUnit?: string | null): Promise<void> {
  const rate = sql<string | null>`coalesce(${usdPerUnit ?? null}::numeric, p.arrival_usd_per_unit, p.usd_per_unit)`;
  await run(
    sqlBuilder
      .insertInto("ledger_entry")
      .columns(LEDGER_COLUMNS)
      .expression(
        sqlBuilder
          .selectFrom("crypto_transfer as t")
          .innerJoin("payment as p", "p.id", "t.payment_id")
          .innerJoin("order as o", "o.id", "p.order_id")
          .select((eb) => [
            sql<string>`gen_random_uuid()`.as("id"),
            sql<string>`'sale:' || t.id`.as("entry_key"),
            sql.lit("sale").as("kind"),
            "o.currency",
            eb.fn.coalesce("p.decimals", sql.lit(0)).as("decimals"),
            "t.amount",
            usdOf(sql.ref("t.amount"), rate).as("usd_cents"),
            "o.partner_id",
            "o.id as order_id",
            sql<string>`t.chain || ':' || t.tx_hash`.as("reference"),
            "t.created_at",
          ])
          .where("t.id", "=", transferId),
      )
      .onConflict((oc) => oc.column("entry_key").doNothing()),
    tx,
  );
}

/**
 * A credit taken away: by a reorganisation (`key`: the reversed_transfer row's id), or a duplicate
 * row of a transfer another watcher had recorded at its new place (`key`: `duplicate:<row id>`).
 */
export async function recordReorgLoss(
  tx: Tx,
  input: { key: string; paymentId: string; chain: string; txHash: string; amount: string; at?: Date },
): Promise<void> {
  const amount = sql<string>`${input.amount}::numeric`;
  await run(
    sqlBuilder
      .insertInto("ledger_entry")
      .columns(LEDGER_COLUMNS)
      .expression(
        sqlBuilder
          .selectFrom("payment as p")
          .innerJoin("order as o", "o.id", "p.order_id")
          .select((eb) => [
            sql<string>`gen_random_uuid()`.as("id"),
            sql<string>`'reorg_loss:' || ${input.key}`.as("entry_key"),
            sql.lit("reorg_loss").as("kind"),
            "o.currency",
            eb.fn.coalesce("p.decimals", sql.lit(0)).as("decimals"),
            sql<string>`-(${amount})`.as("amount_atomic"),
            sql<string | null>`-(${usdOf(amount)})`.as("usd_cents"),
            "o.partner_id",
            "o.id as order_id",
            eb.val(`${input.chain}:${input.txHash}`).as("reference"),
            sql<Date>`${input.at ?? new Date()}::timestamptz`.as("occurred_at"),
          ])
          .where("p.id", "=", input.paymentId),
      )
      .onConflict((oc) => oc.column("entry_key").doNothing()),
    tx,
  );
}
