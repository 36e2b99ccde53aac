import "server-only";
import type { z } from "zod";
import type { StatementLine, StatementQuery, StatementResponse } from "@/lib/contract/schemas/statement";
import { run, sql, sqlBuilder, type Expression, type InferResult } from "@/lib/db/sql";

// A partner's statement, derived from the ledger only: its names' sales, what went back, the
// platform's fee and the partner's share, per month and currency, with what the card processor
// transferred to it, what the platform holds for it (crypto sales) and what the platform paid.
// Second-level names a partner only referred are the registry's sales and are not on it.

type Line = z.infer<typeof StatementLine>;
type Statement = z.infer<typeof StatementResponse>;

const REFUNDS = ["refund", "dispute", "reorg_loss"];

/** The partner's ledger rows of the period (its own names' sales and its payouts), summed. */
const linesOf = (partnerId: string, from: Date, to: Date) =>
  sqlBuilder
    .selectFrom("ledger_entry as e")
    .leftJoin("order as o", "o.id", "e.order_id")
    .where("e.partner_id", "=", partnerId)
    .where("e.occurred_at", ">=", from)
    .where("e.occurred_at", "<", to)
    .where((eb) => eb.or([eb("e.order_id", "is", null), eb("o.parent_id", "is not", null)]))
    .select((eb) => {
      const atomic = (kinds: string[]) =>
        eb.fn.sum<string | null>("e.amount_atomic").filterWhere("e.kind", "in", kinds);
      const text = (sum: Expression<string | null>) => eb.cast<string>(eb.fn.coalesce(sum, sql.lit(0)), "text");
      // USD cents of the rows of `kinds`; null when one of them has no USD value.
      const usd = (kinds: string[], negate = false) => {
        const cents = eb.fn.sum<string | null>("e.usd_cents").filterWhere("e.kind", "in", kinds);
        const valued = eb.fn
          .agg<boolean | null>("bool_and", [eb("e.usd_cents", "is not", null)])
          .filterWhere("e.kind", "in", kinds);
        return eb
          .case()
          .when(valued, "is", false)
          .then(sql<string | null>`NULL`)
          .else(text(negate ? eb.neg(cents) : cents))
          .end();
      };
      return [
        "e.currency",
        text(atomic(["sale"])).as("sales"),
        text(eb.neg(atomic(REFUNDS))).as("refunds"),
        text(atomic(["platform_fee"])).as("platform_fees"),
        text(atomic(["partner_share"])).as("net"),
        text(atomic(["partner_share"]).filterWhere("e.transferred", "=", true)).as("transferred"),
        text(atomic(["partner_share"]).filterWhere("e.transferred", "=", false)).as("owed"),
        text(atomic(["payout"])).as("paid_out"),
        usd(["sale"]).as("sales_usd"),
        usd(REFUNDS, true).as("refunds_usd"),
        usd(["platform_fee"]).as("platform_fees_usd"),
        usd(["partner_share"]).as("net_usd"),
        eb.fn.max("e.decimals").as("decimals"),
      ];
    });

const MONTH = sql<string>`to_char(e.occurred_at AT TIME ZONE 'UTC', 'YYYY-MM')`;

const totalsOf = (partnerId: string, from: Date, to: Date) =>
  linesOf(partnerId, from, to).groupBy("e.currency").orderBy("e.currency");

type Row = InferResult<ReturnType<typeof totalsOf>>[number];

/** An exact decimal of `atomic` smallest units. */
export function decimalOf(atomic: string | bigint, decimals: number): string {
  const value = BigInt(atomic);
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, "0");
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = decimals > 0 ? digits.slice(-decimals) : "";
  return `${negative ? "-" : ""}${whole}${fraction ? `.${fraction}` : ""}`;
}

const dollars = (cents: string | null) => (cents === null ? null : decimalOf(cents, 2));

function lineOf(row: Row): Line {
  const amount = (atomic: string) => decimalOf(atomic, row.decimals);
  return {
    currency: row.currency,
    sales: amount(row.sales),
    refunds: amount(row.refunds),
    platformFees: amount(row.platform_fees),
    net: amount(row.net),
    transferred: amount(row.transferred),
    owed: amount(row.owed),
    paidOut: amount(row.paid_out),
    salesUsd: dollars(row.sales_usd),
    refundsUsd: dollars(row.refunds_usd),
    platformFeesUsd: dollars(row.platform_fees_usd),
    netUsd: dollars(row.net_usd),
  };
}

/** The period a query asks for: by default the 12 months before now. */
export function statementPeriod(query: z.infer<typeof StatementQuery>, now = new Date()): { from: Date; to: Date } {
  const to = query.to ? new Date(query.to) : now;
  const from = query.from ? new Date(query.from) : new Date(Date.UTC(to.getUTCFullYear(), to.getUTCMonth() - 11, 1));
  return { from, to };
}

export async function partnerStatement(
  partnerId: string,
  query: z.infer<typeof StatementQuery>,
  now = new Date(),
): Promise<Statement> {
  const { from, to } = statementPeriod(query, now);
  const [months, totals] = await Promise.all([
    run(
      linesOf(partnerId, from, to)
        .select(MONTH.as("month"))
        .groupBy([MONTH, "e.currency"])
        .orderBy(MONTH)
        .orderBy("e.currency"),
    ),
    run(totalsOf(partnerId, from, to)),
  ]);
  return {
    partnerId,
    from: from.toISOString(),
    to: to.toISOString(),
    months: months.map((row) => ({ month: row.month, ...lineOf(row) })),
    totals: totals.map(lineOf),
  };
}

/** The statement's months as CSV, each cell quoted and formula characters neutralised. */
export function statementCsv(statement: Statement): string {
  const columns = [
    "month",
    "currency",
    "sales",
    "refunds",
    "platformFees",
    "net",
    "transferred",
    "owed",
    "paidOut",
    "salesUsd",
    "refundsUsd",
    "platformFeesUsd",
    "netUsd",
  ] as const;
  const cell = (value: unknown) => {
    const text = value === null || value === undefined ? "" : String(value);
    // Amounts may be negative: a leading '-' is neutralised like any formula character, as in
    // the reconciliation CSV, so a spreadsheet evaluates nothing.
    const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
    return `"${safe.replace(/"/g, '""')}"`;
  };
  const lines = [columns.join(",")];
  for (const month of statement.months) lines.push(columns.map((c) => cell(month[c])).join(","));
  return lines.join("\r\n") + "\r\n";
}
