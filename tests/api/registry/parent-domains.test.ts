import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "@/lib/db";
import { createAccessToken } from "@/lib/partners/access-tokens";
import { createPartner } from "@/lib/partners/create-partner";
import { demoAddress } from "@/lib/registry/demo-data";
import { encodePageToken } from "@/lib/registry/page-token";
import { registerName } from "@/lib/registry/register-name";
import { seedDemoData } from "@/lib/registry/seed";
import { startTestApp, type TestApp } from "@/tests/support/app";

let app: TestApp;
let admin: string;
let customer: string;
let otherAdmin: string;
let brandId: string;

const TIMESTAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}$/;

beforeAll(async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "registry-parents-"));
  app = await startTestApp({ DATA_DIR: dataDir });
  await seedDemoData();
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
  const other = await createPartner("Other Partner");
  otherAdmin = other.token.value;
  await db().$transaction((tx) =>
    registerName(tx, { name: "other.web3", ownerAddress: demoAddress("other owner"), partnerId: other.partner.id }),
  );
  await db().domain.update({
    where: { name: "other.web3" },
    data: { subdomainsEnabled: true, subdomainPriceCents: 100 },
  });
  brandId = (await db().domain.findUniqueOrThrow({ where: { name: "brand.web3" } })).id;
});
afterAll(() => app.close());

async function call(url: string, init: { token?: string; method?: string; json?: unknown } = {}) {
  const res = await app.fetch(url, { token: customer, ...init });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

function expectErrors(body: unknown, field: string) {
  expect(body).toEqual({ errors: [expect.objectContaining({ field, info: expect.any(String) })] });
}

describe("GET /v1/parentdomains/{parentDomain} (3)", () => {
  test("brand.web3 is configured", async () => {
    expect(await call("/v1/parentdomains/BRAND.web3")).toEqual({
      status: 200,
      body: { parentDomain: "brand.web3", reason: "", status: true },
    });
  });

  test("plain.web3 fails with a sentence per failed check", async () => {
    const { status, body } = await call("/v1/parentdomains/plain.web3");
    expect(status).toBe(200);
    expect(body).toEqual({
      parentDomain: "plain.web3",
      status: false,
      reason: "Sub-domain issuance is not enabled for plain.web3. plain.web3 has no sub-domain price.",
    });
  });

  test("unknown, foreign and expired names fail with their reason", async () => {
    expect((await call("/v1/parentdomains/nobody.web3")).body).toEqual({
      parentDomain: "nobody.web3",
      status: false,
      reason: "nobody.web3 is not registered in the native registry.",
    });
    expect((await call("/v1/parentdomains/other.web3")).body).toEqual({
      parentDomain: "other.web3",
      status: false,
      reason: "other.web3 does not belong to this partner.",
    });
    await db().domain.update({ where: { name: "other.web3" }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await call("/v1/parentdomains/other.web3", { token: otherAdmin });
    expect(expired.body.status).toBe(false);
    expect(expired.body.reason).toMatch(/^other\.web3 expired at \d{4}-.*Z\.$/);
    await db().domain.update({ where: { name: "other.web3" }, data: { expiresAt: null } });
  });

  test("an invalid name is 400 with ErrorsResponse", async () => {
    const { status, body } = await call("/v1/parentdomains/bad%00name.web3");
    expect(status).toBe(400);
    expectErrors(body, "parentDomain");
  });
});

describe("GET /v1/parentdomains/{parentDomain}/list (4)", () => {
  test("walking every page gives all 2,500 names once, newest first", async () => {
    const seen: { createdTimestamp: string; name: string }[] = [];
    let token = "";
    let pages = 0;
    do {
      const { status, body } = await call(
        `/v1/parentdomains/brand.web3/list?pageSize=700${token ? `&pageToken=${encodeURIComponent(token)}` : ""}`,
      );
      expect(status).toBe(200);
      expect(Object.keys(body).sort()).toEqual(["names", "nextPaginationToken", "total"]);
      expect(body.total).toBe(2500);
      seen.push(...body.names);
      token = body.nextPaginationToken;
      pages++;
    } while (token !== "");
    expect(pages).toBe(4);
    expect(seen).toHaveLength(2500);
    expect(new Set(seen.map((n) => n.name)).size).toBe(2500);
    for (const item of seen) {
      expect(Object.keys(item).sort()).toEqual(["createdTimestamp", "name"]);
      expect(item.createdTimestamp).toMatch(TIMESTAMP);
      expect(item.name).toMatch(/^[a-z]+\d+\.brand\.web3$/);
    }
    const stamps = seen.map((n) => n.createdTimestamp);
    expect([...stamps].sort().reverse()).toEqual(stamps);
  });

  test("the default page has 100 names", async () => {
    const { body } = await call("/v1/parentdomains/brand.web3/list");
    expect(body.names).toHaveLength(100);
    expect(body.nextPaginationToken).not.toBe("");
  });

  test.each([["0"], ["1001"], ["abc"], ["2.5"], ["-1"]])("pageSize=%s is 400", async (size) => {
    const { status, body } = await call(`/v1/parentdomains/brand.web3/list?pageSize=${size}`);
    expect(status).toBe(400);
    expectErrors(body, "pageSize");
  });

  test("forged, foreign-parent and per-day tokens are 400 naming pageToken", async () => {
    const first = (await call("/v1/parentdomains/brand.web3/list?pageSize=5")).body.nextPaginationToken as string;
    const dayToken = (await call("/v1/parentdomains/brand.web3/per-day?pageSize=5")).body.nextPaginationToken as string;
    const otherParent = (await db().domain.findUniqueOrThrow({ where: { name: "other.web3" } })).id;
    const foreign = encodePageToken({
      listing: "names",
      parentId: otherParent,
      createdAt: new Date().toISOString(),
      id: brandId,
    });
    for (const token of [`${first.slice(0, -3)}abc`, "garbage", dayToken, foreign, "a".repeat(600)]) {
      const { status, body } = await call(`/v1/parentdomains/brand.web3/list?pageToken=${encodeURIComponent(token)}`);
      expect(status, token).toBe(400);
      expectErrors(body, "pageToken");
    }
  });

  test("unknown parent 404; another partner's parent 403", async () => {
    const unknown = await call("/v1/parentdomains/nobody.web3/list");
    expect(unknown.status).toBe(404);
    expectErrors(unknown.body, "parentDomain");
    const foreign = await call("/v1/parentdomains/other.web3/list");
    expect(foreign.status).toBe(403);
    expectErrors(foreign.body, "Authorization");
  });
});

describe("GET /v1/parentdomains/{parentDomain}/per-day (5)", () => {
  test("UTC days newest first, counts summing to the total, matching the list", async () => {
    const aggregates: { count: number; date: string }[] = [];
    let token = "";
    do {
      const { status, body } = await call(
        `/v1/parentdomains/brand.web3/per-day?pageSize=20${token ? `&pageToken=${encodeURIComponent(token)}` : ""}`,
      );
      expect(status).toBe(200);
      expect(Object.keys(body).sort()).toEqual(["aggregates", "nextPaginationToken", "total"]);
      aggregates.push(...body.aggregates);
      token = body.nextPaginationToken;
    } while (token !== "");
    const total = (await call("/v1/parentdomains/brand.web3/per-day")).body.total;
    expect(aggregates.reduce((sum, a) => sum + a.count, 0)).toBe(total);
    expect(aggregates.length).toBeGreaterThan(50);
    expect(aggregates.length).toBeLessThan(90);
    const dates = aggregates.map((a) => a.date);
    expect(new Set(dates).size).toBe(dates.length);
    expect([...dates].sort().reverse()).toEqual(dates);
    for (const a of aggregates) {
      expect(a.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(a.count).toBeGreaterThan(0);
    }
    const rows = await db().domain.findMany({ where: { parentId: brandId }, select: { createdAt: true } });
    const byDay = new Map<string, number>();
    for (const row of rows)
      byDay.set(
        row.createdAt.toISOString().slice(0, 10),
        (byDay.get(row.createdAt.toISOString().slice(0, 10)) ?? 0) + 1,
      );
    expect(Object.fromEntries(aggregates.map((a) => [a.date, a.count]))).toEqual(Object.fromEntries(byDay));
  });

  test("bad page input and another partner's parent", async () => {
    expectErrors((await call("/v1/parentdomains/brand.web3/per-day?pageSize=0")).body, "pageSize");
    expectErrors((await call("/v1/parentdomains/brand.web3/per-day?pageToken=xyz")).body, "pageToken");
    const listToken = (await call("/v1/parentdomains/brand.web3/list?pageSize=1")).body.nextPaginationToken as string;
    expect((await call(`/v1/parentdomains/brand.web3/per-day?pageToken=${encodeURIComponent(listToken)}`)).status).toBe(
      400,
    );
    expect((await call("/v1/parentdomains/other.web3/per-day")).status).toBe(403);
    expect((await call("/v1/parentdomains/nobody.web3/per-day")).status).toBe(404);
  });
});

describe("GET /v1/parentdomains/{parentDomain}/addresses/{ethAddress}/reverse-resolve (6)", () => {
  test("no token needed; the newest sub-domain issued to the owner, any letter case", async () => {
    const owned = await db().domain.findMany({
      where: { parentId: brandId },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: 200,
    });
    const counts = new Map<string, number>();
    for (const d of owned) counts.set(d.ownerKey, (counts.get(d.ownerKey) ?? 0) + 1);
    const owner = owned.find((d) => (counts.get(d.ownerKey) ?? 0) > 1)!;
    for (const address of [owner.ownerAddress, owner.ownerKey, `0x${owner.ownerKey.slice(2).toUpperCase()}`]) {
      const res = await app.fetch(`/v1/parentdomains/brand.web3/addresses/${address}/reverse-resolve`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ domain: owner.name });
    }
  });

  test("errors are single ErrorResponse bodies", async () => {
    const cases: [string, number, string][] = [
      [`/v1/parentdomains/brand.web3/addresses/${demoAddress("nobody")}/reverse-resolve`, 404, "ethAddress"],
      ["/v1/parentdomains/brand.web3/addresses/0x123/reverse-resolve", 400, "ethAddress"],
      [`/v1/parentdomains/nobody.web3/addresses/${demoAddress("nobody")}/reverse-resolve`, 404, "parentDomain"],
      [`/v1/parentdomains/bad%00.web3/addresses/${demoAddress("nobody")}/reverse-resolve`, 400, "parentDomain"],
    ];
    for (const [url, status, field] of cases) {
      const res = await app.fetch(url);
      expect(res.status, url).toBe(status);
      expect(await res.json()).toEqual({ field, info: expect.any(String) });
    }
  });
});

describe("POST /v1/parentdomains/{parentDomain}/subdomains and PATCH settings (ours)", () => {
  test("an ADMIN issues a sub-domain; it lists first and counts today", async () => {
    const before = (await call("/v1/parentdomains/brand.web3/per-day?pageSize=1")).body;
    const owner = demoAddress("new sub owner");
    const { status, body } = await call("/v1/parentdomains/brand.web3/subdomains", {
      token: admin,
      method: "POST",
      json: { label: "Fresh", ownerAddress: owner.toLowerCase() },
    });
    expect(status).toBe(201);
    expect(body).toEqual({
      name: "fresh.brand.web3",
      ownerAddress: owner,
      createdTimestamp: expect.stringMatching(TIMESTAMP),
    });
    const list = (await call("/v1/parentdomains/brand.web3/list?pageSize=1")).body;
    expect(list.names[0].name).toBe("fresh.brand.web3");
    expect(list.total).toBe(before.total + 1);
    const today = new Date().toISOString().slice(0, 10);
    const after = (await call("/v1/parentdomains/brand.web3/per-day?pageSize=1")).body;
    expect(after.aggregates[0]).toEqual({
      date: today,
      count: before.aggregates[0].date === today ? before.aggregates[0].count + 1 : 1,
    });
    expect(
      await app.fetch(`/v1/parentdomains/brand.web3/addresses/${owner}/reverse-resolve`).then((r) => r.json()),
    ).toEqual({ domain: "fresh.brand.web3" });
  });

  test("bad issue requests", async () => {
    const owner = demoAddress("x");
    const cases: [string, unknown, number, string][] = [
      ["brand.web3", { label: "fresh", ownerAddress: owner }, 409, "domain"],
      ["brand.web3", { label: "a.b", ownerAddress: owner }, 400, "label"],
      ["brand.web3", { label: "bad\u0000", ownerAddress: owner }, 400, "label"],
      ["brand.web3", { label: "ok", ownerAddress: "0x12" }, 400, "ownerAddress"],
      ["brand.web3", { label: "ok" }, 400, "ownerAddress"],
      ["plain.web3", { label: "ok", ownerAddress: owner }, 400, "parentDomain"],
      ["nobody.web3", { label: "ok", ownerAddress: owner }, 404, "parentDomain"],
      ["other.web3", { label: "ok", ownerAddress: owner }, 403, "Authorization"],
    ];
    for (const [parent, json, status, field] of cases) {
      const res = await call(`/v1/parentdomains/${parent}/subdomains`, { token: admin, method: "POST", json });
      expect(res.status, JSON.stringify(json)).toBe(status);
      expectErrors(res.body, field);
    }
    expect(
      (
        await call("/v1/parentdomains/brand.web3/subdomains", {
          method: "POST",
          json: { label: "ok", ownerAddress: owner },
        })
      ).status,
    ).toBe(403);
  });

  test("PATCH configures plain.web3, and removing the price unconfigures it", async () => {
    const res = await call("/v1/parentdomains/plain.web3", {
      token: admin,
      method: "PATCH",
      json: { subdomainsEnabled: true, subdomainPriceUsd: 2.5 },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      parentDomain: "plain.web3",
      subdomainsEnabled: true,
      subdomainPriceUsd: 2.5,
      subdomainCount: 0,
      expiresAt: expect.any(String),
    });
    expect((await call("/v1/parentdomains/plain.web3")).body.status).toBe(true);
    await call("/v1/parentdomains/plain.web3", { token: admin, method: "PATCH", json: { subdomainPriceUsd: null } });
    expect((await call("/v1/parentdomains/plain.web3")).body).toEqual({
      parentDomain: "plain.web3",
      status: false,
      reason: "plain.web3 has no sub-domain price.",
    });
  });

  test("bad PATCH requests", async () => {
    const cases: [string, unknown, number, string][] = [
      ["plain.web3", {}, 400, "body"],
      ["plain.web3", { subdomainPriceUsd: -1 }, 400, "subdomainPriceUsd"],
      ["plain.web3", { subdomainPriceUsd: 1.234 }, 400, "subdomainPriceUsd"],
      ["plain.web3", { subdomainsEnabled: "yes" }, 400, "subdomainsEnabled"],
      ["plain.web3", { owner: "me" }, 400, "body"],
      ["other.web3", { subdomainsEnabled: false }, 403, "Authorization"],
      ["nobody.web3", { subdomainsEnabled: false }, 404, "parentDomain"],
    ];
    for (const [parent, json, status, field] of cases) {
      const res = await call(`/v1/parentdomains/${parent}`, { token: admin, method: "PATCH", json });
      expect(res.status, JSON.stringify(json)).toBe(status);
      expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    }
  });
});
