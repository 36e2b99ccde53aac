import "server-only";
import { randomUUID } from "node:crypto";
import { Prisma, type Order, type OrderKind, type PaymentStatus, type PaymentType, type Payment } from "@prisma/client";
import type { Row } from "@/lib/db";
import { first, prepared, sql, sqlBuilder, type DB, type CompiledQuery } from "@/lib/db/sql";
import { uuid } from "./sql-casts";

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

// A field is written to its column in snake_case: a field with no such column is a type error.
type Snake<S extends string> = S extends `${infer H}${infer T}`
  ? `${H extends Lowercase<H> ? H : `_${Lowercase<H>}`}${Snake<T>}`
  : S;
type ColumnsOf<Fields, Table> = { [F in keyof Fields & string]: Snake<F> extends keyof Table ? string : never };

/** Each field's SQL type: a parameter is cast to it, as the driver sends text. */
const ORDER_TYPES: Required<ColumnsOf<NewOrder, DB["order"]>> = {
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

const PAYMENT_TYPES: Required<ColumnsOf<NewPayment, DB["payment"]>> = {
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
const PAYMENT_JSON = sql.raw(
  `(to_jsonb(p) || jsonb_build_object(${PAYMENT_AMOUNTS.map((c) => `'${c}', p.${c}::text`)}))`,
);

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

/** The fields given, each value placed (jsonb as its text) by `place`. */
function given(fields: object, types: Record<string, string>, place: (value: unknown) => number) {
  const entries = Object.entries(fields).filter(([, value]) => value !== undefined);
  return {
    fields: entries.map(([field]) => field),
    places: entries.map(([field, value]) => place(types[field] === "jsonb" ? JSON.stringify(value) : value)),
  };
}

/** Their columns, and their places cast to the columns' types. */
function insertion({ fields, places }: ReturnType<typeof given>, types: Record<string, string>) {
  return {
    columns: sql.join(fields.map((field) => sql.id(snake(field)))),
    values: sql.join(fields.map((field, i) => sql`${places[i]}::${sql.raw(types[field])}`)),
  };
}

/** The registration of an order's name as a statement saw it: null when the name is not registered. */
export type NameRegistration = { expiresAt: Date | null; suspendedAt: Date | null } | null;

/** What take_name_hold answered: the hold is the order's, another order's, or the name is registered. */
export type HoldOutcome = "held" | "busy" | "registered";

type Written = { order_row: Row; payment_row: Row };

type Inserted = Written & { outcome: HoldOutcome };

// Compiled once for each shape (the fields given, with or without the hold): a purchase writes one
// of a few, and compiling the template anew cost ~40 µs of CPU a purchase. The template holds each
// value's place in `values`; a call sends its own values in those places.
const compiledShapes = new Map<string, { compiled: CompiledQuery<Inserted>; places: number[] }>();

/**
 * The statement that inserts an order, its payment and its first timeline event (PENDING,
 * `reason`); with `hold`, only when take_name_hold (in the same statement) gives the order its
 * name's hold. Its row is the rows written, with `hold` also the hold's outcome. A template: its
 * columns are the fields given, which the builder's static types cannot follow.
 */
function orderInsert(
  order: NewOrder,
  payment: NewPayment,
  reason: string,
  now: Date,
  hold?: { releasedBefore: Date },
): CompiledQuery<Inserted> {
  const values: unknown[] = [];
  const place = (value: unknown) => values.push(value) - 1;
  const h = hold
    ? { domain: place(order.domain), id: place(order.id), releasedBefore: place(hold.releasedBefore) }
    : null;
  const at = place(now);
  const orderFields = given({ createdAt: now, ...order }, ORDER_TYPES, place);
  const paymentFields = given(payment, PAYMENT_TYPES, place);
  const eventId = place(randomUUID());
  const why = place(reason);
  const shape = `${hold ? "hold" : ""}|${orderFields.fields.join()}|${paymentFields.fields.join()}`;
  let known = compiledShapes.get(shape);
  if (!known) {
    const o = insertion(orderFields, ORDER_TYPES);
    const p = insertion(paymentFields, PAYMENT_TYPES);
    const written = sql`to_jsonb(o) AS order_row, ${PAYMENT_JSON} AS payment_row`;
    const compiled = sql<Inserted>`WITH
      ${
        h
          ? sql`h AS (SELECT take_name_hold(${h.domain}, ${h.id}::uuid, ${at}::timestamptz,
              ${h.releasedBefore}::timestamptz) AS outcome),`
          : sql``
      }
      o AS (
        INSERT INTO "order" (${o.columns}, "updated_at")
          SELECT ${o.values}, ${at}::timestamptz ${h ? sql`FROM h WHERE h.outcome = 'held'` : sql``}
          RETURNING *),
      p AS (
        INSERT INTO payment (${p.columns}, "created_at", "updated_at")
          SELECT ${p.values}, ${at}::timestamptz, ${at}::timestamptz FROM o RETURNING *),
      e AS (
        INSERT INTO order_event (id, order_id, status, reason, created_at)
          SELECT ${eventId}::uuid, id, 'PENDING', ${why}, ${at}::timestamptz FROM o)
    ${
      h
        ? sql`SELECT h.outcome, ${written} FROM h LEFT JOIN o ON true LEFT JOIN p ON true`
        : sql`SELECT ${written} FROM o CROSS JOIN p`
    }`.compile(sqlBuilder);
    known = { compiled, places: compiled.parameters as number[] };
    compiledShapes.set(shape, known);
  }
  return { ...known.compiled, parameters: known.places.map((place) => values[place]) };
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
  const row = await first(orderInsert(order, payment, reason, now), q);
  return writtenOrder(row!);
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
  const row = (await first(orderInsert(order, payment, reason, now, { releasedBefore }), q))!;
  return { outcome: row.outcome, order: row.order_row ? writtenOrder(row) : null };
}

/** The order with its payment, by id or by the client's checkoutId. */
export async function readOrderWithPayment(
  where: { id: string } | { checkoutId: string },
): Promise<OrderWithPayment | null> {
  return (await readOrderAndName(where))?.order ?? null;
}

/** The order `o` with its payment `p` and the registration `d` of its name, compiled once for each key. */
const orderAndName = (column: "o.id" | "o.checkout_id", value: string) =>
  sqlBuilder
    .selectFrom("order as o")
    .leftJoin("payment as p", "p.order_id", "o.id")
    .leftJoin("domain as d", "d.name", "o.domain")
    .select((eb) => [
      sql<Row>`to_jsonb(o)`.as("order_row"),
      sql<Row | null>`${PAYMENT_JSON}`.as("payment_row"),
      eb("d.name", "is not", null).$castTo<boolean>().as("registered"),
      "d.expires_at as registered_expires_at",
      "d.suspended_at as registered_suspended_at",
    ])
    .where(column, "=", uuid(value));
const orderAndNameById = prepared((id: string) => orderAndName("o.id", id));
const orderAndNameByCheckout = prepared((checkoutId: string) => orderAndName("o.checkout_id", checkoutId));

/** The order with its payment, and the registration of its name, in one statement. */
export async function readOrderAndName(
  where: { id: string } | { checkoutId: string },
): Promise<{ order: OrderWithPayment; registration: NameRegistration } | null> {
  const [row] = await ("id" in where ? orderAndNameById([where.id]) : orderAndNameByCheckout([where.checkoutId]));
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
  registered_expires_at: Date | null;
  registered_suspended_at: Date | null;
}): NameRegistration {
  if (!row.registered) return null;
  const date = (value: Date | null) => (value === null ? null : new Date(value));
  return { expiresAt: date(row.registered_expires_at), suspendedAt: date(row.registered_suspended_at) };
}

const statusOfOrder = prepared((orderId: string) =>
  sqlBuilder.selectFrom("order").select("order_status").where("id", "=", uuid(orderId)),
);

/** The order's status, or null when there is no such order. */
export async function orderStatusOf(orderId: string): Promise<Order["orderStatus"] | null> {
  const [row] = await statusOfOrder([orderId]);
  return row?.order_status ?? null;
}
