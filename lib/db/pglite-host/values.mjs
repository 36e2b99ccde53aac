// @ts-check
// Values between JavaScript and PostgreSQL's text format, for the embedded database's host
// (lib/db/pglite-host.mjs). The host reads rows itself instead of through PGlite's query(), so it
// builds the two tables that query() would use: PGlite's own (the raw query path), and PGlite's
// under the ones Prisma's PGlite adapter (pglite-prisma-adapter) passes it (Prisma's path; the
// adapter's table holds functions, which cannot cross the worker's channel).
// tests/unit/db/pglite-values.test.ts takes the adapter's table from the adapter and checks this
// copy against it, and both tables against PGlite's.
import { types } from "@electric-sql/pglite";
import { parse as parseArray } from "postgres-array";

/** @typedef {(text: string, typeId?: number) => unknown} Parser */
/** @typedef {Record<number, Parser>} Parsers */
/** @typedef {{ oid: number; typarray: number }} ArrayType */

/** Every array type with its element type: PGlite reads the same list from pg_type when it starts. */
export const ARRAY_TYPES_SQL = `SELECT b.oid, b.typarray
FROM pg_catalog.pg_type a
LEFT JOIN pg_catalog.pg_type b ON b.oid = a.typelem
WHERE a.typcategory = 'A'
GROUP BY b.oid, b.typarray
ORDER BY b.oid`;

/**
 * PGlite's parsers (Date, number, bigint, JSON...) with one for each array type in `arrayTypes`,
 * built as PGlite builds its own: the elements read by their type's parser, or kept as text.
 * @param {ArrayType[]} arrayTypes
 * @returns {Parsers}
 */
export function pgliteParsers(arrayTypes) {
  /** @type {Parsers} */
  const parsers = { ...types.parsers };
  for (const { oid, typarray } of arrayTypes)
    parsers[typarray] = (value) => types.arrayParser(value, parsers[oid], typarray);
  return parsers;
}

/** @type {Parser} */
const identity = (value) => value;
/** @type {Parser} */
const withoutOffset = (value) => value.split("+")[0];
/** @type {Parser} */
const bytesOf = (value) => Array.from(Buffer.from(value.slice(2), "hex"));
/**
 * @param {Parser} element
 * @returns {Parser}
 */
const arrayOf = (element) => (value) => parseArray(value, element);

/**
 * pglite-prisma-adapter's parsers: dates, times, big integers, numerics and JSON as the text
 * PostgreSQL sent, bytes as an array of numbers. 1116 is the adapter's, though PostgreSQL's array
 * of timestamptz is 1185 (which the adapter does not read); kept, so the copy stays a copy.
 * @type {Parsers}
 */
export const ADAPTER_PARSERS = {
  [types.INT8]: identity,
  [types.NUMERIC]: identity,
  [types.TIME]: identity,
  [types.TIMETZ]: withoutOffset,
  [types.DATE]: identity,
  1182: arrayOf(identity),
  [types.TIMESTAMP]: identity,
  1115: arrayOf(identity),
  [types.TIMESTAMPTZ]: withoutOffset,
  1116: arrayOf(withoutOffset),
  [types.MONEY]: (value) => value.slice(1),
  [types.JSON]: identity,
  [types.JSONB]: identity,
  [types.BYTEA]: bytesOf,
  1001: arrayOf(bytesOf),
};

/**
 * The table Prisma's adapter has PGlite's query() use: the adapter's parsers over PGlite's.
 * @param {Parsers} pglite
 * @returns {Parsers}
 */
export function prismaParsers(pglite) {
  return { ...pglite, ...ADAPTER_PARSERS };
}

/**
 * A parameter in PostgreSQL's text format (null for SQL NULL), typed by PostgreSQL from the
 * statement, as node-postgres sends them to a PostgreSQL server.
 * @param {unknown} value
 * @returns {string | null}
 */
export function paramText(value) {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array)
    return `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString("hex")}`;
  // The serializer never sees an element that is null: the array's text spells those itself.
  if (Array.isArray(value)) return types.arraySerializer(value, /** @type {(x: unknown) => string} */ (paramText), 0);
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/**
 * A parameter as the Bind message carries it: bytes as a binary parameter, the rest as text.
 * @param {unknown} value
 * @returns {string | Uint8Array | null}
 */
export function paramValue(value) {
  if (value instanceof Uint8Array) return value;
  return paramText(value);
}
