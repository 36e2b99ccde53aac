import "server-only";
import type { z } from "zod";
import type { ReconciliationQuery, ReconciliationResponse } from "@/lib/contract/schemas/operator";
import { run, sql } from "@/lib/db/sql";

// What each order of a period moved, for the operator: received, refunded and owed in the
// payment's own currency, their USD value at receipt (the rate the crypto offer was priced at,
// cents for cards), the platform's fee, and the processor's or chain's references; totals per day
// and per partner over the whole period (every page carries them).

type Query = z.infer<typeof ReconciliationQuery>;
type Response = z.infer<typeof ReconciliationResponse>;

// The report is kept as whole statements (a row per order with three correlated sums, then its totals
// three ways), which read as the SQL they are; only the period and the page are values.

// One row per order; amounts are numeric, so sums are exact.
const rowsOf = (from: Date, to: Date) => sql`
  SELECT o.id, o.created_at, o.domain, o.kind::text AS kind, o.order_status::text AS order_status,
         o.partner_id, o.payment_type::text AS payment_type, p.processor, p.processor_ref, p.usd_per_unit,
         CASE WHEN o.payment_type::text = 'card' THEN 'USD' ELSE o.currency END AS currency,
         coalesce(p.decimals, 2) AS decimals,
         coalesce(p.amount_received, 0) AS received,
         coalesce((SELECT sum(r.amount_atomic) FROM refund r
                    WHERE r.payment_id = p.id AND r.status = 'PAID'), 0) AS refunded,
         coalesce((SELECT sum(r.amount_atomic) FROM refund r
                    WHERE r.payment_id = p.id AND r.status = 'DUE'), 0) AS owed,
         coalesce((SELECT sum(r.amount_atomic) FROM refund r
                    WHERE r.payment_id = p.id AND r.status = 'WRITTEN_OFF'), 0) AS written_off,
         coalesce(CASE WHEN o.payment_type::text = 'card' AND p.platform_fee_cents IS NOT NULL AND p.amount_received > 0
                       THEN p.platform_fee_cents END, 0)::numeric / 100 AS fee_usd,
         (SELECT array_agg(t.chain || ':' || t.tx_hash ORDER BY t.created_at) FROM crypto_transfer t
           WHERE t.payment_id = p.id) AS transfers
    FROM "order" o LEFT JOIN payment p ON p.order_id = o.id
   WHERE o.created_at >= ${from}::timestamptz AND o.created_at < ${to}::timestamptz`;

// USD at receipt: cents for cards, the offer's rate for crypto (null without one).
const usd = (amount: string) => sql`CASE WHEN currency = 'USD' THEN ${sql.ref(amount)} / 100
  WHEN usd_per_unit IS NOT NULL THEN ${sql.ref(amount)} / power(10::numeric, decimals) * usd_per_unit END`;

const TOTALS = sql`count(*)::int AS orders,
  round(coalesce(sum(${usd("received")}), 0), 2)::text AS received_usd,
  round(coalesce(sum(${usd("refunded")}), 0), 2)::text AS refunded_usd,
  round(coalesce(sum(${usd("written_off")}), 0), 2)::text AS written_off_usd,
  round(coalesce(sum(fee_usd), 0), 2)::text AS fee_usd`;

interface Row {
  id: string;
  created_at: Date | string;
  domain: string;
  kind: "PURCHASE" | "RENEWAL";
  order_status: string;
  partner_id: string | null;
  payment_type: "card" | "crypto";
  processor: string | null;
  processor_ref: string | null;
  usd_per_unit: string | null;
  currency: string;
  decimals: number;
  received: string;
  refunded: string;
  owed: string;
  written_off: string;
  received_usd: string | null;
  refunded_usd: string | null;
  written_off_usd: string | null;
  fee_usd: string;
  transfers: string[] | null;
}

interface TotalRow {
  orders: number;
  received_usd: string;
  refunded_usd: string;
  written_off_usd: string;
  fee_usd: string;
}

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
  const after = query.after
    ? sql`AND (o.created_at, o.id) > (SELECT created_at, id FROM "order" WHERE id = ${query.after}::uuid)`
    : sql``;
  const [rows, byDay, byPartner, [all]] = await Promise.all([
    run(
      sql<Row>`SELECT id, created_at, domain, kind, order_status, partner_id, payment_type, processor, processor_ref,
              usd_per_unit, currency, decimals, transfers, received::text AS received, refunded::text AS refunded,
              owed::text AS owed, written_off::text AS written_off, round(${usd("received")}, 2)::text AS received_usd,
              round(${usd("refunded")}, 2)::text AS refunded_usd,
              round(${usd("written_off")}, 2)::text AS written_off_usd, round(fee_usd, 2)::text AS fee_usd
         FROM (${rowsOf(from, to)} ${after} ORDER BY o.created_at, o.id LIMIT ${query.pageSize + 1}) rows
        ORDER BY created_at, id`,
    ),
    run(
      sql<TotalRow & { day: string }>`SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, ${TOTALS}
         FROM (${rowsOf(from, to)}) rows GROUP BY 1 ORDER BY 1`,
    ),
    run(
      sql<TotalRow & { partner_id: string | null }>`SELECT partner_id, ${TOTALS}
         FROM (${rowsOf(from, to)}) rows GROUP BY 1 ORDER BY 1 NULLS FIRST`,
    ),
    run(sql<TotalRow>`SELECT ${TOTALS} FROM (${rowsOf(from, to)}) rows`),
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
