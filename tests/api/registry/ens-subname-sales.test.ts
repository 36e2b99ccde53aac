// Issue 30, item 4: sub-names of a partner's ENS parent (label.brand.eth) are sold in the
// marketplace at the parent's price and then live as native sub-domains do: searched, bought,
// fulfilled under the parent, resolved from the registry, listed, renewed, transferred, revoked.
// The chain is not needed here: what an ENS client sees of a bought sub-name is in
// tests/integration/ens/ens-parent-clients.test.ts.
import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "@/lib/db";
import { onCryptoPaymentCredited } from "@/lib/market/crypto-payment-events";
import { recordTransfers } from "@/lib/payments/crypto/record-transfers";
import { startTestApp, type TestApp } from "@/tests/support/app";
import { ensParentOfNewPartner, type EnsParent } from "@/tests/support/ens-parent-fixtures";
import { ETH_WALLET, OWNER } from "@/tests/support/market-fixtures";
import { newAccount, signIn } from "@/tests/support/owner-fixtures";

let app: TestApp;
let parent: EnsParent;
const PARENT = `shop${randomUUID().slice(0, 6)}.eth`;
const buyer = newAccount();

beforeAll(async () => {
  app = await startTestApp({ PAYMENTS_EVM_CHAIN_ID: 1, UNPAID_HOLDS_PER_CLIENT: 0, UNPAID_HOLDS_PER_OWNER: 0 });
  parent = await ensParentOfNewPartner(PARENT, OWNER);
});
afterAll(() => app.close());

const search = async (q: string) =>
  (
    (await (await app.fetch(`/v1/market/search?q=${encodeURIComponent(q)}`)).json()) as {
      results: Record<string, unknown>[];
    }
  ).results;
const setPrice = (subdomainPriceUsd: number | null) =>
  app.fetch(`/v1/parentdomains/${PARENT}`, {
    method: "PATCH",
    token: parent.adminToken,
    json: { subdomainsEnabled: true, subdomainPriceUsd },
  });
const pay = (clientSecret: string) =>
  app.fetch("/api/test-processor/pay", { method: "POST", json: { clientSecret, cardNumber: "4242424242424242" } });
const order = async (id: string) => (await app.fetch(`/v1/market/order/${id}`)).json();

/** Buys `name` by card with the test processor; answers the order id. */
async function buy(name: string, years = 1): Promise<string> {
  const res = await app.fetch("/v1/market/purchase", {
    method: "POST",
    json: {
      checkoutId: randomUUID(),
      domain: name,
      ownerAddress: buyer.address,
      walletAddrs: [{ coinId: 60, addr: ETH_WALLET }],
      years,
    },
  });
  expect(res.status).toBe(200);
  const started = (await res.json()) as { orderId: string; processorCheckoutSession: string };
  expect((await pay(started.processorCheckoutSession)).status).toBe(200);
  return started.orderId;
}

describe("sub-names of an ENS parent in the marketplace", () => {
  test("not for sale before the parent has a price; .eth second-level names and unclaimed parents never", async () => {
    const [unpriced, secondLevel, unclaimed] = await search(`alice.${PARENT} other.eth alice.nobody-here.eth`);
    expect(unpriced).toMatchObject({
      name: `alice.${PARENT}`,
      available: false,
      reason: "parent_not_configured",
      message: `The parent domain ${PARENT} has no sub-domain price.`,
    });
    expect(secondLevel).toMatchObject({ name: "other.eth", available: false, reason: "unsupported_tld" });
    expect(secondLevel!.message).toContain("only sub-names of a partner's ENS parent are sold here");
    expect(unclaimed).toMatchObject({
      available: false,
      reason: "parent_not_configured",
      message: "nobody-here.eth is not an ENS parent domain of any partner here.",
    });
    const refused = await app.fetch("/v1/market/purchase", {
      method: "POST",
      json: { checkoutId: randomUUID(), domain: "other.eth", ownerAddress: buyer.address, years: 1 },
    });
    expect(refused.status).toBe(400);
    expect(await db().order.count({ where: { domain: "other.eth" } })).toBe(0);
  });

  test("at the parent's price: search, buy by card, COMPLETED under the parent, resolvable as ENS", async () => {
    expect((await setPrice(3.5)).status).toBe(200);
    const name = `alice.${PARENT}`;
    expect((await search(name))[0]).toEqual({ name, available: true, priceUsdPerYear: 3.5 });

    const orderId = await buy(name, 2);
    const completed = await order(orderId);
    expect(completed).toMatchObject({ domain: name, nameService: "ens", orderStatus: "COMPLETED", price: 7 });
    const row = await db().domain.findUniqueOrThrow({ where: { name }, include: { parent: true } });
    expect(row.parent?.name).toBe(PARENT);
    expect(row.partnerId).toBe(parent.partnerId);
    expect(row.ownerAddress).toBe(buyer.address);

    const resolved = await app.fetch(`/v1/resolve/${name}`, { token: parent.adminToken });
    expect(resolved.status).toBe(200);
    expect(await resolved.json()).toMatchObject({
      domain: name,
      nameService: "ens",
      ownerAddress: buyer.address,
      wallets: [expect.objectContaining({ address: ETH_WALLET, version: "NATIVE" })],
    });
    expect((await search(name))[0]).toMatchObject({ available: false, reason: "taken" });

    const listed = (await (
      await app.fetch(`/v1/parentdomains/${PARENT}/list`, { token: parent.adminToken })
    ).json()) as { names: { name: string }[] };
    expect(listed.names.map((n) => n.name)).toContain(name);
    const purchases = (await (await app.fetch("/v1/partner/purchases", { token: parent.adminToken })).json()) as {
      purchases: { domain: string; nameService: string }[];
    };
    expect(purchases.purchases).toContainEqual(expect.objectContaining({ domain: name, nameService: "ens" }));
    const perDay = (await (
      await app.fetch(`/v1/parentdomains/${PARENT}/per-day`, { token: parent.adminToken })
    ).json()) as { aggregates: { date: string; count: number }[]; total: number };
    expect(perDay.total).toBe(1);
    expect(perDay.aggregates).toEqual([{ date: new Date().toISOString().slice(0, 10), count: 1 }]);

    // Endpoint 6 answers a bought sub-name only once its owner chose it as its primary name.
    const inParent = () => app.fetch(`/v1/parentdomains/${PARENT}/addresses/${buyer.address}/reverse-resolve`);
    expect((await inParent()).status).toBe(404);
    const token = await signIn(app, buyer);
    const records = await app.fetch(`/v1/owner/names/${name}/records`, {
      method: "PUT",
      token,
      json: { walletAddrs: [{ coinId: 60, addr: buyer.address }] },
    });
    expect(records.status).toBe(200);
    expect((await app.fetch("/v1/owner/reverse", { method: "PUT", token, json: { name } })).status).toBe(200);
    expect(await (await inParent()).json()).toEqual({ domain: name });
  });

  test("a crypto offer at the parent's price holds the name; paid in full, it completes as ENS", async () => {
    const name = `coins.${PARENT}`;
    const res = await app.fetch("/v1/market/crypto/purchase", {
      method: "POST",
      json: {
        currency: "USDC",
        domain: name,
        ownerAddress: buyer.address,
        ownerEmail: "buyer@example.com",
        ownerName: "Ada Buyer",
        years: 1,
      },
    });
    expect(res.status).toBe(200);
    const offer = (await res.json()) as { orderId: string; paymentId: string; paymentDetails: Record<string, unknown> };
    expect(offer.paymentDetails).toMatchObject({ currency: "USDC", amountAtomic: "3500000", basePriceUsdCents: 350 });
    expect(await order(offer.orderId)).toMatchObject({ domain: name, nameService: "ens", orderStatus: "PENDING" });
    expect((await search(name))[0]).toMatchObject({ available: false, reason: "reserved" });

    await recordTransfers(
      "eip155:1",
      [
        {
          paymentId: offer.paymentId,
          txHash: `0x${randomBytes(32).toString("hex")}`,
          logIndex: 0,
          blockNumber: 100n,
          blockTime: new Date(),
          amount: 3_500_000n,
        },
      ],
      { headBlock: 110n },
    );
    await onCryptoPaymentCredited(offer.paymentId);
    expect(await order(offer.orderId)).toMatchObject({ nameService: "ens", orderStatus: "COMPLETED" });
    const row = await db().domain.findUniqueOrThrow({ where: { name }, include: { parent: true } });
    expect(row.parent?.name).toBe(PARENT);
  });

  test("renewed by anyone at the parent's price, transferred by its owner, revoked by the partner", async () => {
    const name = `bob.${PARENT}`;
    await buy(name);
    const before = (await db().domain.findUniqueOrThrow({ where: { name } })).expiresAt!;

    const renewal = await app.fetch("/v1/market/renew", {
      method: "POST",
      json: { checkoutId: randomUUID(), domain: name, years: 1 },
    });
    expect(renewal.status).toBe(200);
    const started = (await renewal.json()) as { orderId: string; processorCheckoutSession: string };
    expect((await pay(started.processorCheckoutSession)).status).toBe(200);
    expect(await order(started.orderId)).toMatchObject({ nameService: "ens", orderStatus: "COMPLETED", price: 3.5 });
    const after = (await db().domain.findUniqueOrThrow({ where: { name } })).expiresAt!;
    expect(after.getUTCFullYear()).toBe(before.getUTCFullYear() + 1);

    const next = newAccount();
    const token = await signIn(app, buyer);
    const moved = await app.fetch(`/v1/owner/names/${name}/owner`, {
      method: "PUT",
      token,
      json: { ownerAddress: next.address },
    });
    expect(moved.status).toBe(200);
    const resolved = await (await app.fetch(`/v1/resolve/${name}`, { token: parent.adminToken })).json();
    expect(resolved.ownerAddress).toBe(next.address);

    const revoked = await app.fetch(`/v1/parentdomains/${PARENT}/subdomains/bob?refund=prorata`, {
      method: "DELETE",
      token: parent.adminToken,
    });
    expect(revoked.status).toBe(200);
    expect((await app.fetch(`/v1/resolve/${name}`, { token: parent.adminToken })).status).toBe(404);
    expect((await search(name))[0]).toEqual({ name, available: true, priceUsdPerYear: 3.5 });
  });
});
