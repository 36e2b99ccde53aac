// The JSON of each name's records kept on its row (prisma/migrations/20261212000000_domain_records_json)
// is rebuilt by a trigger in the transaction that wrote the records. Two transactions writing records
// of one name at once must both be in it: the later one waits for the earlier one's lock on the row
// and then reads what it committed. PostgreSQL only: PGlite runs one transaction at a time.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { database, db } from "@/lib/db";
import { registerName } from "@/lib/registry/register-name";
import { startTestApp, type TestApp } from "@/tests/support/app";
import { holdOpenTransaction, untilLockWait } from "@/tests/support/lock-waits";

const OWNER = "0x8ba1f109551bD432803012645Ac136ddd64DBA72";
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
  await db().tld.upsert({ where: { name: "web3" }, create: { name: "web3" }, update: {} });
});
afterAll(() => app?.close());

describe.skipIf(!process.env.TEST_DATABASE_URL)("records kept on a name's row", () => {
  test("two transactions adding records to one name at once: the row holds both", async () => {
    const name = `race${randomUUID().slice(0, 8)}.web3`;
    const { id } = await db().$transaction((tx) => registerName(tx, { name, ownerAddress: OWNER }));
    const first = holdOpenTransaction(
      (tx) => tx.$executeRaw`INSERT INTO text_record (id, domain_id, key, value)
                             VALUES (gen_random_uuid(), ${id}::uuid, 'first', 'a')`,
    );
    await first.holding;
    const second = db().$executeRaw`INSERT INTO text_record (id, domain_id, key, value)
                                    VALUES (gen_random_uuid(), ${id}::uuid, 'second', 'b') /* records race */`.then(
      // Prisma's promise runs its statement when it is first awaited: now, not after the wait.
      (count) => count,
    );
    try {
      await untilLockWait("the second insert never waited for the first", "records race");
    } finally {
      first.release();
    }
    await first.done;
    await second;
    const [row] = await database().query<{ texts: { key: string }[] }>(
      `SELECT records_texts AS texts FROM "domain" WHERE id = $1`,
      [id],
    );
    expect(row.texts.map((text) => text.key)).toEqual(["first", "second"]);
  });
});
