// Issue 11 section 4, over real HTTP: a name's length is what a person sees (grapheme clusters),
// so a one-emoji name is a one-character name at the one-character price ($640 a year), in the
// search and in what a purchase charges, however many code points the emoji is made of.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startTestApp, type TestApp } from "@/tests/support/app";
import { OWNER, seedCatalogue } from "@/tests/support/market-fixtures";

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ UNPAID_HOLDS_PER_CLIENT: 0, UNPAID_HOLDS_PER_OWNER: 0 });
  await seedCatalogue();
});
afterAll(() => app?.close());

// A family (7 code points), a flag (2), a thumbs-up with a skin tone (2): one character each.
const ONE_CHARACTER = ["👨‍👩‍👧‍👦", "🇳🇴", "👍🏽"];

describe("prices by grapheme clusters", () => {
  test("search prices a one-emoji name as one character and a two-emoji name as two", async () => {
    const q = [...ONE_CHARACTER.map((e) => `${e}.web3`), "👨‍👩‍👧‍👦👨‍👩‍👧‍👦.meta"].join(" ");
    const res = await app.fetch(`/v1/market/search?q=${encodeURIComponent(q)}`);
    expect(res.status).toBe(200);
    const { results } = await res.json();
    expect(results.map((r: { priceUsdPerYear?: number }) => r.priceUsdPerYear)).toEqual([640, 640, 640, 320]);
  });

  test("a card and a crypto purchase of a one-emoji name charge the one-character price", async () => {
    const cardRes = await app.fetch("/v1/market/purchase", {
      method: "POST",
      json: { checkoutId: randomUUID(), domain: "👨‍👩‍👧‍👦.web3", ownerAddress: OWNER, years: 2 },
    });
    expect(cardRes.status).toBe(200);
    const cardOrder = await (await app.fetch(`/v1/market/order/${(await cardRes.json()).orderId}`)).json();
    expect(cardOrder).toMatchObject({ basePrice: 1280, price: 1280, currency: "USD" });

    const cryptoRes = await app.fetch("/v1/market/crypto/purchase", {
      method: "POST",
      json: {
        currency: "USDC",
        domain: "🇳🇴.meta",
        ownerAddress: OWNER,
        ownerEmail: "emoji@example.com",
        ownerName: "Emoji",
        years: 1,
      },
    });
    expect(cryptoRes.status).toBe(200);
    const offer = await cryptoRes.json();
    expect(offer.paymentDetails).toMatchObject({ basePriceUsdCents: 64_000, amountAtomic: "640000000" });
  });
});
