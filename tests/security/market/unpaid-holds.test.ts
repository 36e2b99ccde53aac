// Issue 11 section 4 and issue 29 items 5 to 7, over real HTTP: unpaid orders are bounded by who
// created them, the client address (5 by default) or the partner whose ADMIN token the request
// carried (UNPAID_HOLDS_PER_PARTNER, 8 here), never by the owner address or e-mail they name.
// Renewals count as purchases do. Past the bound the order is 429 in ErrorResponse shape with
// Retry-After (when the creator's first order runs out) and creates nothing; a replayed checkoutId
// does not count twice, also when the replays race; a paid order frees its slot. Client addresses
// come from X-Forwarded-For (TRUST_PROXY=1) so each test is its own client.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { db } from "@/lib/db";
import { createAccessToken, latestValidTill } from "@/lib/partners/access-tokens";
import { createPartner } from "@/lib/partners/create-partner";
import { registerName } from "@/lib/registry/register-name";
import { startTestApp, type TestApp } from "@/tests/support/app";
import { seedCatalogue } from "@/tests/support/market-fixtures";

const LIMIT = 5;
const PARTNER_LIMIT = 8;
const OFFER_SECONDS = 15 * 60;
let app: TestApp;
let clients = 0;
const freshClient = () => `203.0.113.${++clients}`;
const freshOwner = () => privateKeyToAccount(generatePrivateKey()).address;

beforeAll(async () => {
  app = await startTestApp({ TRUST_PROXY: true, RATE_LIMIT_ENABLED: false, UNPAID_HOLDS_PER_PARTNER: PARTNER_LIMIT });
  await seedCatalogue();
});
afterAll(() => app?.close());

const cardBody = (overrides: Record<string, unknown> = {}) => ({
  checkoutId: randomUUID(),
  domain: `hold${randomUUID().slice(0, 8)}.web3`,
  ownerAddress: freshOwner(),
  years: 1,
  ...overrides,
});
const cryptoBody = (overrides: Record<string, unknown> = {}) => ({
  currency: "ETH",
  domain: `hold${randomUUID().slice(0, 8)}.web3`,
  ownerAddress: freshOwner(),
  ownerEmail: `${randomUUID().slice(0, 8)}@example.com`,
  ownerName: "Holder",
  years: 1,
  ...overrides,
});
const send = (path: string) => (client: string, body: unknown, token?: string) =>
  app.fetch(path, { method: "POST", json: body, token, headers: { "x-forwarded-for": client } });
const card = send("/v1/market/purchase");
const crypto = send("/v1/market/crypto/purchase");
const renew = send("/v1/market/renew");
const cryptoRenew = send("/v1/market/crypto/renew");

async function registered(ownerAddress = freshOwner()) {
  const name = `renew${randomUUID().slice(0, 8)}.web3`;
  await db().$transaction((tx) =>
    registerName(tx, { name, ownerAddress, expiresAt: new Date(Date.now() + 200 * 86_400_000) }),
  );
  return name;
}
const renewal = (domain: string) => ({ checkoutId: randomUUID(), domain, years: 1 });

async function expectLimited(res: Response, field: string, domain: string, limit = LIMIT) {
  expect(res.status).toBe(429);
  expect(await res.json()).toEqual({ field, info: expect.stringContaining(`at most ${limit}`) });
  const retryAfter = Number(res.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(OFFER_SECONDS);
  expect(await db().order.count({ where: { domain } })).toBe(0);
  expect(await db().nameReservation.count({ where: { domain } })).toBe(0);
}

describe("per client address", () => {
  test(
    "five unpaid holds, then 429 with Retry-After for card and crypto alike; a replay is not a new hold; " +
      "paying frees a slot",
    async () => {
      const client = freshClient();
      const bodies = Array.from({ length: LIMIT }, () => cardBody());
      const started = [];
      for (const body of bodies) {
        const res = await card(client, body);
        expect(res.status).toBe(200);
        started.push(await res.json());
      }
      const sixth = cardBody();
      await expectLimited(await card(client, sixth), "holds", sixth.domain);
      const viaCrypto = cryptoBody();
      await expectLimited(await crypto(client, viaCrypto), "holds", viaCrypto.domain);

      const replay = await card(client, bodies[2]);
      expect(replay.status).toBe(200);
      expect((await replay.json()).orderId).toBe(started[2].orderId);

      // Another client is not affected.
      expect((await card(freshClient(), cardBody())).status).toBe(200);

      const paid = await app.fetch("/api/test-processor/pay", {
        method: "POST",
        json: { clientSecret: started[0].processorCheckoutSession, cardNumber: "4242424242424242" },
        headers: { "x-forwarded-for": client },
      });
      expect((await paid.json()).orderStatus).toBe("COMPLETED");
      expect((await card(client, cardBody())).status).toBe(200);
      const again = cardBody();
      await expectLimited(await card(client, again), "holds", again.domain);
    },
  );

  test("twelve purchases at once: exactly five holds", async () => {
    const client = freshClient();
    const answers = await Promise.all(Array.from({ length: 12 }, () => card(client, cardBody())));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(12 - LIMIT);
    expect(await db().order.count({ where: { clientAddress: client } })).toBe(LIMIT);
  });

  test(
    "one new checkoutId sent five times at once by a client with four holds: " + "one order, every answer the same",
    async () => {
      const client = freshClient();
      for (let i = 0; i < LIMIT - 1; i++) expect((await card(client, cardBody())).status).toBe(200);
      const body = cardBody();
      const answers = await Promise.all(Array.from({ length: 5 }, () => card(client, body)));
      expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
      const ids = new Set(await Promise.all(answers.map(async (r) => (await r.json()).orderId)));
      expect(ids.size).toBe(1);
      expect(await db().order.count({ where: { clientAddress: client } })).toBe(LIMIT);
    },
  );
});

describe("never per owner (issue 29 item 6)", () => {
  test("five unpaid purchases naming a victim's address and e-mail, from others: the victim buys", async () => {
    const victim = freshOwner();
    const email = `Victim.${randomUUID().slice(0, 6)}@Example.com`;
    for (let i = 0; i < LIMIT; i++) {
      expect((await card(freshClient(), cardBody({ ownerAddress: victim }))).status).toBe(200);
      expect((await crypto(freshClient(), cryptoBody({ ownerAddress: victim, ownerEmail: email }))).status).toBe(200);
    }
    const own = await card(freshClient(), cardBody({ ownerAddress: victim.toLowerCase() }));
    expect(own.status).toBe(200);
    const ownCrypto = await crypto(
      freshClient(),
      cryptoBody({ ownerAddress: victim, ownerEmail: email.toUpperCase() }),
    );
    expect(ownCrypto.status).toBe(200);
    expect(await db().order.count({ where: { ownerAddress: victim, orderStatus: "PENDING" } })).toBe(2 * LIMIT + 2);
  });

  test("six unpaid renewals of a victim's name, from six addresses: the victim still buys and renews", async () => {
    const victim = freshOwner();
    const name = await registered(victim);
    for (let i = 0; i < LIMIT + 1; i++) expect((await renew(freshClient(), renewal(name))).status).toBe(200);
    expect((await card(freshClient(), cardBody({ ownerAddress: victim }))).status).toBe(200);
    expect((await cryptoRenew(freshClient(), { ...renewal(name), currency: "BTC" })).status).toBe(200);
  });
});

describe("renewals count against their creator (issue 29 item 5)", () => {
  test("five unpaid renewals from one address: the sixth renewal, card or crypto, and a purchase are 429", async () => {
    const client = freshClient();
    const name = await registered();
    for (let i = 0; i < LIMIT; i++) {
      const res = await (i % 2
        ? renew(client, renewal(name))
        : cryptoRenew(client, { ...renewal(name), currency: "ETH" }));
      expect(res.status).toBe(200);
    }
    const before = await db().order.count({ where: { domain: name } });
    expect(before).toBe(LIMIT);
    for (const res of [
      await renew(client, renewal(name)),
      await cryptoRenew(client, { ...renewal(name), currency: "BTC" }),
    ]) {
      expect(res.status).toBe(429);
      expect(await res.json()).toEqual({ field: "holds", info: expect.stringContaining(`at most ${LIMIT}`) });
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    }
    expect(await db().order.count({ where: { domain: name } })).toBe(LIMIT);
    const purchase = cardBody();
    await expectLimited(await card(client, purchase), "holds", purchase.domain);
    // Another address renews the same name.
    expect((await renew(freshClient(), renewal(name))).status).toBe(200);
  });
});

describe("per partner, with its access token (issue 29 item 7)", () => {
  test(
    "a partner's backend on one address buys past the address's bound, up to the partner's; its orders " +
      "do not count against the address, and renewals count against the partner",
    async () => {
      const { partner, token } = await createPartner(`Reseller ${randomUUID().slice(0, 6)}`);
      const client = freshClient();
      for (let i = 0; i < PARTNER_LIMIT - 2; i++) {
        const res = await (i % 2 ? crypto(client, cryptoBody(), token.value) : card(client, cardBody(), token.value));
        expect(res.status).toBe(200);
      }
      const name = await registered();
      expect((await renew(client, renewal(name), token.value)).status).toBe(200);
      expect((await cryptoRenew(client, { ...renewal(name), currency: "ETH" }, token.value)).status).toBe(200);
      const orders = await db().order.findMany({ where: { clientAddress: client } });
      expect(orders).toHaveLength(PARTNER_LIMIT);
      for (const order of orders) {
        expect(order.creatorPartnerId).toBe(partner.id);
        expect(order.partnerId).toBe(partner.id);
      }
      const past = cardBody();
      await expectLimited(await card(client, past, token.value), "holds", past.domain, PARTNER_LIMIT);
      expect((await renew(client, renewal(name), token.value)).status).toBe(429);
      // The same address without the token is its own client, with nothing open.
      for (let i = 0; i < LIMIT; i++) expect((await card(client, cardBody())).status).toBe(200);
      const anonymous = cardBody();
      await expectLimited(await card(client, anonymous), "holds", anonymous.domain);
    },
  );

  test("partnerId comes from the token: another one is 400; a CUSTOMER token 403; a bad token 401", async () => {
    const { partner, token } = await createPartner(`Reseller ${randomUUID().slice(0, 6)}`);
    const other = await createPartner(`Other ${randomUUID().slice(0, 6)}`);
    const client = freshClient();
    const named = cardBody({ partnerId: other.partner.id });
    const refused = await card(client, named, token.value);
    expect(refused.status).toBe(400);
    expect((await refused.json()).field).toBe("partnerId");
    const refusedCrypto = await crypto(client, cryptoBody({ partnerId: other.partner.id }), token.value);
    expect(refusedCrypto.status).toBe(400);
    expect(await db().order.count({ where: { domain: named.domain } })).toBe(0);

    const same = await card(client, cardBody({ partnerId: partner.id }), token.value);
    expect(same.status).toBe(200);
    const order = await db().order.findUniqueOrThrow({ where: { id: (await same.json()).orderId } });
    expect(order.partnerId).toBe(partner.id);

    const customer = await createAccessToken(partner.id, {
      label: "storefront",
      type: "CUSTOMER",
      validFrom: new Date(),
      validTill: latestValidTill(),
    });
    expect((await card(client, cardBody(), customer.value)).status).toBe(403);
    const forged = await card(client, cardBody(), `${token.value.slice(0, -4)}AAAA`);
    expect(forged.status).toBe(401);
    expect((await forged.json()).field).toBe("Authorization");
  });
});
