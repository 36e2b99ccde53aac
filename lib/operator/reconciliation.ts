import "server-only";
import type { z } from "zod";
import type { ReconciliationQuery, ReconciliationResponse } from "@/lib/contract/schemas/operator";
import { run, sql, sqlBuilder, type InferResult } from "@/lib/db/sql";
import type { RefundStatus } from "@/lib/db/sql/enums";

// What each order of a period moved, for the operator: received, refunded and owed in the
// payment's own currency, their USD value at receipt (the rate the crypto offer was priced at,
// cents for cards), the platform's fee, and the processor's or chain's references; totals per day
// and per partner over the whole period (every page carries them).

type Query = z.infer<typeof ReconciliationQuery>;
type Response = z.infer<typeof ReconciliationResponse>;

// One row per order; amounts are numeric, so sums are exact.
const rowsOf = (from: Date, to: Date) =>
  sqlBuilder
    .selectFrom("order as o")
    .leftJoin("payment as p", "p.order_id", "o.id")
    .select((eb) => {
      const refunds = (status: RefundStatus) =>
        eb.fn.coalesce(
          eb
            .selectFrom("refund as r")
            .select((eb) => eb.fn.sum<string>("r.amount_atomic").as("amount"))
            .whereRef("r.payment_id", "=", "p.id")
            .where("r.status", "=", sql.lit(status)),
          sql.lit(0),
        );
      return [
        "o.id",
        "o.created_at",
        "o.domain",
        eb.cast<"PURCHASE" | "RENEWAL">("o.kind", "text").as("kind"),
        eb.cast<string>("o.order_status", "text").as("order_status"),
        "o.partner_id",
        eb.cast<"card" | "crypto">("o.payment_type", "text").as("payment_type"),
        "p.processor",
        "p.processor_ref",
        "p.usd_per_unit",
        sql<string>`CASE WHEN o.payment_type::text = 'card' THEN 'USD' ELSE o.currency END`.as("currency"),
        eb.fn.coalesce("p.decimals", sql.lit(2)).as("decimals"),
        eb.fn.coalesce("p.amount_received", sql.lit(0)).as("received"),
        refunds("PAID").as("refunded"),
        refunds("DUE").as("owed"),
        refunds("WRITTEN_OFF").as("written_off"),
        sql<string>`coalesce(CASE WHEN o.payment_type::text = 'card' AND p.platform_fee_cents IS NOT NULL
                                    AND p.amount_received > 0 THEN p.platform_fee_cents END, 0)::numeric / 100`.as(
          "fee_usd",
        ),
        eb
          .selectFrom("crypto_transfer as t")
          .select(sql<string[]>`array_agg(t.chain || ':' || t.tx_hash ORDER BY t.created_at)`.as("references"))
          .whereRef("t.payment_id", "=", "p.id")
          .as("transfers"),
      ];
    })
    .where("o.created_at", ">=", from)
    .where("o.created_at", "<", to);

type Amount = "received" | "refunded" | "written_off";

// USD at receipt: cents for cards, the offer's rate for crypto (null without one).
const usd = (amount: Amount) => sql<string | null>`CASE WHEN currency = 'USD' THEN ${sql.ref(amount)} / 100
  WHEN usd_per_unit IS NOT NULL THEN ${sql.ref(amount)} / power(10::numeric, decimals) * usd_per_unit END`;

const TOTALS = [
  sql<number>`count(*)::int`.as("orders"),
  sql<string>`round(coalesce(sum(${usd("received")}), 0), 2)::text`.as("received_usd"),
  sql<string>`round(coalesce(sum(${usd("refunded")}), 0), 2)::text`.as("refunded_usd"),
  sql<string>`round(coalesce(sum(${usd("written_off")}), 0), 2)::text`.as("written_off_usd"),
  sql<string>`round(coalesce(sum(fee_usd), 0), 2)::text`.as("fee_usd"),
] as const;

const totalsOver = (from: Date, to: Date) => sqlBuilder.selectFrom(rowsOf(from, to).as("rows")).select(TOTALS);
type TotalRow = InferResult<ReturnType<typeof totalsOver>>[number];

const totalsOf = (row: TotalRow | undefined) => ({
  orders: row?.orders ?? 0,
  receivedUsd: fixed(row?.received_usd ?? "0"),
  refundedUsd: fixed(row?.refunded_usd ?? "0"),
  writtenOffUsd: fixed(row?.written_off_usd ?? "0"),
  platformFeeUsd: fixed(row?.fee_usd ?? "0"),
});

function fixed(value: string): string {
  const [whole, fraction = ""] = value.split(".");
  return `${whole}.${fraction.padEnd(2, "0").slice(0, 2)}`;
}

const iso = (value: Date | string) => new Date(value).toISOString();

export async function reconcile(query: Query): Promise<Response> {
  const [from, to] = [new Date(query.from), new Date(query.to)];
  const after = query.after;
  const pageRows = rowsOf(from, to)
    .$if(!!after, (rows) =>
      rows.where((eb) =>
        eb(
          eb.refTuple("o.created_at", "o.id"),
          ">",
          eb
            .selectFrom("order as a")
            .select(["a.created_at", "a.id"])
            .where("a.id", "=", after!)
            .$asTuple("created_at", "id"),
        ),
      ),
    )
    .orderBy("o.created_at")
    .orderBy("o.id")
    .limit(query.pageSize + 1);
  const text = (amount: Amount | "owed") => sql<string>`${sql.ref(amount)}::text`.as(amount);
  const dollars = (amount: Amount) => sql<string | null>`round(${usd(amount)}, 2)::text`.as(`${amount}_usd`);
  const [rows, byDay, byPartner, [all]] = await Promise.all([
    run(
      sqlBuilder
        .selectFrom(pageRows.as("rows"))
        .select([
          "id",
          "created_at",
          "domain",
          "kind",
          "order_status",
          "partner_id",
          "payment_type",
          "processor",
          "processor_ref",
          "usd_per_unit",
          "currency",
          "decimals",
          "transfers",
          text("received"),
          text("refunded"),
          text("owed"),
          text("written_off"),
          dollars("received"),
          dollars("refunded"),
          dollars("written_off"),
          sql<string>`round(fee_usd, 2)::text`.as("fee_usd"),
        ])
        .orderBy("created_at")
        .orderBy("id"),
    ),
    run(
      sqlBuilder
        .selectFrom(rowsOf(from, to).as("rows"))
        .select([sql<string>`to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')`.as("day"), ...TOTALS])
        .groupBy(sql`1`)
        .orderBy(sql`1`),
    ),
    run(
      sqlBuilder
        .selectFrom(rowsOf(from, to).as("rows"))
        .select(["partner_id", ...TOTALS])
        .groupBy("partner_id")
        .orderBy("partner_id", (order) => order.nullsFirst()),
    ),
    run(totalsOver(from, to)),
  ]);
  const page = rows.slice(0, query.pageSize);
  return {
    from: iso(query.from),
    to: iso(query.to),
    orders: page.map((row) => ({
      orderId: row.id,
      createdAt: iso(row.created_at),
      domain: row.domain,
      kind: row.kind,
      orderStatus: row.order_status,
      partnerId: row.partner_id,
      paymentType: row.payment_type,
      processor: row.processor,
      currency: row.currency,
      decimals: Number(row.decimals),
      receivedAtomic: row.received,
      refundedAtomic: row.refunded,
      owedAtomic: row.owed,
      writtenOffAtomic: row.written_off,
      usdPerUnit: row.usd_per_unit,
      receivedUsd: row.received_usd === null ? null : fixed(row.received_usd),
      refundedUsd: row.refunded_usd === null ? null : fixed(row.refunded_usd),
      writtenOffUsd: row.written_off_usd === null ? null : fixed(row.written_off_usd),
      platformFeeUsd: fixed(row.fee_usd),
      references: [...(row.processor_ref ? [row.processor_ref] : []), ...(row.transfers ?? [])],
    })),
    nextAfter: rows.length > query.pageSize ? page[page.length - 1]!.id : "",
    totalsByDay: byDay.map((row) => ({ day: row.day, ...totalsOf(row) })),
    totalsByPartner: byPartner.map((row) => ({ partnerId: row.partner_id, ...totalsOf(row) })),
    totals: totalsOf(all),
  };
}

/** The orders of a page as CSV, one line per order. */
export function reconciliationCsv(answer: Response): string {
  const columns = [
    "orderId",
    "createdAt",
    "domain",
    "kind",
    "orderStatus",
    "partnerId",
    "paymentType",
    "currency",
    "receivedAtomic",
    "refundedAtomic",
    "owedAtomic",
    "writtenOffAtomic",
    "usdPerUnit",
    "receivedUsd",
    "refundedUsd",
    "writtenOffUsd",
    "platformFeeUsd",
    "references",
  ] as const;
  const cell = (value: unknown) => {
    const text = Array.isArray(value) ? value.join(" ") : value === null || value === undefined ? "" : String(value);
    // Quoted, and a leading formula character neutralised, so a spreadsheet runs nothing a buyer typed.
    const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
    return `"${safe.replace(/"/g, '""')}"`;
  };
  const lines = [columns.join(",")];
  for (const order of answer.orders) lines.push(columns.map((c) => cell(order[c])).join(","));
  return lines.join("\r\n") + "\r\n";
}
