// Each name's records are kept on its row as JSON by the record tables' triggers
// (prisma/migrations/20261212000000_domain_records_json) for resolution's first read of a name.
// Whatever writes the record tables (one statement or many rows at once, a record moved to another
// name, a name deleted with its records), the three columns equal the aggregates of the tables.
import { afterAll, beforeAll, expect, test } from "vitest";
import { setConfig } from "@/lib/config";
import { closeDatabase, database, db, openDatabase } from "@/lib/db";
import { registerName } from "@/lib/registry/register-name";

const OWNER = "0x8ba1f109551bD432803012645Ac136ddd64DBA72";
const OTHER = "0x00000000219ab540356cBB839Cbe05303d7705Fa";

beforeAll(async () => {
  setConfig({ NODE_ENV: "test", LOG_LEVEL: "silent" });
  await openDatabase();
  await db().tld.create({ data: { name: "web3" } });
}, 120_000);
afterAll(closeDatabase);

async function register(name: string) {
  const { id } = await db().$transaction((tx) =>
    registerName(tx, {
      name,
      ownerAddress: OWNER,
      wallets: [{ coin: "ETH", version: "NATIVE", coinType: 60, address: OWNER }],
    }),
  );
  return id;
}

/** The kept columns of `id` beside what the record tables hold, in the interface's order. */
async function keptAndTruth(id: string) {
  const [row] = await database().query<{ kept: unknown; truth: unknown }>(
    `SELECT json_build_object('w', d.records_wallets, 'd', d.records_dns, 't', d.records_texts) AS kept,
            json_build_object(
              'w', COALESCE((SELECT json_agg(json_build_object('coin', w.coin, 'version', w.version,
                     'coinType', w.coin_type::text, 'address', w.address) ORDER BY w.coin, w.version)
                     FROM wallet_record w WHERE w.domain_id = d.id), '[]'),
              'd', COALESCE((SELECT json_agg(json_build_object('name', r.name, 'ttl', r.ttl, 'type', r.type,
                     'value', r.value) ORDER BY r.type, r.name, r.value)
                     FROM dns_record r WHERE r.domain_id = d.id), '[]'),
              't', COALESCE((SELECT json_agg(json_build_object('key', t.key, 'value', t.value) ORDER BY t.key)
                     FROM text_record t WHERE t.domain_id = d.id), '[]')) AS truth
       FROM "domain" d WHERE d.id = $1`,
    [id],
  );
  return row;
}

test("a registration's records are on its row, in the interface's order", async () => {
  const id = await register("kept.web3");
  await database().query(
    `INSERT INTO text_record (id, domain_id, key, value)
     VALUES (gen_random_uuid(), $1, 'url', 'https://a.example'), (gen_random_uuid(), $1, 'avatar', 'x')`,
    [id],
  );
  await database().query(
    `INSERT INTO dns_record (id, domain_id, name, ttl, type, value)
     VALUES (gen_random_uuid(), $1, '@', 300, 'TXT', 'b'), (gen_random_uuid(), $1, '@', 300, 'A', '192.0.2.1')`,
    [id],
  );
  const { kept, truth } = await keptAndTruth(id);
  expect(kept).toEqual(truth);
  expect(kept).toMatchObject({
    w: [{ coin: "ETH", version: "NATIVE", coinType: "60", address: OWNER }],
    d: [{ type: "A" }, { type: "TXT" }],
    t: [{ key: "avatar" }, { key: "url" }],
  });
});

test("edits, deletions and a record moved to another name update both names", async () => {
  const from = await register("from.web3");
  const to = await register("to.web3");
  await database().query(
    `INSERT INTO text_record (id, domain_id, key, value) VALUES (gen_random_uuid(), $1, 'email', 'a@example.com')`,
    [from],
  );
  await database().query(`UPDATE wallet_record SET address = $2 WHERE domain_id = $1`, [from, OTHER]);
  expect((await keptAndTruth(from)).kept).toMatchObject({ w: [{ address: OTHER }] });
  await database().query(`UPDATE text_record SET domain_id = $2 WHERE domain_id = $1`, [from, to]);
  await database().query(`DELETE FROM wallet_record WHERE domain_id = $1`, [to]);
  for (const id of [from, to]) {
    const { kept, truth } = await keptAndTruth(id);
    expect(kept).toEqual(truth);
  }
  expect((await keptAndTruth(from)).kept).toEqual({
    w: [{ coin: "ETH", version: "NATIVE", coinType: "60", address: OTHER }],
    d: [],
    t: [],
  });
  expect((await keptAndTruth(to)).kept).toMatchObject({ w: [], d: [], t: [{ key: "email" }] });
});

test("one statement over many names keeps each; deleting a name deletes its records without failing", async () => {
  const ids = await Promise.all(["bulk1.web3", "bulk2.web3", "bulk3.web3"].map(register));
  await database().query(
    `INSERT INTO text_record (id, domain_id, key, value) SELECT gen_random_uuid(), id, 'note', name FROM "domain"
      WHERE id = ANY($1::uuid[])`,
    [ids],
  );
  for (const id of ids) {
    const { kept, truth } = await keptAndTruth(id);
    expect(kept).toEqual(truth);
    expect(kept).toMatchObject({ t: [{ key: "note" }] });
  }
  await database().query(`DELETE FROM "domain" WHERE id = $1`, [ids[0]]);
  expect(await database().query(`SELECT 1 FROM text_record WHERE domain_id = $1`, [ids[0]])).toHaveLength(0);
});
