// The Bitcoin watcher against a local HTTP server speaking the Esplora API.
import { afterAll, beforeAll, expect, test } from "vitest";
import { setConfig } from "@/lib/config";
import { closeDatabase, db } from "@/lib/db";
import { pollBtcOnce, startBtcWatcher } from "@/lib/payments/crypto/btc-watcher";
import { classifyPayment } from "@/lib/payments/crypto/classify-payment";
import { btcAddressAt, testBtcXpub } from "@/lib/payments/crypto/derive-address";
import { readPaymentProgress } from "@/lib/payments/crypto/record-transfers";
import { openTestDatabase } from "@/tests/support/app";
import { startEsploraServer, type EsploraServer } from "./support/esplora-server";
import { insertCryptoOrder } from "./support/orders";

const SOMEONE_ELSE = btcAddressAt(testBtcXpub("regtest"), "regtest", 999);
let esplora: EsploraServer;
let dropDatabase: () => Promise<void>;
const credited: string[] = [];
const poll = () => pollBtcOnce({ onPaymentCredited: (id) => void credited.push(id), log: () => {} });

beforeAll(async () => {
  dropDatabase = (await openTestDatabase()).drop;
  esplora = await startEsploraServer();
  setConfig({
    PAYMENTS_BTC_ESPLORA_URL: esplora.url,
    PAYMENTS_BTC_NETWORK: "regtest",
    PAYMENTS_BTC_CONFIRMATIONS: 2,
    CRYPTO_BTC_XPUB: undefined,
    CRYPTO_RATES_JSON: '{"BTC":"60000"}',
    PAYMENT_OFFER_MINUTES: 15,
  });
});

afterAll(async () => {
  await esplora?.stop();
  await closeDatabase();
  await dropDatabase?.();
});

test("outputs to the deposit address are credited after the required confirmations, once each", async () => {
  const offer = await insertCryptoOrder("BTC", 10_000); // $100 at $60000 = 166667 sat
  expect(offer.address).toBe("bcrt1q6rz28mcfaxtmd6v789l9rrlrusdprr9pz3cppk");
  expect(offer.uri).toBe("bitcoin:bcrt1q6rz28mcfaxtmd6v789l9rrlrusdprr9pz3cppk?amount=0.00166667");
  esplora.tip = 100;
  const first = esplora.addTx(
    [
      { address: SOMEONE_ELSE, value: 5_000_000 },
      { address: offer.address, value: 100_000 },
    ],
    100,
  );
  const second = esplora.addTx([{ address: offer.address, value: 100_000 }]); // in the mempool

  expect(await poll()).toMatchObject({
    chain: "bitcoin:regtest",
    tipHeight: 100,
    addressesChecked: 1,
    creditedPaymentIds: [],
  });
  expect((await db().payment.findUniqueOrThrow({ where: { id: offer.paymentId } })).amountReceived).toEqual("0");

  esplora.tip = 101; // the first transaction now has two confirmations
  expect((await poll()).creditedPaymentIds).toEqual([offer.paymentId]);
  expect(credited).toEqual([offer.paymentId]);
  const transfers = await db().cryptoTransfer.findMany({ where: { paymentId: offer.paymentId } });
  expect(transfers).toEqual([
    expect.objectContaining({
      chain: "bitcoin:regtest",
      txHash: first.txid,
      logIndex: 1,
      blockNumber: 100n,
      amount: "100000",
      createdAt: new Date((1_700_000_000 + 100 * 600) * 1000),
    }),
  ]);
  expect(await db().payment.findUniqueOrThrow({ where: { id: offer.paymentId } })).toMatchObject({
    amountReceived: "100000",
    confirmations: 2,
  });
  expect(classifyPayment((await readPaymentProgress(offer.paymentId))!).reason).toBe(
    "Underpaid: received 0.00100000 BTC of 0.00166667 BTC due; 0.00066667 BTC is missing.",
  );

  expect((await poll()).creditedPaymentIds).toEqual([]);
  expect(credited).toEqual([offer.paymentId]);

  second.blockHeight = 102;
  esplora.tip = 103;
  expect((await poll()).creditedPaymentIds).toEqual([offer.paymentId]);
  const progress = (await readPaymentProgress(offer.paymentId))!;
  expect(progress.amountReceived).toBe("200000");
  expect(classifyPayment(progress).state).toBe("overpaid");
  expect((await db().chainCursor.findUniqueOrThrow({ where: { chain: "bitcoin:regtest" } })).block).toBe(103n);
});

test("an address with more history than one Esplora page is read across pages", async () => {
  const offer = await insertCryptoOrder("BTC", 600); // $6 = 10000 sat
  for (let i = 0; i < 30; i++) esplora.addTx([{ address: offer.address, value: 1_000 }], 50 + i);
  esplora.requests.length = 0;
  expect((await poll()).creditedPaymentIds).toEqual([offer.paymentId]);
  expect((await db().payment.findUniqueOrThrow({ where: { id: offer.paymentId } })).amountReceived).toEqual("30000");
  expect(esplora.requests.some((path) => path.startsWith(`/address/${offer.address}/txs/chain/`))).toBe(true);
});

test("an Esplora failure credits nothing, and the loop recovers when the API is back", async () => {
  const offer = await insertCryptoOrder("BTC", 6_000); // $60 = 100000 sat
  esplora.addTx([{ address: offer.address, value: 100_000 }], esplora.tip - 1);
  esplora.failWith = 503;
  await expect(poll()).rejects.toThrow("Esplora GET /blocks/tip/hash answered 503.");
  expect((await db().payment.findUniqueOrThrow({ where: { id: offer.paymentId } })).amountReceived).toEqual("0");

  const problems: string[] = [];
  const seen = new Promise<string>((resolve) => {
    const watcher = startBtcWatcher({
      intervalMs: 20,
      log: (message) => {
        problems.push(message);
        if (problems.length === 2) esplora.failWith = undefined;
      },
      onPaymentCredited: (id) => void watcher.stop().then(() => resolve(id)),
    });
  });
  expect(await seen).toBe(offer.paymentId);
  expect(problems[0]).toBe("poll failed: Esplora GET /blocks/tip/hash answered 503.");
  expect((await db().payment.findUniqueOrThrow({ where: { id: offer.paymentId } })).amountReceived).toEqual("100000");
});
