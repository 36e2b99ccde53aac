// Reverse answers nobody else can choose (issue 30, item 5): anyone may buy a name and name any
// address as its owner and ETH wallet, so such a purchase must never become that address's reverse
// answer, neither on GET /v1/reverse nor within a parent (endpoint 6). What answers is what the
// address chose (its primary name, set while signed in) or, within a parent, what the partner issued it.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startTestApp, type TestApp } from "@/tests/support/app";
import { seedCatalogue } from "@/tests/support/market-fixtures";
import { newAccount, signIn } from "@/tests/support/owner-fixtures";

let app: TestApp;
let partnerId: string;
let adminToken: string;
let parentName: string;

beforeAll(async () => {
  app = await startTestApp();
  ({ partnerId, adminToken, parentName } = await seedCatalogue());
});
afterAll(() => app.close());

/** A stranger buys `domain` by card for `victim`, who is its owner and ETH wallet. */
async function buyFor(victim: string, domain: string): Promise<void> {
  const res = await app.fetch("/v1/market/purchase", {
    method: "POST",
    json: {
      checkoutId: randomUUID(),
      domain,
      ownerAddress: victim,
      partnerId,
      walletAddrs: [{ coinId: 60, addr: victim }],
      years: 1,
    },
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const { processorCheckoutSession } = (await res.json()) as { processorCheckoutSession: string };
  const paid = await app.fetch("/api/test-processor/pay", {
    method: "POST",
    json: { clientSecret: processorCheckoutSession, cardNumber: "4242 4242 4242 4242" },
  });
  expect(await paid.json()).toMatchObject({ status: "succeeded", orderStatus: "COMPLETED" });
}

const reverse = (address: string) => app.fetch(`/v1/reverse/${address}`, { token: adminToken });
const inParent = (address: string) => app.fetch(`/v1/parentdomains/${parentName}/addresses/${address}/reverse-resolve`);
const issue = (label: string, ownerAddress: string) =>
  app.fetch(`/v1/parentdomains/${parentName}/subdomains`, {
    method: "POST",
    token: adminToken,
    json: { label, ownerAddress },
  });
const setPrimary = (token: string, name: string | null) =>
  app.fetch("/v1/owner/reverse", { method: "PUT", token, json: { name } });
const tag = () => randomUUID().slice(0, 8);

describe("GET /v1/reverse/{address}", () => {
  test("a name a stranger bought naming the victim is not the victim's reverse answer", async () => {
    const victim = newAccount();
    const scam = `bob-sends-scams${tag()}.web3`;
    await buyFor(victim.address, scam);
    // The name resolves forward to the victim, as its buyer asked ...
    const forward = await app.fetch(`/v1/resolve/${scam}`, { token: adminToken });
    expect(((await forward.json()) as { ownerAddress: string }).ownerAddress).toBe(victim.address);
    // ... but the victim never chose it: no reverse answer, under any spelling of the address.
    for (const address of [victim.address, victim.address.toLowerCase()]) {
      const res = await reverse(address);
      expect(res.status, address).toBe(404);
      expect(await res.json()).toEqual({ field: "address", info: expect.any(String) });
    }
    expect((await app.fetch(`/api/lookup/reverse/${victim.address}`)).status).toBe(404);
  });

  test("the victim's primary name answers, and a newer purchase naming it does not displace it", async () => {
    const victim = newAccount();
    const chosen = `chosen${tag()}.web3`;
    await buyFor(victim.address, chosen);
    const token = await signIn(app, victim);
    expect((await setPrimary(token, chosen)).status).toBe(200);
    await buyFor(victim.address, `newer-scam${tag()}.web3`);
    const res = await reverse(victim.address);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { domain: string }).domain).toBe(chosen);

    // Cleared, nothing answers: not the newest name it owns.
    expect((await setPrimary(token, null)).status).toBe(200);
    expect((await reverse(victim.address)).status).toBe(404);
  });
});

describe("GET /v1/parentdomains/{parentDomain}/addresses/{ethAddress}/reverse-resolve (6)", () => {
  test("a sub-domain a stranger bought naming the victim is never the answer", async () => {
    const victim = newAccount();
    await buyFor(victim.address, `scam${tag()}.${parentName}`);
    const res = await inParent(victim.address);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ field: "ethAddress", info: expect.any(String) });
  });

  test("the sub-domain the partner issued answers, not a newer one bought for the address", async () => {
    const holder = newAccount();
    const label = `issued${tag()}`;
    expect((await issue(label, holder.address)).status).toBe(201);
    await buyFor(holder.address, `newer${tag()}.${parentName}`);
    for (const address of [holder.address, holder.address.toLowerCase()]) {
      const res = await inParent(address);
      expect(res.status, address).toBe(200);
      expect(await res.json()).toEqual({ domain: `${label}.${parentName}` });
    }
  });

  test("a bought sub-domain answers once the address makes it its primary name", async () => {
    const holder = newAccount();
    const issued = `issued${tag()}`;
    expect((await issue(issued, holder.address)).status).toBe(201);
    const bought = `bought${tag()}.${parentName}`;
    await buyFor(holder.address, bought);
    const token = await signIn(app, holder);
    expect((await setPrimary(token, bought)).status).toBe(200);
    expect(await (await inParent(holder.address)).json()).toEqual({ domain: bought });
    // A primary name outside the parent does not count within it.
    const elsewhere = `elsewhere${tag()}.web3`;
    await buyFor(holder.address, elsewhere);
    expect((await setPrimary(token, elsewhere)).status).toBe(200);
    expect(await (await inParent(holder.address)).json()).toEqual({ domain: `${issued}.${parentName}` });
  });

  test("an issued sub-domain transferred to another address is not that address's answer", async () => {
    const holder = newAccount();
    const label = `moved${tag()}`;
    expect((await issue(label, holder.address)).status).toBe(201);
    const receiver = newAccount();
    const token = await signIn(app, holder);
    const moved = await app.fetch(`/v1/owner/names/${label}.${parentName}/owner`, {
      method: "PUT",
      token,
      json: { ownerAddress: receiver.address },
    });
    expect(moved.status).toBe(200);
    expect((await inParent(receiver.address)).status).toBe(404);
    expect((await inParent(holder.address)).status).toBe(404);
  });
});
