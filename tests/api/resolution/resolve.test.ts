import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "@/lib/db";
import { createAccessToken } from "@/lib/partners/access-tokens";
import { ALICE_CONTENT_HASH, ALICE_OWNER, BOB_OWNER, demoAddress } from "@/lib/registry/demo-data";
import { registerName } from "@/lib/registry/register-name";
import { seedDemoData } from "@/lib/registry/seed";
import { startTestApp, type TestApp } from "@/tests/support/app";

let app: TestApp;
let admin: string;
let customer: string;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "registry-resolve-"));
  app = await startTestApp({ DATA_DIR: dataDir });
  expect(await seedDemoData()).toBe(true);
  admin = readFileSync(path.join(dataDir, "demo-admin-token"), "utf8").trim();
  const partner = await db().partner.findFirstOrThrow({ where: { name: "Demo Partner" } });
  const hour = 3600_000;
  customer = (
    await createAccessToken(partner.id, {
      label: "c",
      type: "CUSTOMER",
      validFrom: new Date(Date.now() - hour),
      validTill: new Date(Date.now() + hour),
    })
  ).value;
});
afterAll(() => app.close());

const get = async (url: string, token = customer) => {
  const res = await app.fetch(url, { token });
  return { status: res.status, body: await res.json() };
};

describe("demo seed", () => {
  test("a second run keeps the data and seeds nothing", async () => {
    const before = await db().domain.count();
    expect(await seedDemoData()).toBe(false);
    expect(await db().domain.count()).toBe(before);
    expect(before).toBe(2500 + 4);
    expect(await db().partner.count({ where: { name: "Demo Partner" } })).toBe(1);
  });

  test("the token file holds a working ADMIN token of the partner owning brand.web3", async () => {
    expect(existsSync(path.join(dataDir, "demo-admin-token"))).toBe(true);
    const { status, body } = await get("/v1/parentdomains/brand.web3", admin);
    expect(status).toBe(200);
    expect(body).toEqual({ parentDomain: "brand.web3", reason: "", status: true });
  });
});

describe("GET /v1/resolve/{domain} (native)", () => {
  test("alice.web3 has every record, exactly the interface's fields", async () => {
    const { status, body } = await get("/v1/resolve/alice.web3");
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual([
      "contentHash",
      "dnsRecords",
      "domain",
      "nameService",
      "ownerAddress",
      "txtRecords",
      "wallets",
    ]);
    expect(body).toMatchObject({
      domain: "alice.web3",
      nameService: "native",
      ownerAddress: ALICE_OWNER,
      contentHash: ALICE_CONTENT_HASH,
    });
    expect(body.wallets.map((w: { coin: string; version: string }) => `${w.coin}/${w.version}`).sort()).toEqual([
      "BTC/NATIVE",
      "ETH/NATIVE",
      "SOL/NATIVE",
      "USDC/BASE",
      "USDC/ERC20",
    ]);
    expect(body.dnsRecords.map((r: { type: string }) => r.type).sort()).toEqual(["A", "AAAA", "CNAME", "MX"]);
    expect(body.dnsRecords.find((r: { type: string }) => r.type === "A")).toEqual({
      name: "alice.web3",
      type: "A",
      value: "192.0.2.10",
      ttl: 300,
    });
    expect(body.txtRecords.map((r: { key: string }) => r.key).sort()).toEqual([
      "avatar",
      "description",
      "email",
      "url",
    ]);
  });

  test("names are normalized: ALICE.web3 resolves as alice.web3", async () => {
    const { status, body } = await get("/v1/resolve/ALICE.web3");
    expect(status).toBe(200);
    expect(body.domain).toBe("alice.web3");
  });

  test(
    "the name is validated as sent (ENSIP-15 does not trim): " + "spaces or a final dot are 400, nothing resolves",
    async () => {
      for (const raw of [
        " alice.web3",
        "alice.web3 ",
        "%20alice.web3",
        "alice.web3%20",
        "%09alice.web3",
        "alice.web3.",
      ]) {
        const { status, body } = await get(`/v1/resolve/${raw.replace(/ /g, "%20")}`);
        expect(status, raw).toBe(400);
        expect(body.field, raw).toBe("domain");
        expect(body.info, raw).toMatch(/ENSIP-15/);
      }
      const batch = await app.fetch("/v1/resolve", {
        method: "POST",
        token: customer,
        json: { names: [" alice.web3"] },
      });
      expect((await batch.json()).results[0]).toMatchObject({ name: " alice.web3", status: 400 });
    },
  );

  test("coins filters wallets, comma-separated or repeated", async () => {
    const comma = await get("/v1/resolve/alice.web3?coins=USDC,BTC");
    expect(comma.body.wallets.map((w: { coin: string }) => w.coin).sort()).toEqual(["BTC", "USDC", "USDC"]);
    const repeated = await get("/v1/resolve/alice.web3?coins=ETH&coins=SOL&nameservice=native");
    expect(repeated.body.wallets.map((w: { coin: string }) => w.coin).sort()).toEqual(["ETH", "SOL"]);
    const none = await get("/v1/resolve/bob.web3?coins=BTC");
    expect(none.body.wallets).toEqual([]);
  });

  test.each([
    ["/v1/resolve/alice.web3?coins=ETH,NOPE", "coins"],
    ["/v1/resolve/alice.web3?nameservice=dns", "nameservice"],
    ["/v1/resolve/ali%00ce.web3", "domain"],
    ["/v1/resolve/%D0%B0lice.web3", "domain"],
    ["/v1/resolve/alice.notatld", "domain"],
    ["/v1/resolve/%E0%A4%A", "domain"],
  ])("%s → 400 naming %s", async (url, field) => {
    const { status, body } = await get(url);
    expect(status).toBe(400);
    expect(body).toEqual({ field, info: expect.any(String) });
  });

  test("an unknown native name is 404 with ErrorResponse", async () => {
    const { status, body } = await get("/v1/resolve/nobody.web3");
    expect(status).toBe(404);
    expect(body).toEqual({ field: "domain", info: "nobody.web3 is not registered with native." });
  });

  test("a name of a service that is not configured answers 503", async () => {
    for (const url of [
      "/v1/resolve/vitalik.eth",
      "/v1/resolve/brad.crypto",
      "/v1/resolve/alice.web3?nameservice=ens",
    ]) {
      const { status, body } = await get(url);
      expect(status, url).toBe(503);
      expect(body, url).toEqual({ field: "nameservice", info: expect.stringMatching(/not configured/) });
    }
  });
});

describe("POST /v1/resolve (batch)", () => {
  test("each name is answered on its own, in order", async () => {
    const res = await app.fetch("/v1/resolve", {
      method: "POST",
      token: customer,
      json: { names: ["Alice.web3", "nobody.web3", "bad\u200d\u200d.web3", "x.notatld", "bob.web3"], coins: ["ETH"] },
    });
    expect(res.status).toBe(200);
    const { results } = await res.json();
    expect(results.map((r: { name: string; status: number }) => [r.name, r.status])).toEqual([
      ["Alice.web3", 200],
      ["nobody.web3", 404],
      ["bad\u200d\u200d.web3", 400],
      ["x.notatld", 400],
      ["bob.web3", 200],
    ]);
    expect(results[0].result.wallets).toEqual([{ address: ALICE_OWNER, coin: "ETH", version: "NATIVE" }]);
    expect(results[1].error).toEqual({ field: "domain", info: expect.any(String) });
    expect(results[1].result).toBeUndefined();
  });

  test("a NUL character anywhere in the body makes the whole request malformed: 400 naming it", async () => {
    const res = await app.fetch("/v1/resolve", {
      method: "POST",
      token: customer,
      json: { names: ["alice.web3", "bad\u0000.web3"] },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ field: "names.1", info: expect.stringContaining("NUL") });
  });

  test("more than 100 names, none, or unknown fields are 400", async () => {
    for (const json of [
      { names: Array.from({ length: 101 }, (_, i) => `n${i}.web3`) },
      { names: [] },
      { names: ["a.web3"], extra: 1 },
      { names: ["a.web3"], coins: ["NOPE"] },
    ]) {
      const res = await app.fetch("/v1/resolve", { method: "POST", token: customer, json });
      expect(res.status).toBe(400);
      expect(Object.keys(await res.json()).sort()).toEqual(["field", "info"]);
    }
  });
});

describe("GET /v1/reverse/{address} (native)", () => {
  test("alice's owner resolves to alice.web3 through its verified reverse record, any letter case", async () => {
    for (const address of [ALICE_OWNER, ALICE_OWNER.toLowerCase(), `0x${ALICE_OWNER.slice(2).toUpperCase()}`]) {
      const { status, body } = await get(`/v1/reverse/${address}`);
      expect(status).toBe(200);
      expect(body.domain).toBe("alice.web3");
      expect(body.nameService).toBe("native");
    }
  });

  test("bob's primary name (bob.web3) answers; an owned name pointing back is not enough without one", async () => {
    const { status, body } = await get(`/v1/reverse/${BOB_OWNER.toLowerCase()}?nameservice=native`);
    expect(status).toBe(200);
    expect(body.domain).toBe("bob.web3");
    const dave = demoAddress("dave owner");
    await db().$transaction((tx) =>
      registerName(tx, {
        name: "dave.web3",
        ownerAddress: dave,
        wallets: [{ coin: "ETH", version: "NATIVE", coinType: 60, address: dave }],
      }),
    );
    expect((await get("/v1/resolve/dave.web3")).body.ownerAddress).toBe(dave);
    expect((await get(`/v1/reverse/${dave}?nameservice=native`)).status).toBe(404);
  });

  test("a name whose ETH wallet points elsewhere is not returned, even with a reverse record", async () => {
    const owner = demoAddress("carol owner");
    const elsewhere = demoAddress("carol wallet");
    await db().$transaction(async (tx) => {
      const carol = await registerName(tx, {
        name: "carol.web3",
        ownerAddress: owner,
        wallets: [{ coin: "ETH", version: "NATIVE", coinType: 60, address: elsewhere }],
      });
      await tx.reverseRecord.create({ data: { address: owner.toLowerCase(), domainId: carol.id } });
    });
    expect((await get("/v1/resolve/carol.web3")).status).toBe(200);
    const forOwner = await get(`/v1/reverse/${owner}`);
    expect(forOwner.status).toBe(404);
    expect(forOwner.body).toEqual({ field: "address", info: expect.any(String) });
    expect((await get(`/v1/reverse/${elsewhere}`)).status).toBe(404);
  });

  test.each([["0x1234"], ["not-an-address"], [`${ALICE_OWNER}00`], [`%20${ALICE_OWNER}`], [`${ALICE_OWNER}%20`]])(
    "%s → 400 naming address",
    async (address) => {
      const { status, body } = await get(`/v1/reverse/${address}`);
      expect(status).toBe(400);
      expect(body).toEqual({ field: "address", info: expect.any(String) });
    },
  );

  test("an unknown nameservice is 400; a service not configured is 503", async () => {
    expect((await get(`/v1/reverse/${ALICE_OWNER}?nameservice=web2`)).body.field).toBe("nameservice");
    expect((await get(`/v1/reverse/${ALICE_OWNER}?nameservice=ud`)).status).toBe(503);
  });
});
