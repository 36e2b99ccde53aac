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

/**
 * Per kind and currency, what the watchers credited (transfers, and credits a reorganisation took
 * away later, by the time they were credited) and reversed, beside what the ledger booked for
 * crypto payments (a duplicate row's loss is not a reorganisation's).
 */
const chain = (from: Date, to: Date) =>
  sqlBuilder
    .with("credited", (q) =>
      q
        .selectFrom("crypto_transfer as t")
        .innerJoin("payment as p", "p.id", "t.payment_id")
        .innerJoin("order as o", "o.id", "p.order_id")
        .select((eb) => ["o.currency", eb.fn.coalesce("p.decimals", sql.lit(0)).as("decimals"), "t.amount as amount"])
        .where("t.created_at", ">=", from)
        .where("t.created_at", "<", to)
        .unionAll((eb) =>
          eb
            .selectFrom("reversed_transfer as r")
            .innerJoin("payment as p", "p.id", "r.payment_id")
            .innerJoin("order as o", "o.id", "p.order_id")
            .select((eb) => ["o.currency", eb.fn.coalesce("p.decimals", sql.lit(0)).as("decimals"), "r.amount"])
            .where("r.credited_at", ">=", from)
            .where("r.credited_at", "<", to),
        ),
    )
    .with("reversed", (q) =>
      q
        .selectFrom("reversed_transfer as r")
        .innerJoin("payment as p", "p.id", "r.payment_id")
        .innerJoin("order as o", "o.id", "p.order_id")
        .select((eb) => ["o.currency", eb.fn.coalesce("p.decimals", sql.lit(0)).as("decimals"), "r.amount as amount"])
        .where("r.reversed_at", ">=", from)
        .where("r.reversed_at", "<", to),
    )
    .with("booked", (q) =>
      q
        .selectFrom("ledger_entry as e")
        .innerJoin("payment as p", "p.order_id", "e.order_id")
        .select(["e.kind", "e.currency", "e.decimals", "e.amount_atomic as amount"])
        .where("p.processor", "in", [sql.lit("evm"), sql.lit("bitcoin")])
        .where("e.occurred_at", ">=", from)
        .where("e.occurred_at", "<", to)
        .where((eb) =>
          eb.or([
            eb("e.kind", "=", sql.lit("sale")),
            eb.and([eb("e.kind", "=", sql.lit("reorg_loss")), eb("e.entry_key", "not like", "reorg_loss:duplicate:%")]),
          ]),
        ),
    )
    .selectFrom("credited")
    .select((eb) => [
      sql<Line["kind"]>`'sales'`.as("kind"),
      "currency",
      eb.fn.max("decimals").as("decimals"),
      sql<string>`sum(amount)::text`.as("expected"),
      sql<string>`'0'`.as("actual"),
    ])
    .groupBy("currency")
    .unionAll((eb) =>
      eb
        .selectFrom("reversed")
        .select((eb) => [
          sql<Line["kind"]>`'reorganisations'`.as("kind"),
          "currency",
          eb.fn.max("decimals").as("decimals"),
          sql<string>`sum(amount)::text`.as("expected"),
          sql<string>`'0'`.as("actual"),
        ])
        .groupBy("currency"),
    )
    .unionAll((eb) =>
      eb
        .selectFrom("booked")
        .select((eb) => [
          sql<Line["kind"]>`CASE kind WHEN 'sale' THEN 'sales' ELSE 'reorganisations' END`.as("kind"),
          "currency",
          eb.fn.max("decimals").as("decimals"),
          sql<string>`'0'`.as("expected"),
          sql<string>`(CASE WHEN kind = 'sale' THEN sum(amount) ELSE -sum(amount) END)::text`.as("actual"),
        ])
        .groupBy(["kind", "currency"]),
    );

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
