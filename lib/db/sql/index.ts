import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type Compilable,
  type CompiledQuery,
  type InferResult,
  type RawBuilder,
  sql,
} from "kysely";
import { Prisma } from "@prisma/client";
import { database } from "@/lib/db";
import type { DB } from "./tables";

// The one home of the SQL that Prisma's client does not write. Statements are built with Kysely
// against the tables' types, which `prisma generate` writes from prisma/schema.prisma
// (./tables.ts, ./enums.ts), so a renamed column or table is a type error here, not a 500 later.
// Kysely only builds and compiles: a statement runs on the connection it is given (a Prisma
// transaction, the pool, or the resolution pool) through run(), so it joins Prisma's interactive
// transactions as the raw queries it replaces did.
//
// What comes back has one shape whichever way it ran: numerics as the text PostgreSQL sent (the
// generated types say `string`), timestamps as Date, JSON parsed. 64-bit integers are text too,
// except on the embedded database's pool, which reads one that fits in a double as a number (as
// PGlite does): cast with ::text where the difference matters.

export { sql } from "kysely";
export type { CompiledQuery, Expression, ExpressionBuilder, InferResult, RawBuilder } from "kysely";
export type { DB } from "./tables";

/** Builds statements; it never connects. */
export const sqlBuilder = new Kysely<DB>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

/** A Prisma client or interactive transaction: a statement given one runs on its connection. */
export interface PrismaConnection {
  $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): Promise<T>;
}

/**
 * Where a statement runs: a Prisma transaction (joins it), "pool" (the shared pool, the default)
 * or "lookup" (name resolution's own connections on PostgreSQL; the pool on PGlite).
 */
export type Connection = PrismaConnection | "pool" | "lookup";

/** A built query, a raw `sql<Row>` template (for what the builder cannot say) or a compiled one. */
export type Statement<O> = Compilable<O> | RawBuilder<O> | CompiledQuery<O>;
type RowsOf<S> =
  S extends RawBuilder<infer O> ? O[] : S extends Compilable<unknown> | CompiledQuery<unknown> ? InferResult<S> : never;

/** Runs a statement and returns its rows (none for a write without RETURNING). */
export async function run<S extends Statement<unknown>>(statement: S, on: Connection = "pool"): Promise<RowsOf<S>> {
  const { sql: text, parameters } = compiled(statement);
  return (await runText(text, parameters as unknown[], on)) as RowsOf<S>;
}

/** Runs a statement and returns its first row, if any. */
export async function first<S extends Statement<unknown>>(
  statement: S,
  on: Connection = "pool",
): Promise<RowsOf<S>[number] | undefined> {
  return (await run(statement, on))[0];
}

// A raw `sql` template compiles with the builder it is given; a query builder ignores it.
function compiled<O>(statement: Statement<O>): CompiledQuery<O> {
  if (!("compile" in statement)) return statement;
  return (statement as RawBuilder<O>).compile(sqlBuilder);
}

async function runText(text: string, parameters: unknown[], on: Connection): Promise<unknown[]> {
  if (on === "pool" || on === "lookup") {
    const rows = on === "pool" ? await database().query(text, parameters) : await database().lookup(text, parameters);
    return database().kind === "pglite" ? withBigIntsAsText(rows) : rows;
  }
  const rows = await on.$queryRawUnsafe<Record<string, unknown>[]>(text, ...parameters);
  for (const row of rows) for (const key in row) row[key] = asPostgresSent(row[key]);
  return rows;
}

// Prisma's raw queries read numerics as Decimal and 64-bit integers as bigint, and PGlite reads a
// 64-bit integer too large for a double as bigint; pg leaves both as text.
function asPostgresSent(value: unknown): unknown {
  if (typeof value === "bigint") return value.toString();
  if (Prisma.Decimal.isDecimal(value)) return value.toFixed();
  return value;
}

// The embedded database's pool reads no Decimal, only a bigint now and then. Its rows all have the
// first row's columns, read once: under cache misses of registered names (PGlite), asking every
// value of every row whether it was a Decimal took about 2% of the server's main thread.
function withBigIntsAsText(rows: Record<string, unknown>[]): Record<string, unknown>[] {
  const columns = rows.length > 0 ? Object.keys(rows[0]) : [];
  for (const row of rows)
    for (const column of columns) {
      const value = row[column];
      if (typeof value === "bigint") row[column] = value.toString();
    }
  return rows;
}

/**
 * Holds `key`'s transaction-level advisory lock until `tx` ends: one holder of a key at a time. Reads
 * a constant, since Prisma cannot read pg_advisory_xact_lock's void result.
 */
export async function lockForTransaction(key: string, tx: PrismaConnection): Promise<void> {
  await run(sql<{ locked: number }>`SELECT 1 AS locked FROM pg_advisory_xact_lock(hashtextextended(${key}, 0))`, tx);
}

const PARAMETER = Symbol("statement parameter");
interface Placeholder {
  [PARAMETER]: number;
}

/**
 * A statement compiled once, at load, for the paths that run it thousands of times a second:
 * `build` receives placeholders in place of its arguments, and each call sends the SQL text
 * compiled then with that call's values. A placeholder stands for a whole value (write a list
 * as `= any(${ids})`, not `in`), and must reach the statement unchanged. Name every parameter:
 * they are counted by `build.length`, which leaves out a rest parameter and any with a default.
 */
export function prepared<A extends unknown[], O>(
  build: (...args: A) => Statement<O>,
): (args: A, on?: Connection) => Promise<RowsOf<Statement<O>>> {
  const placeholders = Array.from({ length: build.length }, (_, index) => ({ [PARAMETER]: index }) as Placeholder);
  const statement = build(...(placeholders as unknown as A));
  const { sql: text, parameters } = compiled(statement);
  const order = parameters.map((value) => {
    if (typeof value !== "object" || value === null || !(PARAMETER in value))
      throw new Error(`prepared(): the statement holds a value not given as an argument (${text})`);
    return (value as Placeholder)[PARAMETER];
  });
  return async (args, on = "pool") =>
    (await runText(
      text,
      order.map((index) => args[index]),
      on,
    )) as RowsOf<Statement<O>>;
}
