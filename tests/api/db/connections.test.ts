// On PostgreSQL, name resolution's lookups have connections of their own: with every connection
// of the main pool taken (long purchases, a stalled transaction), a forward and a reverse lookup
// still answer at once. And the main pool serves requests by arrival: a request that began
// earlier gets the next free connection before one that began later, even if it asks later.
// A lookup's statement is prepared once on its connection and then only bound and executed, and
// one prepared before the schema changed under it still answers. Lookups are planned once (a
// generic plan), the main pool's statements as PostgreSQL chooses; behind a pooler that refuses
// the lookup connections' startup option, as PgBouncer does, lookups still answer without it.
// On PGlite (one connection) the lookups are ordinary queries; the first test still runs there.
import net from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { setConfig } from "@/lib/config";
import { closeDatabase, database, db, openDatabase } from "@/lib/db";
import { asOneRequest } from "@/lib/db/arrival-order";
import { createThrowAwayDatabase } from "@/scripts/postgres-temp.mjs";
import { registerName } from "@/lib/registry/register-name";
import { nativeProvider } from "@/lib/resolution/native";
import { holdConnection } from "@/tests/support/pool";

const SERVER = process.env.TEST_DATABASE_URL;
const POOL_SIZE = 2;
const OWNER = "0x8ba1f109551bD432803012645Ac136ddd64DBA72";
const OTHER_OWNER = "0x71C7656EC7ab88b098defB751B7401B5f6d8976F";
let scratch: { url: string; drop(): Promise<void> } | undefined;

beforeAll(async () => {
  // One lookup connection: what a lookup prepared is seen by the next one.
  setConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DB_LOOKUP_POOL_SIZE: 1 });
  if (SERVER) {
    const created = await createThrowAwayDatabase(SERVER, "test");
    scratch = created;
    await openDatabase({ url: created.url, poolSize: POOL_SIZE });
  } else {
    await openDatabase();
  }
  await db().tld.create({ data: { name: "web3" } });
  await registerChosen("looked.web3", OWNER);
  // Asked for the first time with the pool taken: nothing about it is kept yet.
  await registerChosen("unasked.web3", OTHER_OWNER);
}, 120_000);

/** `name`, registered to `owner` with its ETH record and made the owner's primary name. */
function registerChosen(name: string, owner: string) {
  return db().$transaction(async (tx) => {
    const wallets = [{ coin: "ETH", version: "NATIVE", coinType: 60, address: owner }];
    const { id } = await registerName(tx, { name, ownerAddress: owner, wallets });
    await tx.reverseRecord.create({ data: { address: owner.toLowerCase(), domainId: id } });
  });
}

afterAll(async () => {
  await closeDatabase();
  await scratch?.drop();
});

describe("database connections", () => {
  test("a forward and a reverse lookup answer", async () => {
    expect((await nativeProvider.forward("looked.web3", {}))?.domain).toBe("looked.web3");
    expect((await nativeProvider.reverse(OWNER, {}))?.domain).toBe("looked.web3");
  });

  test.runIf(SERVER)("lookups answer while every connection of the main pool is taken", async () => {
    const holds = await Promise.all(Array.from({ length: POOL_SIZE }, holdConnection));
    let mainAnswered = false;
    const main = database()
      .query("SELECT 1")
      .then(() => (mainAnswered = true));
    const started = performance.now();
    expect((await nativeProvider.forward("unasked.web3", {}))?.domain).toBe("unasked.web3");
    expect((await nativeProvider.reverse(OTHER_OWNER, {}))?.domain).toBe("unasked.web3");
    expect(await database().lookup("SELECT 2 AS two")).toEqual([{ two: 2 }]);
    expect(performance.now() - started).toBeLessThan(2000);
    // The main pool's statement is still waiting for a connection.
    expect(mainAnswered).toBe(false);
    await Promise.all(holds.map((release) => release()));
    await main;
  });

  test.runIf(SERVER)("a lookup prepared before a column changed type still answers", async () => {
    await database().exec("CREATE TABLE lookup_probe (v integer); INSERT INTO lookup_probe VALUES (7)");
    const text = "SELECT v FROM lookup_probe WHERE v IS NOT NULL";
    expect(await database().lookup(text)).toEqual([{ v: 7 }]);
    // Another instance's migration, say: the prepared statement's result no longer matches.
    await database().exec("ALTER TABLE lookup_probe ALTER COLUMN v TYPE text");
    expect(await database().lookup(text)).toEqual([{ v: "7" }]);
    expect(await database().lookup(text)).toEqual([{ v: "7" }]);
  });

  test.runIf(SERVER)("a lookup is planned once, the main pool's statements as PostgreSQL chooses", async () => {
    // Left to choose, PostgreSQL makes custom plans for a statement's first five executions at least.
    const text = "SELECT name FROM domain WHERE name = ANY($1::text[]) ORDER BY name";
    for (let i = 0; i < 8; i++)
      expect(await database().lookup(text, [["looked.web3", "unasked.web3"]])).toEqual([
        { name: "looked.web3" },
        { name: "unasked.web3" },
      ]);
    const [plans] = await database().lookup<{ generic_plans: string; custom_plans: string }>(
      "SELECT generic_plans::text, custom_plans::text FROM pg_prepared_statements WHERE statement = $1",
      [text],
    );
    expect(plans).toEqual({ generic_plans: "8", custom_plans: "0" });
    const mode = "SELECT current_setting('plan_cache_mode') AS mode";
    expect(await database().lookup(mode)).toEqual([{ mode: "force_generic_plan" }]);
    expect(await database().query(mode)).toEqual([{ mode: "auto" }]);
  });

  test.runIf(SERVER)("a lookup is prepared by name once, and a bounded number of texts are", async () => {
    const text = "SELECT $1::text AS asked";
    expect(await database().lookup(text, ["first"])).toEqual([{ asked: "first" }]);
    expect(await database().lookup(text, ["second"])).toEqual([{ asked: "second" }]);
    const preparedNow = () =>
      database().lookup<{ name: string; statement: string }>(
        "SELECT name, statement FROM pg_prepared_statements WHERE name LIKE 'namesvc_lookup_%'",
      );
    const named = (await preparedNow()).filter((row) => row.statement === text);
    expect(named).toHaveLength(1);
    // Texts past the bound still answer, unnamed: the connection keeps no more statements.
    for (let i = 0; i < 40; i++) expect(await database().lookup(`SELECT ${i} AS n`)).toEqual([{ n: i }]);
    const preparedTexts = (await preparedNow()).map((row) => row.statement);
    expect(preparedTexts).toContain("SELECT 0 AS n");
    expect(preparedTexts).not.toContain("SELECT 39 AS n");
    expect(preparedTexts.length).toBeLessThanOrEqual(32);
  });

  test.runIf(SERVER)("the main pool's next connection goes to the request that began first", async () => {
    const holds = await Promise.all(Array.from({ length: POOL_SIZE }, holdConnection));
    const served: string[] = [];
    let olderAsks!: () => void;
    const olderMayAsk = new Promise<void>((resolve) => (olderAsks = resolve));
    const older = asOneRequest(async () => {
      await olderMayAsk;
      await database().query("SELECT 1");
      served.push("older");
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const newer = asOneRequest(async () => {
      await database().query("SELECT 1");
      served.push("newer");
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    // The newer request is already waiting when the older one asks.
    olderAsks();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await holds[0]();
    await older;
    await holds[1]();
    await newer;
    expect(served).toEqual(["older", "newer"]);
  });
});

describe.runIf(SERVER)("behind a pooler that refuses the lookup connections' options", () => {
  test("lookups still answer, planned as PostgreSQL chooses", async () => {
    const target = new URL(scratch!.url);
    const pooler = refusingOptions(target.hostname, Number(target.port || 5432));
    const port = await new Promise<number>((resolve) =>
      pooler.server.listen(0, "127.0.0.1", () => resolve((pooler.server.address() as net.AddressInfo).port)),
    );
    try {
      await closeDatabase();
      const through = new URL(scratch!.url);
      through.hostname = "127.0.0.1";
      through.port = String(port);
      await openDatabase({ url: through.toString(), poolSize: POOL_SIZE });
      expect(pooler.refused()).toBe(1);
      expect((await nativeProvider.forward("looked.web3", {}))?.domain).toBe("looked.web3");
      const mode = "SELECT current_setting('plan_cache_mode') AS mode";
      expect(await database().lookup(mode)).toEqual([{ mode: "auto" }]);
      expect(pooler.refused()).toBe(1);
    } finally {
      await closeDatabase();
      pooler.close();
    }
  });
});

/**
 * A TCP proxy to a PostgreSQL server that answers a startup message carrying `options` as
 * PgBouncer answers an untracked setting in it: FATAL 08P01, connection closed.
 */
function refusingOptions(host: string, port: number) {
  let refused = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    sockets.add(client);
    let head = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      head = Buffer.concat([head, chunk]);
      if (head.length < 4 || head.length < head.readInt32BE(0)) return;
      client.off("data", onData);
      if (head.subarray(8, head.readInt32BE(0)).includes("options\0")) {
        refused++;
        const fields = Buffer.from(
          "SFATAL\0VFATAL\0C08P01\0Munsupported startup parameter in options: plan_cache_mode\0\0",
        );
        const length = Buffer.alloc(4);
        length.writeInt32BE(fields.length + 4);
        client.end(Buffer.concat([Buffer.from("E"), length, fields]));
        return;
      }
      // Written at once, so it goes before anything piped after it.
      const upstream = net.connect(port, host);
      upstream.write(head);
      sockets.add(upstream);
      client.pipe(upstream).pipe(client);
      const drop = () => (client.destroy(), upstream.destroy());
      client.on("error", drop).on("close", drop);
      upstream.on("error", drop).on("close", drop);
    };
    client.on("data", onData);
  });
  return {
    server,
    refused: () => refused,
    close() {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}
