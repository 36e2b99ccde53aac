// Issue 11 section 4, over real HTTP: unpaid holds are bounded per client address and per owner
// (owner address; owner e-mail for crypto), 5 each by default. Past the bound the purchase is 429
// in ErrorResponse shape with Retry-After (when the client's first hold runs out) and creates
// nothing; a replayed checkoutId does not count twice, also when the replays race; a paid order
// frees its slot. Client addresses come from X-Forwarded-For (TRUST_PROXY=1) so each test is
// its own client.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { db } from "@/lib/db";
import { startTestApp, type TestApp } from "@/tests/support/app";
import { seedCatalogue } from "@/tests/support/market-fixtures";

const LIMIT = 5;
const OFFER_SECONDS = 15 * 60;
let app: TestApp;
let clients = 0;
const freshClient = () => `203.0.113.${++clients}`;
const freshOwner = () => privateKeyToAccount(generatePrivateKey()).address;

beforeAll(async () => {
  app = await startTestApp({ TRUST_PROXY: "1", RATE_LIMIT_ENABLED: "0" });
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
const card = (client: string, body: unknown) =>
  app.fetch("/v1/market/purchase", { method: "POST", json: body, headers: { "x-forwarded-for": client } });
const crypto = (client: string, body: unknown) =>
  app.fetch("/v1/market/crypto/purchase", { method: "POST", json: body, headers: { "x-forwarded-for": client } });

async function expectLimited(res: Response, field: string, domain: string) {
  expect(res.status).toBe(429);
  expect(await res.json()).toEqual({ field, info: expect.stringContaining(`at most ${LIMIT}`) });
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

describe("per owner", () => {
  test("one owner address holding five names from five addresses: the sixth is 429 on ownerAddress", async () => {
    const owner = freshOwner();
    for (let i = 0; i < LIMIT; i++)
      expect((await card(freshClient(), cardBody({ ownerAddress: owner }))).status).toBe(200);
    const sixth = cardBody({ ownerAddress: owner.toLowerCase() });
    await expectLimited(await card(freshClient(), sixth), "ownerAddress", sixth.domain);
    const viaCrypto = cryptoBody({ ownerAddress: owner });
    await expectLimited(await crypto(freshClient(), viaCrypto), "ownerAddress", viaCrypto.domain);
  });

  test("one owner e-mail, whatever its case, holding five names: the sixth is 429 on ownerEmail", async () => {
    const email = `Owner.${randomUUID().slice(0, 6)}@Example.com`;
    for (let i = 0; i < LIMIT; i++) {
      const res = await crypto(freshClient(), cryptoBody({ ownerEmail: i % 2 ? email.toLowerCase() : email }));
      expect(res.status).toBe(200);
    }
    const sixth = cryptoBody({ ownerEmail: email.toUpperCase() });
    await expectLimited(await crypto(freshClient(), sixth), "ownerEmail", sixth.domain);
  });
});
