// The Bitcoin watcher against the local Esplora server when the chain reorganises (blocks replaced
// from some height, their transactions back in the mempool or mined elsewhere) and after an outage
// of more than a day.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { setConfig } from "@/lib/config";
import { closeDatabase, db } from "@/lib/db";
import { onCryptoPaymentCredited } from "@/lib/market/crypto-payment-events";
import { listReorganisedLosses, onCryptoPaymentReorganised } from "@/lib/market/reorganised-payments";
import { pollBtcOnce, type BtcWatcherOptions } from "@/lib/payments/crypto/btc-watcher";
import { classifyPayment } from "@/lib/payments/crypto/classify-payment";
import { readPaymentProgress } from "@/lib/payments/crypto/record-transfers";
import { openTestDatabase } from "@/tests/support/app";
import { seedCatalogue } from "@/tests/support/market-fixtures";
import { startEsploraServer, type EsploraServer } from "./support/esplora-server";
import { insertCryptoOrder } from "./support/orders";

const CHAIN = "bitcoin:regtest";
const HOUR = 3600_000;
const DUE = 166_667; // $100 at $60000, in satoshi

let esplora: EsploraServer;
let dropDatabase: () => Promise<void>;
const credited: string[] = [];

const hooks: BtcWatcherOptions = {
  onPaymentCredited: async (id) => {
    credited.push(id);
    await onCryptoPaymentCredited(id);
  },
  onPaymentReorganised: (tx, id) => onCryptoPaymentReorganised(tx, id),
  log: () => {},
};

async function pollAt(tip: number) {
  esplora.tip = tip;
  return pollBtcOnce(hooks);
}

/** An order whose name is held, created at `createdAt`. */
async function order(createdAt?: Date) {
  const offer = await insertCryptoOrder("BTC", 10_000, createdAt);
  expect(offer.amountAtomic).toBe(String(DUE));
  const { domain } = await db().order.findUniqueOrThrow({ where: { id: offer.payment.orderId } });
  await db().nameReservation.create({ data: { domain, orderId: offer.payment.orderId } });
  return offer;
}

beforeAll(async () => {
  dropDatabase = (await openTestDatabase()).drop;
  esplora = await startEsploraServer();
  // Block 300 was mined 26 hours ago; one block every ten minutes.
  esplora.genesisTime = Math.floor((Date.now() - 26 * HOUR) / 1000) - 300 * 600;
  setConfig({
    PAYMENTS_BTC_ESPLORA_URL: esplora.url,
    PAYMENTS_BTC_NETWORK: "regtest",
    PAYMENTS_BTC_CONFIRMATIONS: undefined,
    CRYPTO_BTC_XPUB: undefined,
    CRYPTO_RATES_JSON: '{"BTC":"60000"}',
    PAYMENT_OFFER_MINUTES: 15,
  });
  await seedCatalogue();
});

afterAll(async () => {
  await esplora?.stop();
  await closeDatabase();
  await dropDatabase?.();
});

describe("reorganisations", () => {
  test(
    "a credit whose block is replaced is taken back, one mined elsewhere is moved, and a re-mined one counts " +
      "again",
    async () => {
      await pollAt(196);
      const dropped = await order();
      const moved = await order();
      const droppedTx = esplora.addTx([{ address: dropped.address, value: DUE }], 197);
      const movedTx = esplora.addTx([{ address: moved.address, value: DUE }], 197);
      // Two confirmations by default: at tip 197 nothing counts yet.
      expect((await pollAt(197)).creditedPaymentIds).toEqual([]);
      expect((await pollAt(198)).creditedPaymentIds.sort()).toEqual([dropped.paymentId, moved.paymentId].sort());
      for (const offer of [dropped, moved])
        expect((await db().order.findUniqueOrThrow({ where: { id: offer.payment.orderId } })).orderStatus).toBe(
          "COMPLETED",
        );
      expect(await db().cryptoTransfer.findFirstOrThrow({ where: { paymentId: dropped.paymentId } })).toMatchObject({
        blockNumber: 197n,
        blockHash: esplora.blockHash(197),
      });
      await pollAt(199);
      await pollAt(200);

      // Blocks 197 and up are replaced: one transaction is back in the mempool, the other in block 198.
      esplora.reorganise(197);
      droppedTx.blockHeight = undefined;
      movedTx.blockHeight = 198;
      const result = await pollAt(200);
      expect(result.reversedPaymentIds).toEqual([dropped.paymentId]);
      expect((await db().payment.findUniqueOrThrow({ where: { id: dropped.paymentId } })).amountReceived).toEqual("0");
      expect(await db().cryptoTransfer.findFirstOrThrow({ where: { paymentId: moved.paymentId } })).toMatchObject({
        blockNumber: 198n,
        blockHash: esplora.blockHash(198),
      });
      expect(await db().reversedTransfer.count({ where: { paymentId: moved.paymentId } })).toBe(0);
      expect(await listReorganisedLosses()).toEqual([
        expect.objectContaining({
          orderId: dropped.payment.orderId,
          chain: CHAIN,
          txHash: droppedTx.txid,
          blockNumber: "197",
          amountAtomic: String(DUE),
          amount: "0.00166667",
          currency: "BTC",
        }),
      ]);
      expect((await db().chainCursor.findUniqueOrThrow({ where: { chain: CHAIN } })).blockHash).toBe(
        esplora.blockHash(200),
      );

      // The dropped transaction is mined again: the payment is whole and the loss is off the list.
      droppedTx.blockHeight = 201;
      await pollAt(202);
      expect((await db().payment.findUniqueOrThrow({ where: { id: dropped.paymentId } })).amountReceived).toEqual(
        String(DUE),
      );
      expect(await listReorganisedLosses()).toEqual([]);
    },
  );

  test("a credit taken back before the order settled only changes its reason", async () => {
    const offer = await order();
    const tx = esplora.addTx([{ address: offer.address, value: 100_000 }], 203);
    await pollAt(204);
    expect((await db().order.findUniqueOrThrow({ where: { id: offer.payment.orderId } })).orderStatusReason).toBe(
      "Underpaid: received 0.00100000 BTC of 0.00166667 BTC due; 0.00066667 BTC is missing.",
    );
    esplora.reorganise(203);
    tx.blockHeight = undefined;
    await pollAt(205);
    const after = await db().order.findUniqueOrThrow({ where: { id: offer.payment.orderId } });
    expect(after.orderStatus).toBe("PENDING");
    expect(after.orderStatusReason).toBe(
      "A chain reorganisation took back 0.001 BTC of this payment (block 203). Awaiting payment of 0.00166667 BTC.",
    );
    expect(await db().reversedTransfer.findFirstOrThrow({ where: { paymentId: offer.paymentId } })).toMatchObject({
      outcome: "noted",
      amount: "100000",
    });
  });
});

test(
  "after an outage of more than a day, " + "on-time payments in the blocks confirmed meanwhile are credited on time",
  async () => {
    // The watcher last read block 300, mined 26 hours ago; the order was made then and paid in time.
    await pollAt(300);
    const blockTime = (height: number) => new Date(esplora.blockTime(height) * 1000);
    const onTime = await order(blockTime(300));
    const tooLate = await order(new Date(blockTime(300).getTime() - HOUR));
    esplora.addTx([{ address: onTime.address, value: DUE }], 301);
    esplora.addTx([{ address: tooLate.address, value: DUE }], 301);
    credited.length = 0;

    // Back 25 hours later (block 450): both offers expired more than a day ago by the wall clock.
    expect(blockTime(450).getTime()).toBeLessThan(Date.now());
    expect(onTime.payment.expiresAt.getTime()).toBeLessThan(Date.now() - 24 * HOUR);
    await pollAt(450);
    expect([...credited].sort()).toEqual([onTime.paymentId, tooLate.paymentId].sort());
    expect(classifyPayment((await readPaymentProgress(onTime.paymentId))!)).toMatchObject({
      state: "paid",
      late: false,
      reason: "Paid: received 0.00166667 BTC.",
    });
    expect(classifyPayment((await readPaymentProgress(tooLate.paymentId))!)).toMatchObject({
      state: "paid",
      late: true,
    });
    expect((await db().order.findUniqueOrThrow({ where: { id: onTime.payment.orderId } })).orderStatus).toBe(
      "COMPLETED",
    );
  },
);
