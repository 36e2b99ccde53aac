import "server-only";
import { run, sql, sqlBuilder, type Expression, type InferResult } from "@/lib/db/sql";
import { dustTolerance } from "@/lib/payments/crypto/classify-payment";

// Does the ledger balance, and does it say what the orders say? Checked per order (the soak ends
// with it, and tests run it after a scripted mix of purchases and refunds):
// - its sales equal the money its payment recorded as received;
// - every refund paid is one ledger row of the same amount, and no ledger refund is without one;
// - what it kept (sales less refunds, disputes and reorganisation losses) less what is still owed
//   back is nothing for an order that ended without the money (FAILED, EXPIRED, REFUNDED), and the
//   price for a crypto order that used it (COMPLETED, PAID; within its dust tolerance); a card
//   order that used it was charged its price (Stripe may refund part of it later);
// - a partner's split (fee plus share) is what was kept, or the price of a completed crypto sale.

export interface LedgerTotals {
  currency: string;
  sales: string;
  refunds: string;
  processorFees: string;
  platformFees: string;
  partnerShares: string;
  /** Kept by the platform: sales less refunds less partner shares less processor fees. */
  platformNet: string;
}

export interface LedgerBalance {
  ok: boolean;
  orders: number;
  problems: string[];
  totals: LedgerTotals[];
}

// Per order with a payment that received money or a sale in the ledger: what it was due and received,
// and beside it the sums of its ledger rows and of its refunds.
const ORDERS = sqlBuilder
  .selectFrom("order as o")
  .innerJoin("payment as p", "p.order_id", "o.id")
  .leftJoinLateral(
    (eb) =>
      eb
        .selectFrom("ledger_entry")
        .select((eb) => [
          eb.fn.sum<string | null>("amount_atomic").filterWhere("kind", "=", "sale").as("sales"),
          eb.fn
            .sum<string | null>("amount_atomic")
            .filterWhere("kind", "in", ["refund", "dispute", "reorg_loss"])
            .as("taken"),
          eb
            .neg(eb.fn.sum<string | null>("amount_atomic").filterWhere("kind", "in", ["refund", "dispute"]))
            .as("refunds"),
          eb.fn
            .sum<string | null>("amount_atomic")
            .filterWhere("kind", "in", ["platform_fee", "partner_share"])
            .as("split"),
        ])
        .whereRef("order_id", "=", "o.id")
        .as("l"),
    (join) => join.onTrue(),
  )
  .leftJoinLateral(
    (eb) =>
      eb
        .selectFrom("refund")
        .select((eb) => [
          eb.fn.sum<string | null>("amount_atomic").filterWhere("status", "=", "PAID").as("paid"),
          eb.fn.sum<string | null>("amount_atomic").filterWhere("status", "in", ["DUE", "PAYING"]).as("owed"),
        ])
        .whereRef("payment_id", "=", "p.id")
        .as("r"),
    (join) => join.onTrue(),
  )
  .select((eb) => {
    const text = (value: Expression<unknown>) => eb.cast<string>(value, "text");
    const orZero = (value: Expression<string | null>) => text(eb.fn.coalesce(value, sql.lit(0)));
    return [
      "o.id",
      "o.domain",
      text(eb.ref("o.order_status")).as("order_status"),
      text(eb.ref("o.payment_type")).as("payment_type"),
      eb.fn.coalesce("p.arrival_amount_due", "p.amount_due").as("due"),
      "p.amount_received as received",
      orZero(eb.ref("l.sales")).as("sales"),
      orZero(eb.ref("l.taken")).as("taken"),
      eb.cast<string | null>(eb.ref("l.split"), "text").as("split"),
      orZero(eb.ref("r.paid")).as("refunds_paid"),
      orZero(eb.ref("l.refunds")).as("refunds_booked"),
      orZero(eb.ref("r.owed")).as("refunds_owed"),
      "o.currency",
      eb.fn.coalesce("p.decimals", sql.lit(2)).as("decimals"),
    ];
  })
  .where((eb) => eb.or([eb("p.amount_received", ">", sql<string>`0`), eb("l.sales", "is not", null)]));

type OrderRow = InferResult<typeof ORDERS>[number];

const TOTALS = sqlBuilder
  .selectFrom("ledger_entry")
  .select((eb) => {
    const total = (kinds: string[], negate = false) => {
      const sum = eb.fn.sum<string | null>("amount_atomic").filterWhere("kind", "in", kinds);
      return eb.cast<string>(eb.fn.coalesce(negate ? eb.neg(sum) : sum, sql.lit(0)), "text");
    };
    return [
      "currency",
      total(["sale"]).as("sales"),
      total(["refund", "dispute", "reorg_loss"], true).as("refunds"),
      total(["processor_fee"]).as("processor_fees"),
      total(["platform_fee"]).as("platform_fees"),
      total(["partner_share"]).as("partner_shares"),
    ];
  })
  .groupBy("currency")
  .orderBy("currency");

function orderProblems(row: OrderRow): string[] {
  const problems: string[] = [];
  const big = (value: string) => BigInt(value);
  const where = `order ${row.id} (${row.domain}, ${row.order_status})`;
  if (big(row.sales) !== big(row.received))
    problems.push(`${where}: the ledger's sales are ${row.sales}, the payment received ${row.received}`);
  if (big(row.refunds_booked) !== big(row.refunds_paid))
    problems.push(`${where}: refunds paid are ${row.refunds_paid}, the ledger's ${row.refunds_booked}`);
  const kept = big(row.sales) + big(row.taken);
  const used = kept - big(row.refunds_owed);
  const due = big(row.due);
  // Crypto payments complete within the dust tolerance settlement allows (classify-payment.ts).
  const tolerance = row.payment_type === "card" ? 0n : dustTolerance(due, row.decimals, row.currency);
  const usesMoney = row.order_status === "COMPLETED" || row.order_status === "PAID";
  const ended = ["FAILED", "EXPIRED", "REFUNDED"].includes(row.order_status);
  // A card sale the processor partly refunded later stays COMPLETED: its charge is what is checked.
  if (usesMoney && row.payment_type === "card" && big(row.sales) !== due)
    problems.push(`${where}: charged ${row.sales} for ${due} due`);
  if (usesMoney && row.payment_type !== "card" && (used < due - tolerance || used > due + tolerance))
    problems.push(`${where}: kept ${used} after refunds owed, for ${due} due`);
  if (ended && used !== 0n) problems.push(`${where}: ended, yet ${used} is kept and not owed back`);
  if (row.split !== null) {
    const split = big(row.split);
    const expected = row.payment_type === "card" ? kept : row.order_status === "COMPLETED" ? due : 0n;
    if (split !== expected) problems.push(`${where}: fee and partner share are ${split}, expected ${expected}`);
  }
  return problems;
}

export async function checkLedgerBalance(): Promise<LedgerBalance> {
  const [orders, totals] = await Promise.all([run(ORDERS), run(TOTALS)]);
  const problems = orders.flatMap(orderProblems);
  return {
    ok: problems.length === 0,
    orders: orders.length,
    problems,
    totals: totals.map((t) => ({
      currency: t.currency,
      sales: t.sales,
      refunds: t.refunds,
      processorFees: t.processor_fees,
      platformFees: t.platform_fees,
      partnerShares: t.partner_shares,
      platformNet: (
        BigInt(t.sales) -
        BigInt(t.refunds) -
        BigInt(t.partner_shares) -
        BigInt(t.processor_fees)
      ).toString(),
    })),
  };
}
