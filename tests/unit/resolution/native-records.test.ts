// Native records are loaded in batches and kept from a name's second ask, names nobody holds
// included, until a write of the name is published; a load under way when that happens is
// answered but not kept. The names "nobody holds" here are ones the registry's name filter holds
// (published, as a registration another instance rolled back would be): a name it never held costs
// no query at all (tests/unit/resolution/registered-names.test.ts).
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { setConfig } from "@/lib/config";
import { closeDatabase, database, db, openDatabase } from "@/lib/db";
import { dropHere, invalidate } from "@/lib/db/invalidation";
import { registerName } from "@/lib/registry/register-name";
import { KEPT_NAMES, keptNameCount, nativeRecords } from "@/lib/resolution/native-records";
import { readRegisteredNames } from "@/lib/resolution/registered-names";

const OWNER = "0x8ba1f109551bD432803012645Ac136ddd64DBA72";
let queries: string[] = [];

beforeAll(async () => {
  setConfig({ NODE_ENV: "test", LOG_LEVEL: "silent" });
  await openDatabase();
  await db().tld.create({ data: { name: "web3" } });
  for (let i = 0; i < 25; i++)
    await db().$transaction((tx) => registerName(tx, { name: `held${i}.web3`, ownerAddress: OWNER }));
  // Read before the names below are published, so the filter holds each of them.
  await readRegisteredNames();
  // Every statement the records take goes through the lookups' connections: count them.
  const lookup = database().lookup.bind(database());
  database().lookup = (text, params) => {
    if (text.includes("ANY($1::text[])")) queries.push(text);
    return lookup(text, params);
  };
}, 120_000);
afterAll(closeDatabase);

/** A name the table does not hold and the name filter does: published here, as a write would be. */
const unique = (prefix: string) => {
  const name = `${prefix}${randomUUID().slice(0, 8)}.web3`;
  dropHere([["name", name]]);
  return name;
};

describe("native records", () => {
  test("fifty names asked at once cost one query; registered ones come with their records, the rest null", async () => {
    queries = [];
    const held = Array.from({ length: 25 }, (_, i) => `held${i}.web3`);
    const unknown = Array.from({ length: 25 }, () => unique("nobody"));
    const answers = await Promise.all([...held, ...unknown].map((name) => nativeRecords(name)));
    expect(queries).toHaveLength(1);
    expect(answers.slice(0, 25).map((records) => records?.name)).toEqual(held);
    expect(answers.slice(0, 25).every((records) => records?.ownerAddress === OWNER)).toBe(true);
    expect(answers.slice(25)).toEqual(Array(25).fill(null));
  });

  test("a name asked once is not kept; from its second ask it costs no query, an unknown one too", async () => {
    const held = unique("fresh");
    await db().$transaction((tx) => registerName(tx, { name: held, ownerAddress: OWNER }));
    const unknown = unique("again");
    await nativeRecords(held);
    await nativeRecords(unknown);
    queries = [];
    expect((await nativeRecords(held))?.name).toBe(held);
    expect(await nativeRecords(unknown)).toBeNull();
    expect(queries).toHaveLength(2);
    queries = [];
    expect((await nativeRecords(held))?.name).toBe(held);
    expect(await nativeRecords(unknown)).toBeNull();
    expect(queries).toHaveLength(0);
  });

  test("names each asked once leave nothing behind: asking each again queries again", async () => {
    const names = Array.from({ length: 50 }, () => unique("once"));
    await Promise.all(names.map((name) => nativeRecords(name)));
    queries = [];
    await Promise.all(names.map((name) => nativeRecords(name)));
    expect(queries).toHaveLength(1);
  });

  test("registering a name drops its kept absence: the next lookup finds it", async () => {
    const name = unique("late");
    expect(await nativeRecords(name)).toBeNull();
    queries = [];
    expect(await nativeRecords(name)).toBeNull();
    expect(await nativeRecords(name)).toBeNull();
    // The absence is kept.
    expect(queries).toHaveLength(1);
    await db().$transaction((tx) => registerName(tx, { name, ownerAddress: OWNER }));
    queries = [];
    expect((await nativeRecords(name))?.name).toBe(name);
    expect(queries).toHaveLength(1);
  });

  test("a load under way when its name is invalidated is answered but not kept", async () => {
    const name = unique("racing");
    // Asked once before, so the racing load's answer would be kept without the invalidation.
    await nativeRecords(name);
    const loading = nativeRecords(name);
    // The batch has been sent (next turn) but has not answered: invalidate now.
    await new Promise((resolve) => setImmediate(resolve));
    await invalidate("name", name);
    expect(await loading).toBeNull();
    queries = [];
    await nativeRecords(name);
    expect(queries).toHaveLength(1);
  });

  test("a request after an invalidation does not join a load sent before it", async () => {
    const name = unique("joined");
    const first = nativeRecords(name);
    await new Promise((resolve) => setImmediate(resolve));
    await db().$transaction((tx) => registerName(tx, { name, ownerAddress: OWNER }));
    // The first lookup may have read before the registration; this one must not share it.
    expect((await nativeRecords(name))?.name).toBe(name);
    await first;
  });

  test(`at most ${KEPT_NAMES} names are kept: the latest cost no query, the first asked is loaded again`, async () => {
    const names = Array.from({ length: KEPT_NAMES + 100 }, () => unique("bound"));
    // Asked twice each: kept from the second ask.
    for (let round = 0; round < 2; round++) await Promise.all(names.map((name) => nativeRecords(name)));
    expect(keptNameCount()).toBe(KEPT_NAMES);
    queries = [];
    expect(await nativeRecords(names.at(-1)!)).toBeNull();
    expect(queries).toHaveLength(0);
    expect(await nativeRecords(names[0])).toBeNull();
    expect(queries).toHaveLength(1);
    expect(keptNameCount()).toBe(KEPT_NAMES);
  });

  test("a batch whose rows cannot be read fails its requests; the next batch answers", async () => {
    const names = [unique("unreadable"), unique("unreadable")];
    const lookup = database().lookup;
    // A row as no query of ours returns it: a coin type that is not a number.
    database().lookup = async <T>() =>
      [
        {
          name: names[0],
          owner_address: OWNER,
          owner_key: OWNER.toLowerCase(),
          content_hash: "",
          expires_at: null,
          wallets: [{ coin: "ETH", version: "", coinType: "sixty", address: OWNER }],
          dns: [],
          texts: [],
        },
      ] as T[];
    try {
      const answers = await Promise.allSettled(names.map((name) => nativeRecords(name)));
      expect(answers.map((answer) => answer.status)).toEqual(["rejected", "rejected"]);
    } finally {
      database().lookup = lookup;
    }
    expect(await Promise.all(names.map((name) => nativeRecords(name)))).toEqual([null, null]);
  });
});
