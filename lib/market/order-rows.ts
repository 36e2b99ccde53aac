import "server-only";
import { randomUUID } from "node:crypto";
import { Prisma, type Order, type OrderKind, type PaymentStatus, type PaymentType, type Payment } from "@prisma/client";
import { database, type Row } from "@/lib/db";

// The purchase path's own reads and writes of orders and payments, as SQL. Prisma compiles every
// model operation anew (an order.create cost ~2.2 ms of CPU, a find with an include ~1 ms), while
// one statement through the driver costs ~0.1 ms; a card purchase made about twenty of them.
// Rows come back in Prisma's shapes, so the code around them is unchanged: a column is its field
// in snake_case, and the test in tests/api/market/order-rows.test.ts holds both shapes equal.

export type OrderWithPayment = Order & { payment: Payment | null };

/** A new order's fields; the ones left out take their column defaults. */
export interface NewOrder {
  id: string;
  kind?: OrderKind;
  domain: string;
  nameService?: string;
  parentId?: string | null;
  partnerId?: string | null;
  ownerAddress: string;
  ownerEmail?: string | null;
  ownerName?: string | null;
  externalUserId?: string | null;
  walletAddrs?: unknown;
  years: number;
  baseCurrency: string;
  basePriceCents: number;
  currency: string;
  price: string;
  paymentType: PaymentType;
  paymentReferenceId: string;
  orderStatusReason: string;
  checkoutId?: string | null;
  requestHash?: string | null;
  clientAddress?: string | null;
  expiresAt: Date | null;
  replayResponse?: unknown;
  createdAt?: Date;
  creatorPartnerId?: string | null;
}

/** A new payment's fields; the ones left out take their column defaults. */
export interface NewPayment {
  id: string;
  orderId: string;
  processor: string;
  connectedAccountId?: string | null;
  chain?: string | null;
  depositAddress?: string | null;
  derivationIndex?: number | null;
  tokenContract?: string | null;
  decimals?: number | null;
  amountDue: string;
  status: PaymentStatus;
  expiresAt?: Date | null;
  usdPerUnit?: string | null;
  rateSource?: string | null;
  rateFetchedAt?: Date | null;
  platformFeeCents?: number | null;
}

/** Each field's SQL type: a parameter is cast to it, as the driver sends text. */
const ORDER_TYPES: Record<keyof NewOrder, string> = {
  id: "uuid",
  kind: '"OrderKind"',
  domain: "text",
  nameService: "text",
  parentId: "uuid",
  partnerId: "uuid",
  ownerAddress: "text",
  ownerEmail: "text",
  ownerName: "text",
  externalUserId: "uuid",
  walletAddrs: "jsonb",
  years: "int",
  baseCurrency: "text",
  basePriceCents: "int",
  currency: "text",
  price: "text",
  paymentType: '"PaymentType"',
  paymentReferenceId: "uuid",
  orderStatusReason: "text",
  checkoutId: "uuid",
  requestHash: "text",
  clientAddress: "text",
  expiresAt: "timestamptz",
  replayResponse: "jsonb",
  createdAt: "timestamptz",
  creatorPartnerId: "uuid",
};

const PAYMENT_TYPES: Record<keyof NewPayment, string> = {
  id: "uuid",
  orderId: "uuid",
  processor: "text",
  connectedAccountId: "text",
  chain: "text",
  depositAddress: "text",
  derivationIndex: "int",
  tokenContract: "text",
  decimals: "int",
  amountDue: "numeric",
  status: '"PaymentStatus"',
  expiresAt: "timestamptz",
  usdPerUnit: "numeric",
  rateSource: "text",
  rateFetchedAt: "timestamptz",
  platformFeeCents: "int",
};

const ORDER_DATES = ["expiresAt", "paidAt", "completedAt", "nameExpiresAt", "createdAt", "updatedAt"];
const PAYMENT_DATES = [
  "processorEphemeralKeyExpiresAt",
  "processorCheckedAt",
  "expiresAt",
  "rateFetchedAt",
  "createdAt",
  "updatedAt",
];

const snake = (field: string) => field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
const camel = (column: string) => column.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());

/** The payment's numeric columns, which JSON would carry as doubles: as exact text instead. */
const PAYMENT_AMOUNTS = [
  "amount_due",
  "amount_received",
  "unconfirmed_amount",
  "arrival_amount_due",
  "usd_per_unit",
  "arrival_usd_per_unit",
];

/** `to_jsonb` of the payment `p`, its amounts as exact text (fromJson makes them Decimals again). */
const PAYMENT_JSON = `(to_jsonb(p) || jsonb_build_object(${PAYMENT_AMOUNTS.map((c) => `'${c}', p.${c}::text`)}))`;

/**
 * A row as `to_jsonb` gives it, in Prisma's shape: camelCase fields, timestamps as dates, the
 * `decimals` fields (given as text) as Prisma's Decimal.
 */
function fromJson<T>(json: Row, dates: readonly string[], decimals: readonly string[] = []): T {
  const row: Row = {};
  for (const [column, value] of Object.entries(json)) row[camel(column)] = value;
  for (const field of dates) if (typeof row[field] === "string") row[field] = new Date(row[field]);
  for (const field of decimals.map(camel)) if (row[field] !== null) row[field] = new Prisma.Decimal(row[field]);
  return row as T;
}

/** Columns, casted placeholders from `$first` on, and values of the fields given. */
function insertion(fields: object, types: Record<string, string>, first: number) {
  const entries = Object.entries(fields).filter(([, value]) => value !== undefined);
  return {
    columns: entries.map(([field]) => `"${snake(field)}"`).join(", "),
    placeholders: entries.map(([field], i) => `$${first + i}::${types[field]}`).join(", "),
    values: entries.map(([field, value]) => (types[field] === "jsonb" ? JSON.stringify(value) : value)),
  };
}

/** The registration of an order's name as a statement saw it: null when the name is not registered. */
export type NameRegistration = { expiresAt: Date | null; suspendedAt: Date | null } | null;

/** What take_name_hold answered: the hold is the order's, another order's, or the name is registered. */
export type HoldOutcome = "held" | "busy" | "registered";

type Written = { order_row: Row; payment_row: Row };

/**
 * The statement that inserts an order, its payment and its first timeline event (PENDING,
 * `reason`); with `hold`, only when take_name_hold (in the same statement) gives the order its
 * name's hold. Its row is the rows written, with `hold` also the hold's outcome.
 */
function orderInsert(order: NewOrder, payment: NewPayment, reason: string, now: Date, hold?: { releasedBefore: Date }) {
  const head = hold
    ? [now, randomUUID(), reason, hold.releasedBefore, order.domain, order.id]
    : [now, randomUUID(), reason];
  const o = insertion({ createdAt: now, ...order }, ORDER_TYPES, head.length + 1);
  const p = insertion(payment, PAYMENT_TYPES, head.length + 1 + o.values.length);
  const written = `to_jsonb(o) AS order_row, ${PAYMENT_JSON} AS payment_row`;
  const sql = `WITH
      ${hold ? "h AS (SELECT take_name_hold($5, $6::uuid, $1::timestamptz, $4::timestamptz) AS outcome)," : ""}
      o AS (
        INSERT INTO "order" (${o.columns}, "updated_at")
          SELECT ${o.placeholders}, $1::timestamptz ${hold ? "FROM h WHERE h.outcome = 'held'" : ""}
          RETURNING *),
      p AS (
        INSERT INTO payment (${p.columns}, "created_at", "updated_at")
          SELECT ${p.placeholders}, $1::timestamptz, $1::timestamptz FROM o RETURNING *),
      e AS (
        INSERT INTO order_event (id, order_id, status, reason, created_at)
          SELECT $2::uuid, id, 'PENDING', $3, $1::timestamptz FROM o)
    ${
      hold
        ? `SELECT h.outcome, ${written} FROM h LEFT JOIN o ON true LEFT JOIN p ON true`
        : `SELECT ${written} FROM o CROSS JOIN p`
    }`;
  return { sql, values: [...head, ...o.values, ...p.values] };
}

function writtenOrder(row: Written): OrderWithPayment {
  return {
    ...fromJson<Order>(row.order_row, ORDER_DATES),
    payment: fromJson<Payment>(row.payment_row, PAYMENT_DATES, PAYMENT_AMOUNTS),
  };
}

/** The order, its payment and its first timeline event (PENDING, `reason`), in one statement. */
export async function writeOrder(
  q: Prisma.TransactionClient,
  order: NewOrder,
  payment: NewPayment,
  reason: string,
  now = new Date(),
): Promise<OrderWithPayment> {
  const { sql, values } = orderInsert(order, payment, reason, now);
  const [row] = await q.$queryRawUnsafe<Written[]>(sql, ...values);
  return writtenOrder(row);
}

/**
 * The same, written only when the order takes its name's hold, in the same statement (see
 * take_name_hold in prisma/migrations): atomic on its own, so `q` may be the client itself. A name
 * whose registration never expires or expired after `releasedBefore` is 'registered', a name
 * another order holds is 'busy'; either way nothing is written.
 */
export async function writeOrderTakingHold(
  q: Prisma.TransactionClient,
  order: NewOrder,
  payment: NewPayment,
  reason: string,
  now: Date,
  releasedBefore: Date,
): Promise<{ outcome: HoldOutcome; order: OrderWithPayment | null }> {
  const { sql, values } = orderInsert(order, payment, reason, now, { releasedBefore });
  const [row] = await q.$queryRawUnsafe<(Written & { outcome: HoldOutcome })[]>(sql, ...values);
  return { outcome: row.outcome, order: row.order_row ? writtenOrder(row) : null };
}

/** The order with its payment, by id or by the client's checkoutId. */
export async function readOrderWithPayment(
  where: { id: string } | { checkoutId: string },
): Promise<OrderWithPayment | null> {
  return (await readOrderAndName(where))?.order ?? null;
}

/** The order with its payment, and the registration of its name, in one statement. */
export async function readOrderAndName(
  where: { id: string } | { checkoutId: string },
): Promise<{ order: OrderWithPayment; registration: NameRegistration } | null> {
  const [column, value] = "id" in where ? ["id", where.id] : ["checkout_id", where.checkoutId];
  const [row] = await database().query<{
    order_row: Row;
    payment_row: Row | null;
    registered: boolean;
    registered_expires_at: Date | string | null;
    registered_suspended_at: Date | string | null;
  }>(
    `SELECT to_jsonb(o) AS order_row, ${PAYMENT_JSON} AS payment_row,
            d.name IS NOT NULL AS registered, d.expires_at AS registered_expires_at,
            d.suspended_at AS registered_suspended_at
       FROM "order" o LEFT JOIN payment p ON p.order_id = o.id LEFT JOIN domain d ON d.name = o.domain
      WHERE o.${column} = $1::uuid`,
    [value],
  );
  if (!row) return null;
  return {
    order: {
      ...fromJson<Order>(row.order_row, ORDER_DATES),
      payment: row.payment_row ? fromJson<Payment>(row.payment_row, PAYMENT_DATES, PAYMENT_AMOUNTS) : null,
    },
    registration: registrationOf(row),
  };
}

function registrationOf(row: {
  registered: boolean;
  registered_expires_at: Date | string | null;
  registered_suspended_at: Date | string | null;
}): NameRegistration {
  if (!row.registered) return null;
  const date = (value: Date | string | null) => (value === null ? null : new Date(value));
  return { expiresAt: date(row.registered_expires_at), suspendedAt: date(row.registered_suspended_at) };
}

/** The order's status, or null when there is no such order. */
export async function orderStatusOf(orderId: string): Promise<Order["orderStatus"] | null> {
  const [row] = await database().query<{ order_status: Order["orderStatus"] }>(
    `SELECT order_status FROM "order" WHERE id = $1::uuid`,
    [orderId],
  );
  return row?.order_status ?? null;
}
