import "server-only";
import type { z } from "zod";
import { ApiError } from "@/lib/contract/errors";
import type { LedgerCheckQuery, LedgerCheckResponse } from "@/lib/contract/schemas/ledger-check";
import { stripeConfigured } from "@/lib/config";
import { run, sql, sqlBuilder } from "@/lib/db/sql";
import { decimalOf } from "@/lib/ledger/statement";
import { listBalanceMovements } from "@/lib/payments/card/stripe-processor";

// The operator's check of the ledger against the outside world for a period: its card sales,
// refunds and lost disputes of Stripe payments against Stripe's balance transactions (reporting
// categories charge, refund and refund_failure, dispute), and its crypto sales and reorganisation
// losses against what the watchers credited (crypto_transfer, and reversed_transfer for credits a
// reorganisation took away). Per currency and kind: what the source says, what the ledger says.

type Query = z.infer<typeof LedgerCheckQuery>;
type Answer = z.infer<typeof LedgerCheckResponse>;
type Line = Answer["lines"][number];

const STRIPE_KINDS: Record<string, "sales" | "refunds" | "disputes"> = {
  charge: "sales",
  refund: "refunds",
  refund_failure: "refunds",
  dispute: "disputes",
};

/** The ledger's card sales, refunds and disputes of Stripe payments, per kind and currency. */
const ledgerStripe = (from: Date, to: Date) =>
  sqlBuilder
    .selectFrom("ledger_entry as e")
    .innerJoin("payment as p", "p.order_id", "e.order_id")
    .select([
      sql<Line["kind"]>`CASE e.kind WHEN 'sale' THEN 'sales' WHEN 'refund' THEN 'refunds' ELSE 'disputes' END`.as(
        "kind",
      ),
      "e.currency",
      sql<string>`sum(e.amount_atomic)::text`.as("amount"),
    ])
    .where("p.processor", "=", sql.lit("stripe"))
    .where("e.kind", "in", [sql.lit("sale"), sql.lit("refund"), sql.lit("dispute")])
    .where("e.occurred_at", ">=", from)
    .where("e.occurred_at", "<", to)
    .groupBy([sql`1`, sql`2`]);

// Three sources side by side (credited, reversed, booked) in one UNION ALL: kept whole, as written
// and checked against the watchers' tables, rather than rebuilt piece by piece.
const chain = (from: Date, to: Date) => sql<{
  kind: Line["kind"];
  currency: string;
  decimals: number;
  expected: string;
  actual: string;
}>`
  WITH credited AS (
    SELECT o.currency, coalesce(p.decimals, 0) AS decimals, t.amount AS amount
      FROM crypto_transfer t JOIN payment p ON p.id = t.payment_id JOIN "order" o ON o.id = p.order_id
     WHERE t.created_at >= ${from} AND t.created_at < ${to}
    UNION ALL
    SELECT o.currency, coalesce(p.decimals, 0), r.amount
      FROM reversed_transfer r JOIN payment p ON p.id = r.payment_id JOIN "order" o ON o.id = p.order_id
     WHERE r.credited_at >= ${from} AND r.credited_at < ${to}),
  reversed AS (
    SELECT o.currency, coalesce(p.decimals, 0) AS decimals, r.amount AS amount
      FROM reversed_transfer r JOIN payment p ON p.id = r.payment_id JOIN "order" o ON o.id = p.order_id
     WHERE r.reversed_at >= ${from} AND r.reversed_at < ${to}),
  booked AS (
    SELECT e.kind, e.currency, e.decimals, e.amount_atomic AS amount
      FROM ledger_entry e JOIN payment p ON p.order_id = e.order_id
     WHERE p.processor IN ('evm', 'bitcoin') AND e.occurred_at >= ${from} AND e.occurred_at < ${to}
       AND (e.kind = 'sale' OR (e.kind = 'reorg_loss' AND e.entry_key NOT LIKE 'reorg_loss:duplicate:%')))
  SELECT 'sales' AS kind, currency, max(decimals) AS decimals, sum(amount)::text AS expected, '0' AS actual
    FROM credited GROUP BY currency
  UNION ALL
  SELECT 'reorganisations', currency, max(decimals), sum(amount)::text, '0' FROM reversed GROUP BY currency
  UNION ALL
  SELECT CASE kind WHEN 'sale' THEN 'sales' ELSE 'reorganisations' END, currency, max(decimals), '0',
         (CASE WHEN kind = 'sale' THEN sum(amount) ELSE -sum(amount) END)::text
    FROM booked GROUP BY kind, currency`;

/** Lines keyed by source, kind and currency, expected and actual summed. */
function merge(
  rows: {
    source: Line["source"];
    kind: Line["kind"];
    currency: string;
    decimals: number;
    expected: bigint;
    actual: bigint;
  }[],
): Line[] {
  const lines = new Map<string, (typeof rows)[number]>();
  for (const row of rows) {
    const key = `${row.source}|${row.kind}|${row.currency}`;
    const seen = lines.get(key);
    if (seen) {
      seen.expected += row.expected;
      seen.actual += row.actual;
      seen.decimals = Math.max(seen.decimals, row.decimals);
    } else lines.set(key, { ...row });
  }
  return [...lines.values()]
    .sort((a, b) => `${a.source}${a.currency}${a.kind}`.localeCompare(`${b.source}${b.currency}${b.kind}`))
    .map((row) => ({
      source: row.source,
      kind: row.kind,
      currency: row.currency,
      expected: decimalOf(row.expected, row.decimals),
      actual: decimalOf(row.actual, row.decimals),
      ok: row.expected === row.actual,
    }));
}

export async function checkLedger(query: Query): Promise<Answer> {
  const from = new Date(query.from);
  const to = new Date(query.to);
  const rows: Parameters<typeof merge>[0] = [];
  const stripe = stripeConfigured();
  if (stripe) {
    const movements = await listBalanceMovements(from, to).catch(() => {
      throw new ApiError(502, "processor", "Stripe did not answer while its balance transactions were listed; retry.");
    });
    for (const movement of movements) {
      const kind = STRIPE_KINDS[movement.category];
      if (kind)
        rows.push({
          source: "stripe",
          kind,
          currency: movement.currency,
          decimals: 2,
          expected: BigInt(movement.amount),
          actual: 0n,
        });
    }
    for (const row of await run(ledgerStripe(from, to)))
      rows.push({
        source: "stripe",
        kind: row.kind,
        currency: row.currency,
        decimals: 2,
        expected: 0n,
        actual: BigInt(row.amount),
      });
  }
  for (const row of await run(chain(from, to)))
    rows.push({
      source: "chain",
      kind: row.kind,
      currency: row.currency,
      decimals: row.decimals,
      expected: BigInt(row.expected),
      actual: BigInt(row.actual),
    });
  const lines = merge(rows);
  return {
    from: from.toISOString(),
    to: to.toISOString(),
    stripeChecked: stripe,
    ok: lines.every((line) => line.ok),
    lines,
  };
}
