// Issue 29, item 2: a crypto payment in flight at the offer's expiry. A full payment the Bitcoin
// watcher sees in the mempool before the offer expires keeps the order PENDING and its name held
// past the expiry (a rival cannot buy it) until it confirms (the first order COMPLETES) or leaves
// the mempool (the offer's expiry applies again). Offers last 2.4 s here so the expiry really passes.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "@/lib/db";
import { onCryptoPaymentCredited } from "@/lib/market/crypto-payment-events";
import { expireUnpaidOffers } from "@/lib/market/expire-offers";
import { onCryptoPaymentSeen } from "@/lib/market/in-flight-payments";
import { pollBtcOnce } from "@/lib/payments/crypto/btc-watcher";
import { btcAddressAt, testBtcXpub } from "@/lib/payments/crypto/derive-address";
import { startTestApp, type TestApp } from "@/tests/support/app";
import { OWNER, seedCatalogue } from "@/tests/support/market-fixtures";
import { startEsploraServer, type EsploraServer } from "@/tests/integration/payments/support/esplora-server";

const SENDER = btcAddressAt(testBtcXpub("regtest"), "regtest", 777);
const OFFER_MINUTES = 0.04;

let app: TestApp;
let esplora: EsploraServer;
let partnerId: string;

beforeAll(async () => {
  esplora = await startEsploraServer();
  esplora.tip = 500;
  esplora.genesisTime = Math.floor(Date.now() / 1000) - 500 * 600; // the tip is mined now
  app = await startTestApp({
    PAYMENTS_BTC_ESPLORA_URL: esplora.url,
    PAYMENTS_BTC_NETWORK: "regtest",
    PAYMENTS_BTC_CONFIRMATIONS: 2,
    PAYMENTS_TEST_CARD_PROCESSOR: true,
    CRYPTO_RATES_JSON: '{"ETH":"3000","BTC":"60000"}',
    PAYMENT_OFFER_MINUTES: OFFER_MINUTES,
    UNPAID_HOLDS_PER_CLIENT: 0,
    UNPAID_HOLDS_PER_OWNER: 0,
  });
  ({ partnerId } = await seedCatalogue());
}, 60_000);

afterAll(async () => {
  await app?.close();
  await esplora?.stop();
});

/** A watcher pass; `at`: the watcher's clock, so a loaded machine cannot make a sighting late. */
const watch = (at?: Date) =>
  pollBtcOnce({
    onPaymentCredited: (id) => onCryptoPaymentCredited(id).then(() => undefined),
    onPaymentSeen: (id) => onCryptoPaymentSeen(id),
    log: () => {},
    ...(at && { now: () => at }),
  });

/** While the offer runs: the moment the order was created. */
const whileOffered = async (orderId: string) =>
  (await db().order.findUniqueOrThrow({ where: { id: orderId } })).createdAt;

async function buyWithBitcoin(domain: string) {
  const res = await app.fetch("/v1/market/crypto/purchase", {
    method: "POST",
    json: {
      currency: "BTC",
      domain,
      ownerAddress: OWNER,
      ownerEmail: "first@example.com",
      ownerName: "First",
      partnerId,
      years: 1,
    },
  });
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body as { orderId: string; address: string; paymentDetails: { amountAtomic: string } };
}

/** A rival's card purchase of the same name: 200 when it got the name's hold, 409 when it did not. */
async function rivalBuys(domain: string) {
  const res = await app.fetch("/v1/market/purchase", {
    method: "POST",
    json: { checkoutId: randomUUID(), domain, ownerAddress: OWNER, partnerId, years: 1 },
  });
  return { status: res.status, body: await res.text() };
}

const readOrder = async (id: string) => (await app.fetch(`/v1/market/order/${id}`)).json();

/** Waits until the order's offer has run out. */
async function pastExpiry(orderId: string) {
  const { expiresAt } = await db().order.findUniqueOrThrow({ where: { id: orderId } });
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, expiresAt!.getTime() - Date.now()) + 100));
}

const newDomain = () => `inflight${randomUUID().slice(0, 8)}.web3`;

describe("a Bitcoin payment seen in the mempool before the offer expires", () => {
  test("keeps the name past the expiry; a rival cannot buy it; it confirms and the first order COMPLETES", async () => {
    const domain = newDomain();
    const offer = await buyWithBitcoin(domain);
    // Broadcast while the offer runs.
    const tx = esplora.addTx(
      [{ address: offer.address, value: Number(offer.paymentDetails.amountAtomic) }],
      undefined,
      SENDER,
    );
    expect((await watch(await whileOffered(offer.orderId))).seenPaymentIds).toHaveLength(1);

    const seen = await readOrder(offer.orderId);
    expect(seen.orderStatus).toBe("PENDING");
    expect(seen.orderStatusReason).toMatch(/^Payment seen, waiting for 2 confirmations \(0 of 2\)/);
    expect(seen.paymentSeen).toMatchObject({
      amountAtomic: offer.paymentDetails.amountAtomic,
      confirmations: 0,
      confirmationsRequired: 2,
      holdsName: true,
    });

    await pastExpiry(offer.orderId);
    expect(await expireUnpaidOffers()).not.toContain(offer.orderId);
    expect(await rivalBuys(domain)).toMatchObject({ status: 409 });
    const search = await (await app.fetch(`/v1/market/search?q=${domain}`)).json();
    expect(search.results[0]).toMatchObject({ available: false, reason: "reserved" });

    // One confirmation of two: still waiting, still held.
    tx.blockHeight = ++esplora.tip;
    await watch();
    const oneOfTwo = await readOrder(offer.orderId);
    expect(oneOfTwo).toMatchObject({
      orderStatus: "PENDING",
      paymentSeen: { confirmations: 1, confirmationsRequired: 2 },
    });
    expect(oneOfTwo.orderStatusReason).toMatch(/\(1 of 2\)/);
    expect(await expireUnpaidOffers()).not.toContain(offer.orderId);
    expect(await rivalBuys(domain)).toMatchObject({ status: 409 });

    // The second confirmation: credited, PAID, COMPLETED; nothing owed back.
    esplora.tip++;
    expect((await watch()).creditedPaymentIds).toHaveLength(1);
    const done = await readOrder(offer.orderId);
    expect(done.orderStatus).toBe("COMPLETED");
    expect(done.paymentSeen).toBeUndefined();
    expect((await db().domain.findUniqueOrThrow({ where: { name: domain } })).ownerAddress.toLowerCase()).toBe(
      OWNER.toLowerCase(),
    );
    expect(await db().refund.count({ where: { orderId: offer.orderId } })).toBe(0);
    expect(await rivalBuys(domain)).toMatchObject({ status: 409 });
  });

  test("dropped from the mempool: the offer's expiry applies again and the rival gets the name", async () => {
    const domain = newDomain();
    const offer = await buyWithBitcoin(domain);
    const tx = esplora.addTx(
      [{ address: offer.address, value: Number(offer.paymentDetails.amountAtomic) }],
      undefined,
      SENDER,
    );
    await watch(await whileOffered(offer.orderId));
    await pastExpiry(offer.orderId);
    expect(await expireUnpaidOffers()).not.toContain(offer.orderId);
    expect(await rivalBuys(domain)).toMatchObject({ status: 409 });

    esplora.txs.splice(esplora.txs.indexOf(tx), 1); // replaced or evicted: Esplora no longer knows it
    await watch();
    const dropped = await readOrder(offer.orderId);
    expect(dropped.orderStatus).toBe("PENDING");
    expect(dropped.paymentSeen).toBeUndefined();
    expect(dropped.orderStatusReason).toMatch(/no longer in the mempool/);

    expect(await expireUnpaidOffers()).toContain(offer.orderId);
    expect((await readOrder(offer.orderId)).orderStatus).toBe("EXPIRED");
    expect(await rivalBuys(domain)).toMatchObject({ status: 200 });
  });

  test("seen only after the offer expired, or short of the amount due: the name is not kept", async () => {
    const late = newDomain();
    const lateOffer = await buyWithBitcoin(late);
    await pastExpiry(lateOffer.orderId);
    esplora.addTx(
      [{ address: lateOffer.address, value: Number(lateOffer.paymentDetails.amountAtomic) }],
      undefined,
      SENDER,
    );
    await watch();
    const lateOrder = await readOrder(lateOffer.orderId);
    expect(lateOrder.paymentSeen).toMatchObject({ confirmations: 0, holdsName: false });
    expect(lateOrder.orderStatusReason).toMatch(/seen after the offer expired/);
    expect(await rivalBuys(late)).toMatchObject({ status: 200 });

    const short = newDomain();
    const shortOffer = await buyWithBitcoin(short);
    esplora.addTx(
      [{ address: shortOffer.address, value: Math.floor(Number(shortOffer.paymentDetails.amountAtomic) / 2) }],
      undefined,
      SENDER,
    );
    await watch(await whileOffered(shortOffer.orderId));
    const shortOrder = await readOrder(shortOffer.orderId);
    expect(shortOrder.paymentSeen).toMatchObject({ holdsName: false });
    expect(shortOrder.orderStatusReason).toMatch(/more is due\.$/);
    await pastExpiry(shortOffer.orderId);
    expect(await expireUnpaidOffers()).toContain(shortOffer.orderId);
    expect(await rivalBuys(short)).toMatchObject({ status: 200 });
  });
});
