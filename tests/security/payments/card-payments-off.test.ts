// Issue 29 item 1, over real HTTP on every server: the built-in test card processor is never a
// fallback. A deployment with live crypto settings and no Stripe keys sold a 10-year name for the
// test card 4242. Now card purchases and renewals answer 503 naming what to configure, the test
// processor's routes are 404, nothing is written, crypto still sells; the operator may turn the
// test processor on only with PAYMENTS_TEST_CARD_PROCESSOR=1, and the demo (nothing set) keeps it.
import { randomUUID } from "node:crypto";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { PaymentMethodChoice } from "@/components/checkout/payment-method-choice";
import { cardPaymentMode, parseConfig, type Config } from "@/lib/config";
import { startTestApp, type TestApp } from "@/tests/support/app";
import { countRows, ETH_WALLET, OWNER, seedCatalogue } from "@/tests/support/market-fixtures";
import { ethWallet, newAccount, registerOwned } from "@/tests/support/owner-fixtures";

// A live crypto deployment: its own watcher RPC and Esplora (nothing listens there; no job runs in
// tests), no Stripe keys, and no PAYMENTS_TEST_CARD_PROCESSOR.
const liveCryptoOnly: Partial<Config> = {
  PAYMENTS_EVM_RPC_URL: "http://127.0.0.1:9",
  PAYMENTS_BTC_ESPLORA_URL: "http://127.0.0.1:9",
  PAYMENTS_TEST_CARD_PROCESSOR: false,
  STRIPE_SECRET_KEY: undefined,
  STRIPE_PUBLISHABLE_KEY: undefined,
  STRIPE_WEBHOOK_SECRET: undefined,
  UNPAID_HOLDS_PER_CLIENT: 0,
  UNPAID_HOLDS_PER_OWNER: 0,
};

let app: TestApp;
let partnerId: string;
beforeAll(async () => {
  app = await startTestApp(liveCryptoOnly);
  ({ partnerId } = await seedCatalogue());
});
afterAll(() => app?.close());

const DAY = 86_400_000;
const fresh = (prefix: string) => `${prefix}${randomUUID().slice(0, 8)}.web3`;

describe("live crypto settings without Stripe", () => {
  test("a card purchase of a 10-year name is 503 naming the Stripe keys, and writes nothing", async () => {
    const before = await countRows();
    const res = await app.fetch("/v1/market/purchase", {
      method: "POST",
      json: {
        checkoutId: randomUUID(),
        domain: fresh("free"),
        ownerAddress: OWNER,
        walletAddrs: [{ coinId: 60, addr: ETH_WALLET }],
        years: 10,
      },
    });
    expect(res.status).toBe(503);
    const body = await res.json();
    expect(body).toEqual({ field: "paymentMethod", info: expect.stringContaining("STRIPE_SECRET_KEY") });
    expect(body.info).toContain("STRIPE_WEBHOOK_SECRET");
    expect(await countRows()).toEqual(before);
  });

  test("a card renewal is 503 too, and the name's expiry stays", async () => {
    const owner = newAccount();
    const name = fresh("renewoff");
    const expiresAt = new Date(Date.now() + 40 * DAY);
    await registerOwned(name, owner.address, { expiresAt, wallets: [ethWallet(owner.address)] });
    const before = await countRows();
    const res = await app.fetch("/v1/market/renew", {
      method: "POST",
      json: { checkoutId: randomUUID(), domain: name, years: 10 },
    });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ field: "paymentMethod", info: expect.stringContaining("STRIPE_SECRET_KEY") });
    expect(await countRows()).toEqual(before);
  });

  test("the test processor's routes are 404, whatever is sent", async () => {
    const pay = await app.fetch("/api/test-processor/pay", {
      method: "POST",
      json: { clientSecret: "pi_x_secret_y", cardNumber: "4242424242424242" },
    });
    expect(pay.status).toBe(404);
    expect(await pay.json()).toEqual({ field: "path", info: expect.stringContaining("takes no test cards") });
    const intent = await app.fetch("/api/test-processor/intent?clientSecret=pi_x_secret_y");
    expect(intent.status).toBe(404);
  });

  test("crypto still sells", async () => {
    const res = await app.fetch("/v1/market/crypto/purchase", {
      method: "POST",
      json: {
        currency: "ETH",
        domain: fresh("cryptook"),
        ownerAddress: OWNER,
        ownerEmail: "buyer@example.com",
        ownerName: "Ada Buyer",
        partnerId,
        walletAddrs: [{ coinId: 60, addr: ETH_WALLET }],
        years: 1,
      },
    });
    expect(res.status).toBe(200);
    expect((await res.json()).address).toMatch(/^0x[0-9a-fA-F]{40}$/);
  });
});

describe("who takes cards", () => {
  const stripe = { STRIPE_SECRET_KEY: "sk", STRIPE_PUBLISHABLE_KEY: "pk", STRIPE_WEBHOOK_SECRET: "wh" };
  test("the demo and an explicit test switch run the test processor; any live setting alone turns it off", () => {
    expect(cardPaymentMode(parseConfig({}))).toBe("test");
    for (const name of ["PAYMENTS_EVM_RPC_URL", "PAYMENTS_BTC_ESPLORA_URL"] as const)
      expect(cardPaymentMode(parseConfig({ [name]: "http://127.0.0.1:9" })), name).toBe("off");
    for (const name of ["CRYPTO_EVM_XPUB", "CRYPTO_BTC_XPUB"] as const)
      expect(cardPaymentMode(parseConfig({ [name]: "xpub-of-the-operator" })), name).toBe("off");
    expect(
      cardPaymentMode(parseConfig({ CRYPTO_EVM_XPUB: "xpub-of-the-operator", PAYMENTS_TEST_CARD_PROCESSOR: "1" })),
    ).toBe("test");
    expect(cardPaymentMode(parseConfig(stripe))).toBe("stripe");
    // Stripe wins over the test switch: test and live never mix.
    expect(cardPaymentMode(parseConfig({ ...stripe, PAYMENTS_TEST_CARD_PROCESSOR: "1" }))).toBe("stripe");
  });

  test("the checkout's payment choice offers crypto only when cards are off", () => {
    const off = renderToStaticMarkup(
      PaymentMethodChoice({ id: "c", method: "crypto", onChange: () => undefined, cardPayments: false }),
    );
    expect(off).not.toContain('value="card"');
    expect(off).toContain('value="crypto"');
    expect(off).toContain("Card payments are not available on this server");
    const on = renderToStaticMarkup(
      PaymentMethodChoice({ id: "c", method: "card", onChange: () => undefined, cardPayments: true }),
    );
    expect(on).toContain('value="card"');
    expect(on).toContain('value="crypto"');
  });
});
