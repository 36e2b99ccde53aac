import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "@/lib/db";
import { createPartner } from "@/lib/partners/create-partner";
import { startTestApp, type TestApp } from "@/tests/support/app";
import { ETH_WALLET, OWNER, seedCatalogue } from "@/tests/support/market-fixtures";
import { newAccount, signIn } from "@/tests/support/owner-fixtures";

// Issue 32, item 2: revocation (everywhere at once, the label free again, paid terms refunded
// pro rata), bulk issuance answered item by item, and the listing's filters.

let app: TestApp;
let partnerId: string;
let admin: string;
let parent: string;
let otherAdmin: string;

const OTHER_OWNER = "0x71C7656EC7ab88b098defB751B7401B5f6d8976F";

beforeAll(async () => {
  app = await startTestApp({ UNPAID_HOLDS_PER_CLIENT: 0, UNPAID_HOLDS_PER_OWNER: 0 });
  ({ partnerId, adminToken: admin, parentName: parent } = await seedCatalogue());
  otherAdmin = (await createPartner("Other")).token.value;
});
afterAll(() => app.close());

const issue = (json: unknown, token = admin) =>
  app.fetch(`/v1/parentdomains/${parent}/subdomains`, { method: "POST", token, json });
const revoke = (label: string, query = "", token = admin) =>
  app.fetch(`/v1/parentdomains/${parent}/subdomains/${label}${query}`, { method: "DELETE", token });
const resolve = (name: string) => app.fetch(`/v1/resolve/${name}`, { token: admin });
const list = async (query: string) => {
  const res = await app.fetch(`/v1/parentdomains/${parent}/list?${query}`, { token: admin });
  expect(res.status).toBe(200);
  return (await res.json()) as { names: { name: string }[]; nextPaginationToken: string; total: number };
};

describe("DELETE /v1/parentdomains/{parent}/subdomains/{label}", () => {
  test("a revoked sub-name stops resolving at once, leaves the listing, and its label is free again", async () => {
    expect(
      (await issue({ label: "gone", ownerAddress: OWNER, records: { txtRecords: [{ key: "url", value: "x" }] } }))
        .status,
    ).toBe(201);
    // Asked twice, so the response cache holds the answer (it keeps one from its second asking).
    for (let i = 0; i < 2; i++) {
      const before = await resolve(`gone.${parent}`);
      expect(before.status).toBe(200);
      expect((await before.json()).txtRecords).toEqual([{ key: "url", value: "x" }]);
    }
    await list("");
    const totalBefore = (await list("")).total;

    const res = await revoke("gone");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ name: `gone.${parent}`, revokedAt: expect.any(String), refunds: [] });

    // The answer cached a moment ago is gone, here and (under TEST_INSTANCES=2) on the other instance.
    const after = await resolve(`gone.${parent}`);
    expect(after.status).toBe(404);
    const listed = await list("");
    expect(listed.total).toBe(totalBefore - 1);
    expect(listed.names.map((n) => n.name)).not.toContain(`gone.${parent}`);
    expect(await db().textRecord.count({ where: { key: "url", value: "x" } })).toBe(0);

    const again = await issue({ label: "gone", ownerAddress: OTHER_OWNER });
    expect(again.status).toBe(201);
    expect((await (await resolve(`gone.${parent}`)).json()).ownerAddress).toBe(OTHER_OWNER);
  });

  test("unknown label 404, another partner 403, a dotted label 400; nothing changes", async () => {
    expect(await (await revoke("never")).json()).toEqual({
      errors: [{ field: "label", info: `never.${parent} is not a sub-name of ${parent}.` }],
    });
    await issue({ label: "kept", ownerAddress: OWNER });
    expect((await revoke("kept", "", otherAdmin)).status).toBe(403);
    expect((await revoke("a.kept")).status).toBe(400);
    expect((await resolve(`kept.${parent}`)).status).toBe(200);
  });

  test("a sub-name bought in its paid term: 409 without refund=prorata, else the unused part is owed", async () => {
    const domain = `paid${randomUUID().slice(0, 6)}.${parent}`;
    const label = domain.split(".")[0];
    const started = await (
      await app.fetch("/v1/market/purchase", {
        method: "POST",
        json: { checkoutId: randomUUID(), domain, ownerAddress: OWNER, partnerId, years: 2 },
      })
    ).json();
    const paid = await app.fetch("/api/test-processor/pay", {
      method: "POST",
      json: { clientSecret: started.processorCheckoutSession, cardNumber: "4242424242424242" },
    });
    expect(paid.status).toBe(200);
    const order = await db().order.findUniqueOrThrow({ where: { id: started.orderId } });
    expect(order.orderStatus).toBe("COMPLETED");

    const refused = await revoke(label);
    expect(refused.status).toBe(409);
    expect((await refused.json()).errors[0]).toMatchObject({
      field: "refund",
      info: expect.stringContaining("prorata"),
    });
    expect((await resolve(domain)).status).toBe(200);
    expect(await db().refund.count({ where: { orderId: order.id } })).toBe(0);

    expect((await revoke(label, "?refund=all")).status).toBe(400);

    // Half the term used: half of the 2 x 2.50 USD owed back.
    const name = await db().domain.findUniqueOrThrow({ where: { name: domain } });
    const term = name.expiresAt!.getTime() - Date.now();
    await db().domain.update({ where: { name: domain }, data: { registeredAt: new Date(Date.now() - term) } });
    await db().order.update({ where: { id: order.id }, data: { completedAt: new Date(Date.now() - term) } });

    const res = await revoke(label, "?refund=prorata");
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.refunds).toHaveLength(1);
    expect(body.refunds[0]).toMatchObject({ orderId: order.id, method: "card", currency: "USD" });
    const cents = Number(body.refunds[0].amountAtomic);
    expect(cents).toBeGreaterThanOrEqual(249);
    expect(cents).toBeLessThanOrEqual(250);
    const refund = await db().refund.findFirstOrThrow({ where: { orderId: order.id } });
    expect(refund).toMatchObject({ status: "DUE", method: "card", amountAtomic: String(cents), partnerId });
    expect(refund.reason).toContain("revoked");
    expect((await resolve(domain)).status).toBe(404);

    const listed = (await (await app.fetch("/v1/partner/refunds", { token: admin })).json()) as {
      refunds: { id: string; domain: string; status: string }[];
    };
    expect(listed.refunds).toContainEqual(expect.objectContaining({ id: refund.id, domain, status: "DUE" }));
  });
});

describe("POST /v1/parentdomains/{parent}/subdomains with an array", () => {
  test("100 items, each answered on its own: created, conflict, invalid", async () => {
    await issue({ label: "taken", ownerAddress: OWNER });
    const items: unknown[] = Array.from({ length: 97 }, (_, i) => ({
      label: `bulk${i}`,
      ownerAddress: i % 2 ? OWNER : OTHER_OWNER,
      ...(i === 0 && { records: { walletAddrs: [{ coinId: 60, addr: ETH_WALLET }] } }),
    }));
    items.push({ label: "taken", ownerAddress: OWNER });
    items.push({ label: "bulk5", ownerAddress: OWNER });
    items.push({ label: "bad", ownerAddress: "not-an-address" });
    const res = await issue(items);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ created: 97, conflicts: 2, invalid: 1 });
    expect(body.results).toHaveLength(100);
    expect(body.results[0]).toEqual({
      index: 0,
      label: "bulk0",
      status: "created",
      name: `bulk0.${parent}`,
      ownerAddress: OTHER_OWNER,
      createdTimestamp: expect.any(String),
    });
    expect(body.results[97]).toMatchObject({ index: 97, label: "taken", status: "conflict" });
    expect(body.results[98]).toMatchObject({ index: 98, label: "bulk5", status: "conflict" });
    expect(body.results[99]).toMatchObject({
      index: 99,
      label: "bad",
      status: "invalid",
      errors: [{ field: "ownerAddress", info: expect.any(String) }],
    });
    const wallets = (await (await resolve(`bulk0.${parent}`)).json()).wallets;
    expect(wallets).toEqual([expect.objectContaining({ address: ETH_WALLET })]);
    expect(await db().domain.count({ where: { name: { startsWith: "bulk" } } })).toBe(97);
  });

  test("101 items is 400 and issues nothing", async () => {
    const items = Array.from({ length: 101 }, (_, i) => ({ label: `over${i}`, ownerAddress: OWNER }));
    const res = await issue(items);
    expect(res.status).toBe(400);
    expect(await db().domain.count({ where: { name: { startsWith: "over" } } })).toBe(0);
  });
});

describe("GET /v1/parentdomains/{parent}/list filters", () => {
  test("label prefix and owner filter, with the filtered total, paged by keyset", async () => {
    await issue(Array.from({ length: 5 }, (_, i) => ({ label: `filt${i}`, ownerAddress: OWNER })));
    await issue([{ label: "filtx", ownerAddress: OTHER_OWNER }]);
    const prefix = await list("labelPrefix=FILT&pageSize=4");
    expect(prefix.total).toBe(6);
    expect(prefix.names).toHaveLength(4);
    const rest = await list(`labelPrefix=FILT&pageSize=4&pageToken=${prefix.nextPaginationToken}`);
    expect(rest.names).toHaveLength(2);
    expect(rest.nextPaginationToken).toBe("");
    const seen = [...prefix.names, ...rest.names].map((n) => n.name).sort();
    expect(seen).toEqual(["filt0", "filt1", "filt2", "filt3", "filt4", "filtx"].map((l) => `${l}.${parent}`));

    const both = await list(`labelPrefix=filt&ownerAddress=${OTHER_OWNER.toLowerCase()}`);
    expect(both).toMatchObject({ total: 1, names: [{ name: `filtx.${parent}` }] });

    // A page token of one filter does not continue another.
    const mixed = await app.fetch(
      `/v1/parentdomains/${parent}/list?labelPrefix=fil&pageSize=4&pageToken=${prefix.nextPaginationToken}`,
      { token: admin },
    );
    expect(mixed.status).toBe(400);
    expect((await mixed.json()).errors[0].field).toBe("pageToken");
    const badOwner = await app.fetch(`/v1/parentdomains/${parent}/list?ownerAddress=nope`, { token: admin });
    expect((await badOwner.json()).errors[0].field).toBe("ownerAddress");
  });

  test("an owner filter's answer follows a transfer at once", async () => {
    const holder = newAccount();
    await issue([{ label: "handed", ownerAddress: holder.address }]);
    // Asked twice: the response cache keeps an answer from its second asking.
    for (let i = 0; i < 2; i++)
      expect(await list(`ownerAddress=${holder.address}`)).toMatchObject({
        total: 1,
        names: [{ name: `handed.${parent}` }],
      });
    const moved = await app.fetch(`/v1/owner/names/handed.${parent}/owner`, {
      method: "PUT",
      token: await signIn(app, holder),
      json: { ownerAddress: OTHER_OWNER },
    });
    expect(moved.status).toBe(200);
    expect(await list(`ownerAddress=${holder.address}`)).toMatchObject({ total: 0, names: [] });
    expect((await list(`ownerAddress=${OTHER_OWNER}&labelPrefix=handed`)).total).toBe(1);
  });
});
