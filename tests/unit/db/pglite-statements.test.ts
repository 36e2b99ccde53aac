// The embedded database's session keeps each statement parsed, named, and sends only its values
// the next time (lib/db/pglite-host/wire.mjs). What must hold: the same answers as parsing anew,
// a bounded number kept, answers that follow a change of the tables, and errors that leave the
// session usable, inside a transaction and out.
import { afterAll, beforeAll, expect, test } from "vitest";
import { DirectPGlite } from "@/lib/db/pglite-host/direct-pglite.mjs";
import { Session } from "@/lib/db/pglite-host/wire.mjs";

let db: DirectPGlite;
let session: Session;
beforeAll(async () => {
  db = new DirectPGlite();
  await db.waitReady;
  session = new Session(db, () => undefined);
  await session.script("CREATE TABLE item (id int PRIMARY KEY, label text NOT NULL)");
});
afterAll(async () => {
  await db.close();
});

const statementsInPostgres = async () =>
  ((await session.run("SELECT count(*)::int AS n FROM pg_prepared_statements")).rows[0] as { n: number }).n;

test("a statement asked again is answered from the kept one, with each call's values", async () => {
  await session.run("INSERT INTO item VALUES ($1, $2)", [1, "one"]);
  await session.run("INSERT INTO item VALUES ($1, $2)", [2, "two"]);
  const select = "SELECT label FROM item WHERE id = $1";
  expect((await session.run(select, [1])).rows).toEqual([{ label: "one" }]);
  expect((await session.run(select, [2])).rows).toEqual([{ label: "two" }]);
  expect((await session.run(select, [3])).rows).toEqual([]);
  const kept = await session.run("SELECT statement FROM pg_prepared_statements");
  expect((kept.rows as { statement: string }[]).map((row) => row.statement)).toEqual(expect.arrayContaining([select]));
});

test("at most 128 statements are kept; the rest are closed in PostgreSQL too", async () => {
  for (let i = 0; i < 300; i++) await session.run(`SELECT $1::int + ${i} AS n`, [i]);
  expect(session.keptStatements).toBe(128);
  // The last ones closed go with the next message.
  await session.run("SELECT 1 AS one");
  expect(await statementsInPostgres()).toBeLessThanOrEqual(129);
  expect((await session.run("SELECT $1::int + 299 AS n", [1])).rows).toEqual([{ n: 300 }]);
});

test("after the tables change, a kept statement answers with their new shape", async () => {
  const all = "SELECT * FROM item WHERE id = $1";
  expect((await session.run(all, [1])).rows).toEqual([{ id: 1, label: "one" }]);
  await session.script("ALTER TABLE item ADD COLUMN note text DEFAULT 'n'");
  expect((await session.run(all, [1])).rows).toEqual([{ id: 1, label: "one", note: "n" }]);
  await session.run("ALTER TABLE item DROP COLUMN note");
  expect((await session.run(all, [1])).rows).toEqual([{ id: 1, label: "one" }]);
});

test("a failed statement inside a transaction leaves it to roll back, and the statement usable after", async () => {
  const insert = "INSERT INTO item VALUES ($1, $2)";
  await session.script("BEGIN");
  await expect(session.run(insert, [1, "again"])).rejects.toMatchObject({ code: "23505" });
  expect(session.status).toBe("E");
  await expect(session.run("SELECT label FROM item WHERE id = $1", [1])).rejects.toMatchObject({ code: "25P02" });
  await session.script("ROLLBACK");
  expect(session.status).toBe("I");
  await session.run(insert, [3, "three"]);
  expect((await session.run("SELECT label FROM item WHERE id = $1", [3])).rows).toEqual([{ label: "three" }]);
});

test("a statement PostgreSQL cannot parse is not kept, and does not disturb the next", async () => {
  const before = session.keptStatements;
  await expect(session.run("SELEC nonsense")).rejects.toMatchObject({ code: "42601" });
  await expect(session.run("SELEC nonsense")).rejects.toMatchObject({ code: "42601" });
  expect(session.keptStatements).toBe(before);
  expect((await session.run("SELECT label FROM item WHERE id = $1", [2])).rows).toEqual([{ label: "two" }]);
});

/** The types of the frontend messages in one exchange's bytes, in order ("P" parse, "D" describe...). */
function messageTypes(bytes: Uint8Array): string[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const types: string[] = [];
  for (let at = 0; at < bytes.length; at += 1 + view.getInt32(at + 1)) types.push(String.fromCharCode(bytes[at]));
  return types;
}

test("a kept statement is not described again, and its rows keep their columns' names and types", async () => {
  const sent: string[][] = [];
  const exchange = db.exchange.bind(db);
  db.exchange = (message: Uint8Array) => {
    sent.push(messageTypes(message));
    return exchange(message);
  };
  try {
    const select =
      "SELECT id, label, now() - now() = interval '0' AS same, '{\"a\":1}'::json AS doc FROM item WHERE id = $1";
    const first = await session.run(select, [2]);
    const again = await session.run(select, [2]);
    expect(sent).toEqual([
      ["P", "B", "D", "E", "S"],
      ["B", "E", "S"],
    ]);
    expect(again.rows).toEqual([{ id: 2, label: "two", same: true, doc: { a: 1 } }]);
    expect(again.rows).toEqual(first.rows);
    expect(again.fields).toEqual(first.fields);
    expect(first.fields.map((field) => field.name)).toEqual(["id", "label", "same", "doc"]);
    // As arrays (Prisma's path), the same statement's values in the same order.
    expect((await session.run(select, [2], true)).rows).toEqual([[2, "two", true, '{"a":1}']]);
  } finally {
    db.exchange = exchange;
  }
});
