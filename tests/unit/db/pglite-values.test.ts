// The embedded database's host (lib/db/pglite-host.mjs) reads PostgreSQL's answers itself instead
// of through PGlite's query(), with its own copy of the value parsers Prisma's PGlite adapter
// (pglite-prisma-adapter) asks for. These check that copy against the adapter's own table, taken
// from the adapter as it queries, for every type the schema and the raw queries use; and, over the
// real wire, that the adapter reads the same rows through the host as through PGlite itself, and
// that the raw query path returns what PGlite's query() does.
import { PGlite, types } from "@electric-sql/pglite";
import type { SqlDriverAdapterFactory, SqlQueryable } from "@prisma/driver-adapter-utils";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { EmbeddedDatabase } from "@/lib/db/embedded";
import {
  ADAPTER_PARSERS,
  ARRAY_TYPES_SQL,
  type ArrayType,
  type Parsers,
  pgliteParsers,
  prismaParsers,
} from "@/lib/db/pglite-host/values.mjs";

const ENUM = `CREATE TYPE "OrderStatus" AS ENUM ('PENDING', 'COMPLETED')`;

// PostgreSQL's text for values of each type, as it sends them (DateStyle ISO, TimeZone UTC): every
// type the schema and the raw queries read, and every type the adapter has a parser of its own for.
const TEXTS: Record<string, [number, string[]]> = {
  bool: [types.BOOL, ["t", "f"]],
  int2: [types.INT2, ["-32768", "7"]],
  int4: [types.INT4, ["0", "-2147483648", "2147483647"]],
  int8: [types.INT8, ["0", "-9007199254740993", "9223372036854775807", "42"]],
  oid: [types.OID, ["16384"]],
  float8: [types.FLOAT8, ["1.5", "-0", "NaN", "Infinity", "1e+300"]],
  numeric: [types.NUMERIC, ["0", "-12.3400", "123456789012345678901234567890.000000001"]],
  text: [types.TEXT, ["", "plain", 'ünï "quoted" {braces}, commas']],
  varchar: [types.VARCHAR, ["label"]],
  uuid: [types.UUID, ["0b5f8f57-5a0e-4d29-a4c8-9d2c5d6c2a11"]],
  enum: [16_385, ["COMPLETED"]],
  date: [types.DATE, ["2026-11-25", "1999-01-01"]],
  time: [types.TIME, ["13:45:06.123"]],
  timetz: [types.TIMETZ, ["13:45:06.123+00", "01:02:03+05:30"]],
  timestamp: [types.TIMESTAMP, ["2026-11-25 23:50:01.123", "2026-01-01 00:00:00"]],
  timestamptz: [types.TIMESTAMPTZ, ["2026-11-25 23:50:01.123+00", "2026-01-01 00:00:00+00"]],
  json: [types.JSON, ['{"a": [1, 2.5, "x"], "b": null}', "[]", '"text"']],
  jsonb: [types.JSONB, ['{"a": [1, 2.5, "x"], "b": null}', "3"]],
  bytea: [types.BYTEA, ["\\x", "\\x00ff10"]],
  money: [types.MONEY, ["$12.34"]],
  "text[]": [1009, ["{}", '{plain,"with space","q\\"uote",NULL,"NULL","c,omma"}']],
  "int4[]": [1007, ["{1,-2,3}"]],
  "int8[]": [1016, ["{1,9223372036854775807}"]],
  "numeric[]": [1231, ["{1.50,-2}"]],
  "date[]": [1182, ["{2026-11-25,NULL}"]],
  "timestamp[]": [1115, ['{"2026-11-25 23:50:01.123",NULL}']],
  "timestamptz[]": [1185, ['{"2026-11-25 23:50:01.123+00"}']],
  "the adapter's 1116": [1116, ['{"2026-11-25 23:50:01.123+00",NULL}']],
  "jsonb[]": [3807, ['{"{\\"a\\": 1}"}', '{"{\\"a\\": 1}",NULL}']],
  "bytea[]": [1001, ['{"\\\\x00ff",NULL}']],
  "uuid[]": [2951, ["{0b5f8f57-5a0e-4d29-a4c8-9d2c5d6c2a11}"]],
};

/** The parsers the adapter hands PGlite's query(): the only place its table is reachable. */
async function adapterParsers(): Promise<Parsers> {
  let seen: Parsers | undefined;
  const client = {
    async query(_sql: string, _params: unknown[], options: { parsers: Parsers }) {
      seen = options.parsers;
      return { rows: [], fields: [], affectedRows: 0 };
    },
  };
  const factory = new PrismaPGlite(client as never) as unknown as SqlDriverAdapterFactory;
  const adapter = await factory.connect();
  await adapter.queryRaw({ sql: "SELECT 1", args: [], argTypes: [] });
  if (!seen) throw new Error("The adapter did not query.");
  return seen;
}

/** What PGlite's query() does with a field: the caller's parser over its own, or the text (or what it throws). */
const parse = (parsers: Parsers, typeId: number, text: string) => {
  const parser = parsers[typeId];
  try {
    return { value: parser ? parser(text, typeId) : text };
  } catch (error) {
    return { threw: (error as Error).message };
  }
};

/** Each sample through both tables, side by side, so a difference names its type and text. */
function compare(actual: Parsers, expected: Parsers, only?: Set<number>) {
  const rows = Object.entries(TEXTS).flatMap(([name, [typeId, texts]]) =>
    only && !only.has(typeId) ? [] : texts.map((text) => ({ name, text, typeId })),
  );
  expect(rows.map((row) => ({ ...row, ...parse(actual, row.typeId, row.text) }))).toEqual(
    rows.map((row) => ({ ...row, ...parse(expected, row.typeId, row.text) })),
  );
  return rows.length;
}

let pglite: PGlite;
/** PGlite's own table, the one its query() reads with (not part of its typed interface). */
let pglitesOwn: Parsers;
let arrayTypes: ArrayType[];
let host: EmbeddedDatabase;
let viaPglite: SqlQueryable;
let viaHost: SqlQueryable;

beforeAll(async () => {
  [pglite, host] = await Promise.all([PGlite.create(), EmbeddedDatabase.start()]);
  pglitesOwn = (pglite as unknown as { parsers: Parsers }).parsers;
  arrayTypes = (await pglite.query<ArrayType>(ARRAY_TYPES_SQL)).rows;
  await Promise.all([pglite.exec(ENUM), host.exec(ENUM)]);
  const connect = (client: unknown) =>
    (new PrismaPGlite(client as never) as unknown as SqlDriverAdapterFactory).connect();
  [viaPglite, viaHost] = await Promise.all([connect(pglite), connect(host.prismaClient())]);
}, 120_000);
afterAll(async () => {
  await Promise.all([pglite?.close(), host?.close()]);
});

describe("the embedded database's value parsers", () => {
  test("the host's copy of pglite-prisma-adapter's parsers is the adapter's table, type by type", async () => {
    const adapters = await adapterParsers();
    expect(Object.keys(ADAPTER_PARSERS).sort()).toEqual(Object.keys(adapters).sort());
    const own = new Set(Object.keys(adapters).map(Number));
    // Every type the adapter reads its own way has samples here.
    const sampled = new Set(Object.values(TEXTS).map(([typeId]) => typeId));
    expect([...own].filter((typeId) => !sampled.has(typeId))).toEqual([]);
    expect(compare(ADAPTER_PARSERS, adapters, own)).toBeGreaterThanOrEqual(own.size);
  });

  test("Prisma's path reads every type as the adapter over PGlite's query() does", async () => {
    const adapters = await adapterParsers();
    compare(prismaParsers(pgliteParsers(arrayTypes)), { ...pglitesOwn, ...adapters });
    // The adapter's reading, not PGlite's, where the two differ.
    const prisma = prismaParsers(pgliteParsers(arrayTypes));
    expect(parse(prisma, types.INT8, "9223372036854775807")).toEqual({ value: "9223372036854775807" });
    expect(parse(prisma, types.TIMESTAMPTZ, "2026-01-01 00:00:00+00")).toEqual({ value: "2026-01-01 00:00:00" });
    expect(parse(prisma, types.BYTEA, "\\x00ff10")).toEqual({ value: [0, 255, 16] });
    expect(parse(prisma, 1182, "{2026-11-25,NULL}")).toEqual({ value: ["2026-11-25", null] });
  });

  test("the raw path reads every type as PGlite's query() does", () => {
    compare(pgliteParsers(arrayTypes), pglitesOwn);
    expect(parse(pgliteParsers(arrayTypes), types.TIMESTAMP, "2026-01-01 00:00:00").value).toBeInstanceOf(Date);
    expect(parse(pgliteParsers(arrayTypes), 1016, "{1,2}")).toEqual({ value: [1, 2] });
  });
});

// One row with a value of every type the schema and the raw queries read, and a NULL of each. (PGlite
// reads an unquoted NULL in a text[] as the text "NULL", where node-postgres reads null: the host
// reads as PGlite does.)
const EVERY_TYPE = `SELECT
  true AS bool, 7::int2 AS int2, 2147483647 AS int4, 9223372036854775807::int8 AS int8, count(*) AS count,
  1.5::float8 AS float8, -12.3400::numeric AS numeric, 'ünï "q" {b}, c'::text AS text,
  'label'::varchar(20) AS varchar, '0b5f8f57-5a0e-4d29-a4c8-9d2c5d6c2a11'::uuid AS uuid,
  '2026-11-25'::date AS date, '2026-11-25 23:50:01.123'::timestamp(3) AS timestamp,
  '2026-11-25 23:50:01.123+00'::timestamptz(3) AS timestamptz, '{"a": [1, 2.5], "b": null}'::jsonb AS jsonb,
  '{"a": 1}'::json AS json, '\\x00ff10'::bytea AS bytea, 'COMPLETED'::"OrderStatus" AS status,
  ARRAY['plain', 'with space', 'q"uote', NULL, 'c,omma']::text[] AS texts, '{}'::text[] AS empty_texts,
  ARRAY[1, -2]::int4[] AS ints, ARRAY['2026-11-25'::date, NULL] AS dates,
  NULL::int8 AS null_int8, NULL::timestamp(3) AS null_timestamp, NULL::jsonb AS null_jsonb, NULL::text AS null_text
FROM (VALUES (1), (2)) AS two(n)`;

describe("the embedded database over the wire", () => {
  test("Prisma's adapter reads the same row of every type through the host as through PGlite", async () => {
    const query = { sql: EVERY_TYPE, args: [], argTypes: [] };
    const [expected, actual] = await Promise.all([viaPglite.queryRaw(query), viaHost.queryRaw(query)]);
    expect(actual).toEqual(expected);
    expect(actual.rows[0][actual.columnNames.indexOf("int8")]).toBe("9223372036854775807");
    expect(actual.rows[0][actual.columnNames.indexOf("dates")]).toEqual(["2026-11-25", null]);
  });

  test("parameters of every kind reach PostgreSQL through the host as through PGlite", async () => {
    const query = {
      sql: `SELECT $1::int8 AS a, $2::text AS b, $3::timestamp(3) AS c, $4::jsonb AS d, $5::text[] AS e, $6::bool AS f`,
      args: ["9223372036854775807", "x'y", "2026-11-25 23:50:01.123", '{"k": [1]}', ["a", "b,c", 'q"'], true],
      argTypes: [],
    };
    const [expected, actual] = await Promise.all([
      viaPglite.queryRaw(query as never),
      viaHost.queryRaw(query as never),
    ]);
    expect(actual).toEqual(expected);
    expect(actual.rows[0]).toEqual([
      "9223372036854775807",
      "x'y",
      "2026-11-25 23:50:01.123",
      '{"k": [1]}',
      ["a", "b,c", 'q"'],
      true,
    ]);
  });

  test("the raw query path returns the rows PGlite's query() returns", async () => {
    const [expected, actual] = await Promise.all([pglite.query(EVERY_TYPE), host.query(EVERY_TYPE)]);
    expect(actual.rows).toEqual(expected.rows);
    expect(actual.fields).toEqual(expected.fields);
    expect(actual.rows[0]).toMatchObject({ bool: true, int4: 2147483647, count: 2, status: "COMPLETED" });
    expect((actual.rows[0] as { timestamp: unknown }).timestamp).toEqual(new Date("2026-11-25T23:50:01.123Z"));
  });
});
