// lib/market/sql-casts.ts: a value cast for PostgreSQL stays a parameter and the cast follows it.
import { expect, test } from "vitest";
import { sqlBuilder } from "@/lib/db/sql";
import { timestamptz, uuid } from "@/lib/market/sql-casts";

test("a uuid or a timestamptz is sent as a parameter with its cast, never written into the text", () => {
  const at = new Date("2026-01-02T03:04:05Z");
  const statement = sqlBuilder
    .selectFrom("order")
    .select("id")
    .where("id", "=", uuid("6f1c1e0c-0000-4000-8000-000000000001"))
    .where("expires_at", ">", timestamptz(at))
    .compile();
  expect(statement.sql).toBe('select "id" from "order" where "id" = $1::uuid and "expires_at" > $2::timestamptz');
  expect(statement.parameters).toEqual(["6f1c1e0c-0000-4000-8000-000000000001", at]);
});
