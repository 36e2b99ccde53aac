// The registry's name filter: once read, a name the registry never held is answered as unregistered
// without a query, and a name it holds, or came to hold since, always reaches the database.
import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { setConfig } from "@/lib/config";
import { closeDatabase, database, db, openDatabase } from "@/lib/db";
import { dropHere } from "@/lib/db/invalidation";
import { demoSubdomains } from "@/lib/registry/demo-data";
import { registerName } from "@/lib/registry/register-name";
import { seedDemoData } from "@/lib/registry/seed";
import { nativeRecords } from "@/lib/resolution/native-records";
import { mayBeRegistered, NameFilter, readRegisteredNames } from "@/lib/resolution/registered-names";

const OWNER = "0x8ba1f109551bD432803012645Ac136ddd64DBA72";
let lookups: string[] = [];

beforeAll(async () => {
  setConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "name-filter-")) });
  await openDatabase();
  await db().tld.create({ data: { name: "web3" } });
  // More names than a page of the read, so it takes several.
  await database().query(
    `INSERT INTO "domain" (id, name, node, label, tld, owner_address, owner_key, created_at, updated_at)
     SELECT gen_random_uuid(), 'page' || g || '.web3', '0x' || md5('page' || g) || md5('n' || g), 'page' || g,
            'web3', $1, lower($1), now(), now()
       FROM generate_series(1, 12000) AS g`,
    [OWNER],
  );
  await db().$transaction((tx) => registerName(tx, { name: "held.web3", ownerAddress: OWNER }));
  const lookup = database().lookup.bind(database());
  database().lookup = (text, params) => {
    if (text.includes("ANY($1::text[])")) lookups.push(text);
    return lookup(text, params);
  };
}, 120_000);
afterAll(closeDatabase);

const neverHeld = () => `nobody${randomUUID().slice(0, 8)}.web3`;

describe("the registry's name filter", () => {
  test("until the names are read every name is asked of the database", async () => {
    lookups = [];
    expect(mayBeRegistered(neverHeld())).toBe(true);
    await readRegisteredNames();
    expect(mayBeRegistered(neverHeld())).toBe(false);
  });

  test("once read, a name never held is null without a query; held ones, on every page, are found", async () => {
    await readRegisteredNames();
    lookups = [];
    // Fixed names, so whether the filter lets one through (about 0.24% at capacity, far fewer at
    // this fill) is the same on every run: none of these.
    const never = Array.from({ length: 200 }, (_, i) => `never${i}.web3`);
    expect(await Promise.all(never.map((name) => nativeRecords(name)))).toEqual(Array(200).fill(null));
    expect(lookups).toHaveLength(0);
    const held = ["page1.web3", "page5000.web3", "page9999.web3", "page12000.web3", "held.web3"];
    lookups = [];
    expect((await Promise.all(held.map((name) => nativeRecords(name)))).map((records) => records?.name)).toEqual(held);
    expect(lookups).toHaveLength(1);
  });

  test("a name registered after the read is found at its first ask", async () => {
    await readRegisteredNames();
    const name = neverHeld();
    expect(await nativeRecords(name)).toBeNull();
    await db().$transaction((tx) => registerName(tx, { name, ownerAddress: OWNER }));
    expect((await nativeRecords(name))?.ownerAddress).toBe(OWNER);
  });

  test("a name another instance wrote is unknown here until its notification arrives, then found", async () => {
    await readRegisteredNames();
    const name = neverHeld();
    // Written without publishing here, as another instance's write reaches this one's table.
    await database().query(
      `INSERT INTO "domain" (id, name, node, label, tld, owner_address, owner_key, created_at, updated_at)
       VALUES (gen_random_uuid(), $1, '0x' || md5($1) || md5($1), $1, 'web3', $2, lower($2), now(), now())`,
      [name, OWNER],
    );
    expect(await nativeRecords(name)).toBeNull();
    dropHere([["name", name]]);
    expect((await nativeRecords(name))?.name).toBe(name);
  });

  test("the demo seed's sub-names, written in one statement after the names were read, are found", async () => {
    await readRegisteredNames();
    const now = new Date();
    expect(await seedDemoData(now)).toBe(true);
    const seeded = demoSubdomains(now).map((sub) => `${sub.label}.brand.web3`);
    const found = await Promise.all([seeded[0], seeded[1249], seeded[2499]].map((name) => nativeRecords(name)));
    expect(found.map((records) => records?.name)).toEqual([seeded[0], seeded[1249], seeded[2499]]);
  });

  test("a filter filled past its capacity by published names is read again", async () => {
    await readRegisteredNames();
    const name = neverHeld();
    expect(mayBeRegistered(name)).toBe(false);
    const published = Array.from({ length: new NameFilter(12_001).capacity + 1 }, (_, i) => `published${i}.web3`);
    dropHere(published.map((key) => ["name", key] as const));
    expect(mayBeRegistered(name)).toBe(true);
    await readRegisteredNames();
    expect(mayBeRegistered(name)).toBe(false);
  });
});

describe("NameFilter", () => {
  test("holds every name added, and lets under 1% of others through at its capacity", () => {
    const filter = new NameFilter(100_000);
    const added = Array.from({ length: filter.capacity }, (_, i) => `m${i}.brand.web3`);
    for (const name of added) filter.add(name);
    expect(added.every((name) => filter.mayHold(name))).toBe(true);
    let through = 0;
    for (let i = 0; i < 100_000; i++) if (filter.mayHold(`cx${i}.web3`)) through++;
    expect(through).toBeLessThan(1_000);
  });

  test("is sized for the names expected, with room for a quarter more", () => {
    expect(new NameFilter(0).capacity).toBe((1 << 20) / 16);
    const large = new NameFilter(1_000_000);
    expect(large.capacity).toBeGreaterThanOrEqual(1_250_000);
    expect(large.capacity).toBeLessThan(2_500_000);
  });
});
