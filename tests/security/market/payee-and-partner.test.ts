// Issue 11 section 2, over real HTTP: who controls a bought name and who is paid for it are the
// server's decisions. A buyer naming another partner on a sub-domain is 400 (field partnerId); on a
// second-level name partnerId only attributes the sale. The card destination is the selling
// partner's connected account, set by its ADMIN; the request's processorConnectedAccountId is
// accepted only when absent, "" or equal to it.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "@/lib/db";
import { createAccessToken } from "@/lib/partners/access-tokens";
import { registerName } from "@/lib/registry/register-name";
import { startTestApp, type TestApp } from "@/tests/support/app";
import { countRows, ETH_WALLET, OWNER, seedCatalogue } from "@/tests/support/market-fixtures";
import { startStripeServer, type StripeServer } from "@/tests/support/stripe-server";

let stripe: StripeServer;
let app: TestApp;
let seller: Awaited<ReturnType<typeof seedCatalogue>>;
let attacker: Awaited<ReturnType<typeof seedCatalogue>>;

beforeAll(async () => {
  stripe = await startStripeServer();
  app = await startTestApp({
    STRIPE_SECRET_KEY: "sk_test_local",
    STRIPE_PUBLISHABLE_KEY: "pk_test_local",
    STRIPE_WEBHOOK_SECRET: "whsec_payee_test",
    STRIPE_API_BASE: stripe.url,
    UNPAID_HOLDS_PER_CLIENT: 0,
    UNPAID_HOLDS_PER_OWNER: 0,
  });
  seller = await seedCatalogue();
  attacker = await seedCatalogue();
  stripe.accounts.add("acct_1Seller");
  stripe.accounts.add("acct_1Attacker");
});
afterAll(async () => {
  await app?.close();
  await stripe?.close();
});

const purchase = (overrides: Record<string, unknown> = {}) => ({
  checkoutId: randomUUID(),
  domain: `pay${randomUUID().slice(0, 8)}.web3`,
  ownerAddress: OWNER,
  walletAddrs: [{ coinId: 60, addr: ETH_WALLET }],
  years: 1,
  ...overrides,
});
const buy = (body: unknown) => app.fetch("/v1/market/purchase", { method: "POST", json: body });
const subdomain = () => `s${randomUUID().slice(0, 8)}.${seller.parentName}`;
const intentOf = (secret: string) => stripe.intents.get(secret.split("_secret_")[0])!;
const setAccount = (token: string, processorConnectedAccountId: string | null) =>
  app.fetch("/v1/partner/payout-account", { method: "PUT", token, json: { processorConnectedAccountId } });

describe("who is paid", () => {
  test("the partner's ADMIN sets its payout account; a CUSTOMER token may not, an unknown account is 400", async () => {
    expect(await (await app.fetch("/v1/partner/payout-account", { token: seller.adminToken })).json()).toEqual({
      processorConnectedAccountId: null,
    });
    const customer = await createAccessToken(seller.partnerId, {
      label: "customer",
      type: "CUSTOMER",
      validFrom: new Date(Date.now() - 60_000),
      validTill: new Date(Date.now() + 3_600_000),
    });
    const forbidden = await setAccount(customer.value, "acct_1Attacker");
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toEqual({ errors: [{ field: "Authorization", info: expect.any(String) }] });
    const unknown = await setAccount(seller.adminToken, "acct_1NoSuchAccount");
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({
      errors: [{ field: "processorConnectedAccountId", info: expect.any(String) }],
    });
    const malformed = await setAccount(seller.adminToken, "bank-account-123");
    expect(malformed.status).toBe(400);
    const anonymous = await app.fetch("/v1/partner/payout-account", {
      method: "PUT",
      json: { processorConnectedAccountId: "acct_1Attacker" },
    });
    expect(anonymous.status).toBe(401);
    expect((await db().partner.findUniqueOrThrow({ where: { id: seller.partnerId } })).payoutAccountId).toBeNull();

    const set = await setAccount(seller.adminToken, "acct_1Seller");
    expect(set.status).toBe(200);
    expect(await set.json()).toEqual({ processorConnectedAccountId: "acct_1Seller" });
  });

  test(
    "a buyer naming another account is 400 and creates nothing; " + "absent, empty or the seller's own pays the seller",
    async () => {
      expect((await setAccount(seller.adminToken, "acct_1Seller")).status).toBe(200);
      const before = await countRows();
      const intentsBefore = stripe.intents.size;
      for (const processorConnectedAccountId of ["acct_1Attacker", "acct_1Evil"]) {
        const res = await buy(purchase({ domain: subdomain(), processorConnectedAccountId }));
        expect(res.status).toBe(400);
        expect(await res.json()).toEqual({ field: "processorConnectedAccountId", info: expect.any(String) });
      }
      // A second-level name is the registry's sale: no destination at all, so any account is refused.
      const secondLevel = await buy(purchase({ processorConnectedAccountId: "acct_1Seller" }));
      expect(secondLevel.status).toBe(400);
      expect(await countRows()).toEqual(before);
      expect(stripe.intents.size).toBe(intentsBefore);

      for (const processorConnectedAccountId of [undefined, "", "acct_1Seller"]) {
        const res = await buy(purchase({ domain: subdomain(), processorConnectedAccountId }));
        expect(res.status).toBe(200);
        const intent = intentOf((await res.json()).processorCheckoutSession);
        expect(intent.transfer_data).toEqual({ destination: "acct_1Seller" });
      }
      const plain = await buy(purchase({ processorConnectedAccountId: "" }));
      expect(plain.status).toBe(200);
      expect(intentOf((await plain.json()).processorCheckoutSession).transfer_data).toBeNull();
    },
  );

  test('a replay with "" instead of an absent field is the same purchase', async () => {
    const body = purchase({ domain: subdomain() });
    const first = await (await buy(body)).json();
    const again = await buy({ ...body, processorConnectedAccountId: "" });
    expect(again.status).toBe(200);
    expect((await again.json()).orderId).toBe(first.orderId);
  });
});

describe("who is paid for a renewal", () => {
  test(
    "a sub-domain's renewal pays its parent partner's account, a second-level name's the platform; the " +
      "request has no say",
    async () => {
      expect((await setAccount(seller.adminToken, "acct_1Seller")).status).toBe(200);
      const renew = (json: unknown) => app.fetch("/v1/market/renew", { method: "POST", json });
      const sub = subdomain();
      const secondLevel = `renew${randomUUID().slice(0, 8)}.web3`;
      const expiresAt = new Date(Date.now() + 30 * 86_400_000);
      await db().$transaction(async (tx) => {
        await registerName(tx, { name: sub, ownerAddress: OWNER, expiresAt });
        // Attributed to the attacker's partner when bought: still the registry's sale when renewed.
        await registerName(tx, { name: secondLevel, ownerAddress: OWNER, expiresAt, partnerId: attacker.partnerId });
      });
      expect((await setAccount(attacker.adminToken, "acct_1Attacker")).status).toBe(200);

      const before = await countRows();
      const forged = await renew({
        checkoutId: randomUUID(),
        domain: sub,
        years: 1,
        processorConnectedAccountId: "acct_1Attacker",
      });
      expect(forged.status).toBe(400);
      expect(await countRows()).toEqual(before);

      const subRenewal = await renew({ checkoutId: randomUUID(), domain: sub, years: 1 });
      expect(subRenewal.status).toBe(200);
      expect(intentOf((await subRenewal.json()).processorCheckoutSession).transfer_data).toEqual({
        destination: "acct_1Seller",
      });
      const slRenewal = await renew({ checkoutId: randomUUID(), domain: secondLevel, years: 1 });
      expect(slRenewal.status).toBe(200);
      expect(intentOf((await slRenewal.json()).processorCheckoutSession).transfer_data).toBeNull();
    },
  );
});

describe("who controls what was bought", () => {
  test("a sub-domain purchase naming another partner is 400 (partnerId) and creates nothing", async () => {
    const before = await countRows();
    const card = await buy(purchase({ domain: subdomain(), partnerId: attacker.partnerId }));
    expect(card.status).toBe(400);
    expect(await card.json()).toEqual({ field: "partnerId", info: expect.any(String) });
    const crypto = await app.fetch("/v1/market/crypto/purchase", {
      method: "POST",
      json: {
        currency: "ETH",
        domain: subdomain(),
        ownerAddress: OWNER,
        ownerEmail: "buyer@example.com",
        ownerName: "Buyer",
        partnerId: attacker.partnerId,
        years: 1,
      },
    });
    expect(crypto.status).toBe(400);
    expect(await crypto.json()).toEqual({ field: "partnerId", info: expect.any(String) });
    expect(await countRows()).toEqual(before);
  });

  test(
    "a bought sub-domain belongs to its parent's partner; " + "a second-level name to no partner, its sale attributed",
    async () => {
      const sub = subdomain();
      const subOrder = await (await buy(purchase({ domain: sub, partnerId: seller.partnerId }))).json();
      const secondLevel = `attrib${randomUUID().slice(0, 8)}.web3`;
      const slOrder = await (await buy(purchase({ domain: secondLevel, partnerId: attacker.partnerId }))).json();
      for (const started of [subOrder, slOrder]) {
        stripe.succeed(intentOf(started.processorCheckoutSession).id);
        expect((await (await app.fetch(`/v1/market/order/${started.orderId}`)).json()).orderStatus).toBe("COMPLETED");
      }
      expect((await db().domain.findUniqueOrThrow({ where: { name: sub } })).partnerId).toBe(seller.partnerId);
      expect((await db().domain.findUniqueOrThrow({ where: { name: secondLevel } })).partnerId).toBeNull();

      // The attributed partner sees the sale, and gains no control over the name.
      const purchases = await (await app.fetch("/v1/partner/purchases", { token: attacker.adminToken })).json();
      expect(purchases.purchases.map((p: { domain: string }) => p.domain)).toContain(secondLevel);
      const patch = await app.fetch(`/v1/parentdomains/${secondLevel}`, {
        method: "PATCH",
        token: attacker.adminToken,
        json: { subdomainsEnabled: true, subdomainPriceUsd: 1 },
      });
      expect(patch.status).toBe(403);
      const issue = await app.fetch(`/v1/parentdomains/${secondLevel}/subdomains`, {
        method: "POST",
        token: attacker.adminToken,
        json: { label: "x", ownerAddress: OWNER },
      });
      expect(issue.status).toBe(403);
      const patchSub = await app.fetch(`/v1/parentdomains/${sub}`, {
        method: "PATCH",
        token: attacker.adminToken,
        json: { subdomainsEnabled: true },
      });
      expect(patchSub.status).toBe(403);
    },
  );
});
