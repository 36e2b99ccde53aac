// Attacks on names through the owner API: changing another address's name under every spelling
// of it, publishing DNS records for someone else's name, claiming another's name as primary, and
// using a renewal (which anyone may pay) to change anything but the expiry.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "@/lib/db";
import { createPartner } from "@/lib/partners/create-partner";
import { startTestApp, type TestApp } from "@/tests/support/app";
import { ethWallet, newAccount, registerOwned, signIn } from "@/tests/support/owner-fixtures";

let app: TestApp;
let partnerToken: string;

beforeAll(async () => {
  app = await startTestApp();
  await db().tld.createMany({ data: [{ name: "web3" }], skipDuplicates: true });
  partnerToken = (await createPartner("Owner rights")).token.value;
});
afterAll(() => app.close());

const resolve = async (name: string) =>
  (await app.fetch(`/v1/resolve/${encodeURIComponent(name)}`, { token: partnerToken })).json();

async function victimName(prefix: string) {
  const victim = newAccount();
  const name = `${prefix}${randomUUID().slice(0, 8)}.web3`;
  await registerOwned(name, victim.address, { wallets: [ethWallet(victim.address)] });
  return { victim, name };
}

describe("another address's name", () => {
  test("no spelling of the name lets a stranger edit, transfer or clear it", async () => {
    const { name } = await victimName("spell");
    const before = await resolve(name);
    const attacker = newAccount();
    const token = await signIn(app, attacker);
    const spellings = [name, name.toUpperCase(), encodeURIComponent(name).replace(".", "%2E"), `${name}.`];
    for (const spelling of spellings) {
      const edit = await app.fetch(`/v1/owner/names/${spelling}/records`, {
        method: "PUT",
        token,
        json: { walletAddrs: [{ coinId: 60, addr: attacker.address }] },
      });
      expect([400, 403, 404], spelling).toContain(edit.status);
      const move = await app.fetch(`/v1/owner/names/${spelling}/owner`, {
        method: "PUT",
        token,
        json: { ownerAddress: attacker.address },
      });
      expect([400, 403, 404], spelling).toContain(move.status);
    }
    expect(await resolve(name)).toEqual(before);
  });

  test("a name's DNS records may name only itself and names under it", async () => {
    const { name: victim } = await victimName("dnsvictim");
    const owner = newAccount();
    const mine = `mine${randomUUID().slice(0, 8)}.web3`;
    await registerOwned(mine, owner.address);
    const token = await signIn(app, owner);
    for (const recordName of [victim, `www.${victim}`, `${mine}.${victim}`, `x${mine}`, "web3", "..", "*"]) {
      const res = await app.fetch(`/v1/owner/names/${mine}/records`, {
        method: "PUT",
        token,
        json: { dnsRecords: [{ type: "A", name: recordName, value: "192.0.2.66", ttl: 60 }] },
      });
      expect(res.status, recordName).toBe(400);
    }
    expect((await resolve(mine)).dnsRecords).toEqual([]);
  });

  test("another's name cannot be made one's primary name unless its ETH record already says so", async () => {
    const { victim, name } = await victimName("claim");
    const attacker = newAccount();
    const token = await signIn(app, attacker);
    const res = await app.fetch("/v1/owner/reverse", { method: "PUT", token, json: { name } });
    expect(res.status).toBe(409);
    expect((await app.fetch(`/v1/reverse/${attacker.address}`, { token: partnerToken })).status).toBe(404);
    // The victim's own choice still works.
    const victimToken = await signIn(app, victim);
    expect((await app.fetch("/v1/owner/reverse", { method: "PUT", token: victimToken, json: { name } })).status).toBe(
      200,
    );
    const victimReverse = await (await app.fetch(`/v1/reverse/${victim.address}`, { token: partnerToken })).json();
    expect(victimReverse.domain).toBe(name);
  });

  test("after a transfer the old owner's session cannot take the name back", async () => {
    const { victim, name } = await victimName("takeback");
    const token = await signIn(app, victim);
    const buyer = newAccount();
    const moved = await app.fetch(`/v1/owner/names/${name}/owner`, {
      method: "PUT",
      token,
      json: { ownerAddress: buyer.address },
    });
    expect(moved.status).toBe(200);
    const back = await app.fetch(`/v1/owner/names/${name}/owner`, {
      method: "PUT",
      token,
      json: { ownerAddress: victim.address },
    });
    expect(back.status).toBe(403);
    expect((await resolve(name)).ownerAddress).toBe(buyer.address);
  });

  test("of two concurrent transfers by the owner, the name ends with one of the two addresses", async () => {
    const { victim, name } = await victimName("race");
    const token = await signIn(app, victim);
    const targets = [newAccount().address, newAccount().address];
    const answers = await Promise.all(
      targets.map((ownerAddress) =>
        app.fetch(`/v1/owner/names/${name}/owner`, { method: "PUT", token, json: { ownerAddress } }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    // The second transfer runs after the first committed, when the name is no longer the victim's.
    expect(statuses).toEqual([200, 403]);
    expect(targets).toContain((await resolve(name)).ownerAddress);
  });
});

describe("renewals paid by anyone", () => {
  test("a renewal request cannot carry an owner, wallets or a price", async () => {
    const { victim, name } = await victimName("renewattack");
    const before = await resolve(name);
    const attacker = newAccount();
    for (const extra of [
      { ownerAddress: attacker.address },
      { walletAddrs: [{ coinId: 60, addr: attacker.address }] },
      { price: 0.01 },
      { partnerId: randomUUID() },
    ]) {
      for (const path of ["/v1/market/renew", "/v1/market/crypto/renew"]) {
        const res = await app.fetch(path, {
          method: "POST",
          json: { checkoutId: randomUUID(), currency: "ETH", domain: name, years: 1, ...extra },
        });
        expect(res.status, `${path} ${JSON.stringify(extra)}`).toBe(400);
      }
    }
    // A plain renewal, paid, changes the expiry only.
    const started = await (
      await app.fetch("/v1/market/renew", {
        method: "POST",
        json: { checkoutId: randomUUID(), domain: name, years: 1 },
      })
    ).json();
    await app.fetch("/api/test-processor/pay", {
      method: "POST",
      json: { clientSecret: started.processorCheckoutSession, cardNumber: "4242424242424242" },
    });
    expect(await resolve(name)).toEqual(before);
    expect((await db().order.findUniqueOrThrow({ where: { id: started.orderId } })).ownerAddress).toBe(victim.address);
  });
});
