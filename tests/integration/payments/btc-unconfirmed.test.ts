// Issue 29, item 2, on the Bitcoin watcher alone (the local Esplora server): money in the mempool
// or short of its confirmations is recorded as seen, and when it was seen decides whether it keeps
// the offer: a credit a reorganisation sent back to the mempool keeps the time its block had.
import { afterAll, beforeAll, expect, test } from "vitest";
import { setConfig } from "@/lib/config";
import { closeDatabase, db } from "@/lib/db";
import { pollBtcOnce } from "@/lib/payments/crypto/btc-watcher";
import { openTestDatabase } from "@/tests/support/app";
import { startEsploraServer, type EsploraServer } from "./support/esplora-server";
import { insertCryptoOrder } from "./support/orders";

let esplora: EsploraServer;
let dropDatabase: () => Promise<void>;
const seen: string[] = [];
const poll = () => pollBtcOnce({ onPaymentSeen: (id) => void seen.push(id), log: () => {} });
const paymentOf = (id: string) => db().payment.findUniqueOrThrow({ where: { id } });

beforeAll(async () => {
  dropDatabase = (await openTestDatabase()).drop;
  esplora = await startEsploraServer();
  esplora.tip = 300;
  esplora.genesisTime = Math.floor(Date.now() / 1000) - 300 * 600; // the tip is mined now
  setConfig({
    PAYMENTS_BTC_ESPLORA_URL: esplora.url,
    PAYMENTS_BTC_NETWORK: "regtest",
    PAYMENTS_BTC_CONFIRMATIONS: 2,
    CRYPTO_BTC_XPUB: undefined,
    CRYPTO_RATES_JSON: '{"BTC":"60000"}',
    PAYMENT_OFFER_MINUTES: 15,
  });
  await poll();
});

afterAll(async () => {
  await esplora?.stop();
  await closeDatabase();
  await dropDatabase?.();
});

test("mempool, then one block of two: seen with its confirmations; then credited and no longer seen", async () => {
  const offer = await insertCryptoOrder("BTC", 10_000);
  const due = Number(offer.payment.amountDue);
  const tx = esplora.addTx([{ address: offer.address, value: due }]);
  expect((await poll()).seenPaymentIds).toEqual([offer.paymentId]);
  const inMempool = await paymentOf(offer.paymentId);
  expect(inMempool).toMatchObject({
    unconfirmedAmount: String(due),
    unconfirmedConfirmations: 0,
    confirmationsRequired: 2,
  });
  expect(inMempool.inFlightUntil).not.toBeNull();
  tx.blockHeight = ++esplora.tip;
  await poll();
  expect((await paymentOf(offer.paymentId)).unconfirmedConfirmations).toBe(1);
  esplora.tip++;
  expect((await poll()).creditedPaymentIds).toEqual([offer.paymentId]);
  expect(await paymentOf(offer.paymentId)).toMatchObject({
    amountReceived: String(due),
    unconfirmedAmount: "0",
    inFlightUntil: null,
  });
});

test("a credit a reorganisation sends back to the mempool keeps the offer it was confirmed for", async () => {
  // The offer ended five minutes ago; the payment was in a block ten minutes ago, credited then.
  const offer = await insertCryptoOrder("BTC", 10_000, new Date(Date.now() - 20 * 60_000));
  const height = esplora.tip + 1;
  const tx = esplora.addTx([{ address: offer.address, value: Number(offer.payment.amountDue) }], height);
  esplora.tip = height + 1;
  esplora.genesisTime = Math.floor(Date.now() / 1000) - esplora.tip * 600; // the new tip is mined now
  expect((await poll()).creditedPaymentIds).toEqual([offer.paymentId]);

  // Both blocks are replaced; the transaction is back in the mempool.
  esplora.reorganise(height);
  tx.blockHeight = undefined;
  const after = await poll();
  expect(after.reversedPaymentIds).toEqual([offer.paymentId]);
  const payment = await paymentOf(offer.paymentId);
  expect(payment).toMatchObject({ amountReceived: "0", unconfirmedAmount: offer.payment.amountDue });
  expect(payment.unconfirmedSince!.getTime()).toBe(esplora.blockTime(height) * 1000);
  expect(payment.inFlightUntil).not.toBeNull();

  // Money first seen now, after its offer ended, keeps nothing.
  const late = await insertCryptoOrder("BTC", 10_000, new Date(Date.now() - 20 * 60_000));
  esplora.addTx([{ address: late.address, value: Number(late.payment.amountDue) }]);
  await poll();
  expect(await paymentOf(late.paymentId)).toMatchObject({
    unconfirmedAmount: late.payment.amountDue,
    inFlightUntil: null,
  });
});
