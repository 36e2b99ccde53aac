// lib/db/sql: a statement built against the schema's types runs on the pool, on the resolution
// pool and inside a Prisma transaction, and reads the same values whichever way it ran. Runs on
// PGlite and, in the PostgreSQL suite, on a real server.
import { afterAll, beforeAll, expect, test } from "vitest";
import { closeDatabase, db } from "@/lib/db";
import { first, prepared, run, sql, sqlBuilder } from "@/lib/db/sql";
import { openTestDatabase } from "@/tests/support/app";

let drop: () => Promise<void>;
beforeAll(async () => {
  drop = (await openTestDatabase()).drop;
  await run(
    sqlBuilder
      .insertInto("chain_cursor")
      .values({ chain: "sql-test", block: "9007199254740993", updated_at: new Date() }),
  );
});
afterAll(async () => {
  await closeDatabase();
  await drop();
});

const NUMBERS = sql<{ big: string; amount: string; small: number }>`
  SELECT 9007199254740993::int8 AS big, 123456789012345678901234567890::numeric(78, 0) AS amount, 7::int4 AS small`;

test("a numeric and a 64-bit integer read as PostgreSQL's text on every connection", async () => {
  const expected = { big: "9007199254740993", amount: "123456789012345678901234567890", small: 7 };
  expect(await first(NUMBERS)).toEqual(expected);
  expect(await first(NUMBERS, "lookup")).toEqual(expected);
  expect(await first(NUMBERS, db())).toEqual(expected);
  expect(await db().$transaction((tx) => first(NUMBERS, tx))).toEqual(expected);
});

test("a statement given a transaction is part of it: undone when the transaction is", async () => {
  const failure = new Error("roll back");
  await expect(
    db().$transaction(async (tx) => {
      await run(sqlBuilder.updateTable("chain_cursor").set({ block: "1" }).where("chain", "=", "sql-test"), tx);
      const seen = await first(
        sqlBuilder.selectFrom("chain_cursor").select("block").where("chain", "=", "sql-test"),
        tx,
      );
      expect(seen).toEqual({ block: "1" });
      throw failure;
    }),
  ).rejects.toBe(failure);
  const after = await first(sqlBuilder.selectFrom("chain_cursor").select("block").where("chain", "=", "sql-test"));
  expect(after).toEqual({ block: "9007199254740993" });
});

test("a prepared statement is compiled once and sends each call's values in their places", async () => {
  const cursor = prepared((chain: string, above: string) =>
    sqlBuilder
      .selectFrom("chain_cursor")
      .select(["chain", "block"])
      .where("chain", "=", chain)
      .where(sql<boolean>`block::numeric > ${above}::numeric`),
  );
  expect(await cursor(["sql-test", "5"])).toEqual([{ chain: "sql-test", block: "9007199254740993" }]);
  expect(await cursor(["sql-test", "9007199254740993"], "lookup")).toEqual([]);
  expect(await cursor(["elsewhere", "0"])).toEqual([]);
});

test("a prepared statement refuses a value that is not one of its arguments", () => {
  expect(() =>
    prepared((chain: string) => sqlBuilder.selectFrom("chain_cursor").selectAll().where("chain", "=", chain).limit(3)),
  ).toThrow(/not given as an argument/);
});
