// A name nobody holds is answered 404 and the answer is kept (asking again costs no query); once
// the name is registered, by a purchase or by its parent's owner, it resolves at once. With
// TEST_INSTANCES=2 the requests alternate between two server processes on one PostgreSQL
// database, so each instance has kept the 404 and one of them registers the name: the other
// must not answer from what it kept (the write reaches it over NOTIFY, lib/db/invalidation.ts).
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { demoAddress } from "@/lib/registry/demo-data";
import { seedDemoData } from "@/lib/registry/seed";
import { startTestApp, type TestApp } from "@/tests/support/app";

let app: TestApp;
let admin: string;

beforeAll(async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "resolution-cache-"));
  app = await startTestApp({ DATA_DIR: dataDir });
  await seedDemoData();
  admin = readFileSync(path.join(dataDir, "demo-admin-token"), "utf8").trim();
});
afterAll(() => app.close());

async function resolve(name: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await app.fetch(`/v1/resolve/${name}`, { token: admin });
  return { status: res.status, body: await res.json() };
}

async function resolveInBatch(name: string): Promise<number> {
  const res = await app.fetch("/v1/resolve", { token: admin, method: "POST", json: { names: [name] } });
  expect(res.status).toBe(200);
  return (await res.json()).results[0].status;
}

describe("names nobody holds", () => {
  test("a kept 404 gives way as soon as the parent's owner issues the name, on every instance", async () => {
    const label = `late${randomUUID().slice(0, 8)}`;
    const name = `${label}.brand.web3`;
    // Each instance is asked more than twice: it keeps a name's answer from the second ask on.
    for (let i = 0; i < 4; i++) {
      expect(await resolve(name)).toEqual({
        status: 404,
        body: { field: "domain", info: `${name} is not registered with native.` },
      });
      expect(await resolveInBatch(name)).toBe(404);
    }
    const owner = demoAddress(label);
    const issued = await app.fetch("/v1/parentdomains/brand.web3/subdomains", {
      token: admin,
      method: "POST",
      json: { label, ownerAddress: owner },
    });
    expect(issued.status).toBe(201);
    for (let i = 0; i < 4; i++) {
      const { status, body } = await resolve(name);
      expect({ status, domain: body.domain, ownerAddress: body.ownerAddress }).toEqual({
        status: 200,
        domain: name,
        ownerAddress: owner,
      });
      expect(await resolveInBatch(name)).toBe(200);
    }
  });

  test("a kept 404 gives way as soon as a card purchase of the name completes, on every instance", async () => {
    const name = `bought${randomUUID().slice(0, 8)}.web3`;
    for (let i = 0; i < 4; i++) expect((await resolve(name)).status).toBe(404);
    const owner = demoAddress(name);
    const bought = await app.fetch("/v1/market/purchase", {
      method: "POST",
      json: { checkoutId: randomUUID(), domain: name, ownerAddress: owner, walletAddrs: [], years: 1 },
    });
    expect(bought.status).toBe(200);
    const { processorCheckoutSession } = await bought.json();
    // Still nobody's while the order waits for its payment.
    for (let i = 0; i < 2; i++) expect((await resolve(name)).status).toBe(404);
    const paid = await app.fetch("/api/test-processor/pay", {
      method: "POST",
      json: { clientSecret: processorCheckoutSession, cardNumber: "4242424242424242" },
    });
    expect(await paid.json()).toMatchObject({ status: "succeeded", orderStatus: "COMPLETED" });
    for (let i = 0; i < 4; i++) {
      const { status, body } = await resolve(name);
      expect({ status, ownerAddress: body.ownerAddress }).toEqual({ status: 200, ownerAddress: owner });
    }
  });
});
