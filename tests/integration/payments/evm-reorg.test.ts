// Chain reorganisations on a real local chain (ganache): the chain is rolled back with
// evm_snapshot / evm_revert and other blocks are mined in place of the ones the watcher credited
// from. Credits the new branch does not hold are taken back and the order follows; a transaction
// mined again on the new branch is moved to its new block, not taken back.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { erc20Abi, type PublicClient, type WalletClient } from "viem";
import { setConfig } from "@/lib/config";
import { closeDatabase, db } from "@/lib/db";
import { onCryptoPaymentCredited } from "@/lib/market/crypto-payment-events";
import { listReorganisedLosses, onCryptoPaymentReorganised } from "@/lib/market/reorganised-payments";
import { markOrderPaid, settleDuePayments } from "@/lib/market/settle-payment";
import type { EvmWatcherOptions } from "@/lib/payments/crypto/evm-watcher";
import { openTestDatabase } from "@/tests/support/app";
import { startEvmNode, type EvmNode } from "@/tests/support/evm-node";
import { seedCatalogue } from "@/tests/support/market-fixtures";
import { chainClients, pollToHead, sendEth, sendSigned, signTransfer } from "./support/chain";
import { insertCryptoOrder } from "./support/orders";
import { deployTestToken } from "./support/test-token";

const CHAIN_ID = 1337;
const CHAIN = `eip155:${CHAIN_ID}`;
const CONFIRMATIONS = 2;
const CENT_ETH = 10n ** 16n; // $30 at $3000

let node: EvmNode;
let reader: PublicClient;
let payer: WalletClient;
let bystander: WalletClient;
let tokenOwner: WalletClient;
let usdc: `0x${string}`;
let dropDatabase: () => Promise<void>;

/** The marketplace's own hooks: settle what is paid, follow what a reorganisation takes back. */
const marketHooks: EvmWatcherOptions = {
  onPaymentCredited: (id) => onCryptoPaymentCredited(id).then(() => undefined),
  onPaymentReorganised: (tx, id) => onCryptoPaymentReorganised(tx, id),
  log: () => {},
};

beforeAll(async () => {
  dropDatabase = (await openTestDatabase()).drop;
  node = await startEvmNode({ chainId: CHAIN_ID });
  const clients = chainClients(node);
  reader = clients.reader;
  payer = clients.wallet(1);
  tokenOwner = clients.wallet(2);
  bystander = clients.wallet(3);
  usdc = await deployTestToken(tokenOwner, reader, 10n ** 12n);
  setConfig({
    PAYMENTS_EVM_RPC_URL: node.rpcUrl,
    PAYMENTS_EVM_CHAIN_ID: CHAIN_ID,
    PAYMENTS_EVM_CONFIRMATIONS: CONFIRMATIONS,
    PAYMENTS_USDC_CONTRACT: usdc,
    PAYMENT_OFFER_MINUTES: 15,
    CRYPTO_EVM_XPUB: undefined,
    CRYPTO_RATES_JSON: '{"ETH":"3000","USDC":"1"}',
  });
  await seedCatalogue();
  await pollToHead(marketHooks);
}, 120_000);

afterAll(async () => {
  await node?.stop();
  await closeDatabase();
  await dropDatabase?.();
});

const snapshot = () => node.rpc<string>("evm_snapshot");

/** Rolls the chain back to the snapshot and mines `blocks` blocks that differ from the old ones. */
async function reorganise(snapshotId: string, blocks: number): Promise<void> {
  expect(await node.rpc<boolean>("evm_revert", [snapshotId])).toBe(true);
  await sendEth(reader, bystander, node.accounts[4].address, 1n); // a block the old branch did not have
  await node.mine(blocks - 1);
}

const orderOf = (id: string) => db().order.findUniqueOrThrow({ where: { id } });
const paymentOf = (id: string) => db().payment.findUniqueOrThrow({ where: { id } });
const cursorRow = () => db().chainCursor.findUniqueOrThrow({ where: { chain: CHAIN } });

describe("a credit the chain takes back", () => {
  test("before registration: the order goes back to PENDING, keeps its hold, and the new branch is read", async () => {
    const offer = await insertCryptoOrder("ETH", 3000);
    const orderId = offer.payment.orderId;
    const { domain } = await orderOf(orderId);
    await db().nameReservation.create({ data: { domain, orderId } });
    const fork = await snapshot();
    const paidIn = (await sendEth(reader, payer, offer.address, CENT_ETH)).blockNumber;
    await node.mine(CONFIRMATIONS);
    // Paid, with registration still to come (as when fulfilment is slow or failed).
    await pollToHead({ ...marketHooks, onPaymentCredited: (id) => void markOrderPaid(orderId, `paid ${id}`) });
    await expect.poll(async () => (await orderOf(orderId)).orderStatus).toBe("PAID");
    const credited = await db().cryptoTransfer.findFirstOrThrow({ where: { paymentId: offer.paymentId } });
    expect(credited.blockHash).toBe((await reader.getBlock({ blockNumber: paidIn })).hash);
    const cursorBefore = await cursorRow();
    expect(cursorBefore.blockHash).toBe((await reader.getBlock({ blockNumber: cursorBefore.block })).hash);

    // The new branch is longer and holds only half the payment, in another transaction.
    await reorganise(fork, CONFIRMATIONS + 3);
    await sendEth(reader, payer, offer.address, CENT_ETH / 2n);
    await node.mine(CONFIRMATIONS);
    const steps = await pollToHead(marketHooks);

    const reorganisation = steps.find((s) => s.reorganisation)?.reorganisation;
    expect(reorganisation).toMatchObject({ detectedAt: cursorBefore.block, reversedPaymentIds: [offer.paymentId] });
    expect(reorganisation!.resumedAfter).toBeLessThan(paidIn);
    const payment = await paymentOf(offer.paymentId);
    expect(payment.amountReceived).toEqual((CENT_ETH / 2n).toString());
    const transfers = await db().cryptoTransfer.findMany({ where: { paymentId: offer.paymentId } });
    expect(transfers.map((t) => t.amount)).toEqual([(CENT_ETH / 2n).toString()]);
    expect(await db().reversedTransfer.findMany({ where: { paymentId: offer.paymentId } })).toEqual([
      expect.objectContaining({
        orderId,
        txHash: credited.txHash,
        blockNumber: paidIn,
        blockHash: credited.blockHash,
        amount: CENT_ETH.toString(),
        outcome: "order-reverted",
        resolvedAt: null,
      }),
    ]);

    const order = await orderOf(orderId);
    expect(order.orderStatus).toBe("PENDING");
    expect(order.paidAt).toBeNull();
    // The new branch's half payment was credited after the reversal, and the reason says so last.
    expect(order.orderStatusReason).toBe("Underpaid: received 0.005 ETH of 0.010 ETH due; 0.005 ETH is missing.");
    const events = await db().orderEvent.findMany({ where: { orderId }, orderBy: { createdAt: "asc" } });
    expect(events.map((e) => [e.status, e.reason])).toEqual([
      ["PAID", `paid ${offer.paymentId}`],
      [
        "PENDING",
        `A chain reorganisation took back 0.01 ETH of this payment (block ${paidIn}) before the name was registered. ` +
          "Awaiting payment of 0.01 ETH.",
      ],
      ["PENDING", "Underpaid: received 0.005 ETH of 0.010 ETH due; 0.005 ETH is missing."],
    ]);
    expect(await db().nameReservation.findUnique({ where: { orderId } })).toMatchObject({ domain });
    // The cursor stands on the new branch.
    const cursorAfter = await cursorRow();
    expect(cursorAfter.blockHash).toBe((await reader.getBlock({ blockNumber: cursorAfter.block })).hash);
  });

  test(
    "after registration: the name stays registered and " + "the loss is listed for the operator until made good",
    async () => {
      const offer = await insertCryptoOrder("ETH", 3000);
      const orderId = offer.payment.orderId;
      const fork = await snapshot();
      const payment = await signTransfer(payer, offer.address, CENT_ETH);
      const paidIn = await sendSigned(reader, payment);
      await node.mine(CONFIRMATIONS);
      await pollToHead(marketHooks);
      expect((await orderOf(orderId)).orderStatus).toBe("COMPLETED");

      await reorganise(fork, CONFIRMATIONS + 3);
      await pollToHead(marketHooks);
      const order = await orderOf(orderId);
      expect(order.orderStatus).toBe("COMPLETED");
      expect(order.orderStatusReason).toMatch(
        new RegExp(
          "^Registered to 0x9858EfFD232B4033E47d90003D41EC34EcaEda94 until \\d{4}-\\d{2}-\\d{2}\\. A chain " +
            `reorganisation took back 0\\.01 ETH of this payment \\(block ${paidIn}\\) after the name was ` +
            "registered; 0\\.01 ETH of the 0\\.01 ETH due is missing, and the operator is told\\.$",
        ),
      );
      const lastEvent = await db().orderEvent.findFirstOrThrow({ where: { orderId }, orderBy: { createdAt: "desc" } });
      expect(lastEvent).toMatchObject({ status: "COMPLETED", reason: order.orderStatusReason });
      expect(await db().domain.count({ where: { name: order.domain } })).toBe(1);
      const losses = await listReorganisedLosses();
      expect(losses).toEqual([
        expect.objectContaining({
          orderId,
          domain: order.domain,
          paymentId: offer.paymentId,
          chain: CHAIN,
          blockNumber: paidIn.toString(),
          amountAtomic: CENT_ETH.toString(),
          amount: "0.01",
          currency: "ETH",
        }),
      ]);

      // The very same transaction is mined on the new branch: the payment is whole again.
      await sendSigned(reader, payment);
      await node.mine(CONFIRMATIONS);
      await pollToHead(marketHooks);
      expect((await paymentOf(offer.paymentId)).amountReceived).toEqual(CENT_ETH.toString());
      expect(await listReorganisedLosses()).toEqual([]);
      const made = await orderOf(orderId);
      expect(made.orderStatus).toBe("COMPLETED");
      expect(made.orderStatusReason).toMatch(
        /The payment a chain reorganisation had taken back is confirmed again; nothing is owed\./,
      );
      expect(await db().reversedTransfer.findFirstOrThrow({ where: { paymentId: offer.paymentId } })).toMatchObject({
        outcome: "after-fulfilment",
        resolvedAt: expect.any(Date),
      });
    },
  );

  test(
    "an overpayment the chain takes back is no longer owed: " + "the refund shrinks in the reorganisation's own commit",
    async () => {
      const offer = await insertCryptoOrder("ETH", 3000);
      const orderId = offer.payment.orderId;
      const fork = await snapshot();
      // Due 0.01 ETH; paid 0.01 + 0.005 + 0.0025 in three transactions, each signed after the last was mined.
      const exact = await signTransfer(payer, offer.address, CENT_ETH);
      await sendSigned(reader, exact);
      const over = await signTransfer(payer, offer.address, CENT_ETH / 2n);
      await sendSigned(reader, over);
      await sendSigned(reader, await signTransfer(payer, offer.address, CENT_ETH / 4n));
      await node.mine(CONFIRMATIONS);
      await pollToHead(marketHooks);
      expect((await orderOf(orderId)).orderStatus).toBe("COMPLETED");
      const owed = await db().refund.findUniqueOrThrow({ where: { openFor: offer.paymentId } });
      expect(owed).toMatchObject({
        method: "crypto",
        status: "DUE",
        amountAtomic: ((CENT_ETH * 3n) / 4n).toString(),
        senderAddress: payer.account!.address.toLowerCase(),
      });

      // The new branch holds the first two transactions and not the third.
      await reorganise(fork, 3);
      await sendSigned(reader, exact);
      await sendSigned(reader, over);
      await node.mine(CONFIRMATIONS);
      // No settlement runs here: what the refund says now is the reorganisation hook's doing.
      await pollToHead({ ...marketHooks, onPaymentCredited: () => undefined });
      expect((await paymentOf(offer.paymentId)).amountReceived).toEqual(((CENT_ETH * 3n) / 2n).toString());
      const reduced = await db().refund.findUniqueOrThrow({ where: { openFor: offer.paymentId } });
      expect(reduced.id).toBe(owed.id);
      expect(reduced.amountAtomic).toEqual((CENT_ETH / 2n).toString());
      expect(reduced.reason).toMatch(
        /^A chain reorganisation took back part of the money: 0\.005 ETH is owed now instead of 0\.0075 ETH\./,
      );
      expect((await paymentOf(offer.paymentId)).settlementDue).toBe(true);

      // Settlement agrees with the hook and writes the refund's reason from what remains.
      await settleDuePayments(() => {});
      expect(await db().refund.findMany({ where: { paymentId: offer.paymentId } })).toEqual([
        expect.objectContaining({ id: owed.id, status: "DUE", amountAtomic: (CENT_ETH / 2n).toString() }),
      ]);
      expect((await db().refund.findUniqueOrThrow({ where: { id: owed.id } })).reason).toMatch(
        /^Overpaid by 0\.005 ETH/,
      );
      expect((await paymentOf(offer.paymentId)).settlementDue).toBe(false);
    },
  );

  test("a refund owed for a payment the chain takes back entirely is cancelled with it", async () => {
    const offer = await insertCryptoOrder("ETH", 3000);
    const orderId = offer.payment.orderId;
    const fork = await snapshot();
    // Short, and the offer ends: the order fails and the 0.005 ETH received is owed back.
    await sendEth(reader, payer, offer.address, CENT_ETH / 2n);
    await node.mine(CONFIRMATIONS);
    await db().order.update({ where: { id: orderId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    await db().payment.update({ where: { id: offer.paymentId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    await pollToHead(marketHooks);
    expect((await orderOf(orderId)).orderStatus).toBe("FAILED");
    expect(await db().refund.findUniqueOrThrow({ where: { openFor: offer.paymentId } })).toMatchObject({
      status: "DUE",
      amountAtomic: (CENT_ETH / 2n).toString(),
    });

    await reorganise(fork, CONFIRMATIONS + 3);
    await pollToHead({ ...marketHooks, onPaymentCredited: () => undefined });
    expect((await paymentOf(offer.paymentId)).amountReceived).toEqual("0");
    expect(await db().refund.count({ where: { paymentId: offer.paymentId } })).toBe(0);
    await settleDuePayments(() => {});
    expect(await db().refund.count({ where: { paymentId: offer.paymentId } })).toBe(0);
    expect((await orderOf(orderId)).orderStatus).toBe("FAILED");
  });

  test("an ERC-20 credit is taken back the same way", async () => {
    const offer = await insertCryptoOrder("USDC", 2500);
    const fork = await snapshot();
    const hash = await tokenOwner.writeContract({
      address: usdc,
      abi: erc20Abi,
      functionName: "transfer",
      args: [offer.address as `0x${string}`, 10_000_000n],
      account: tokenOwner.account!,
      chain: tokenOwner.chain,
    });
    await reader.waitForTransactionReceipt({ hash, pollingInterval: 20 });
    await node.mine(CONFIRMATIONS);
    await pollToHead(marketHooks);
    expect((await paymentOf(offer.paymentId)).amountReceived).toEqual("10000000");

    await reorganise(fork, CONFIRMATIONS + 2);
    const steps = await pollToHead(marketHooks);
    expect(steps.find((s) => s.reorganisation)?.reorganisation?.reversedPaymentIds).toEqual([offer.paymentId]);
    expect((await paymentOf(offer.paymentId)).amountReceived).toEqual("0");
    const order = await orderOf(offer.payment.orderId);
    expect(order.orderStatus).toBe("PENDING");
    expect(order.orderStatusReason).toMatch(
      /^A chain reorganisation took back 10 USDC of this payment \(block \d+\)\. Awaiting payment of 25 USDC\.$/,
    );
  });
});

test("a transaction the new branch holds in another block is moved there, not taken back", async () => {
  const offer = await insertCryptoOrder("ETH", 3000);
  const fork = await snapshot();
  const payment = await signTransfer(payer, offer.address, CENT_ETH);
  const firstBlock = await sendSigned(reader, payment);
  await node.mine(CONFIRMATIONS + 1);
  await pollToHead(marketHooks);
  expect((await orderOf(offer.payment.orderId)).orderStatus).toBe("COMPLETED");

  expect(await node.rpc<boolean>("evm_revert", [fork])).toBe(true);
  await sendEth(reader, bystander, node.accounts[4].address, 1n);
  const secondBlock = await sendSigned(reader, payment);
  expect(secondBlock).toBe(firstBlock + 1n);
  await node.mine(CONFIRMATIONS + 1);

  const steps = await pollToHead(marketHooks);
  expect(steps.find((s) => s.reorganisation)?.reorganisation?.reversedPaymentIds).toEqual([]);
  const transfer = await db().cryptoTransfer.findFirstOrThrow({ where: { paymentId: offer.paymentId } });
  expect(transfer.blockNumber).toBe(secondBlock);
  expect(transfer.blockHash).toBe((await reader.getBlock({ blockNumber: secondBlock })).hash);
  expect((await paymentOf(offer.paymentId)).amountReceived).toEqual(CENT_ETH.toString());
  expect(await db().reversedTransfer.count({ where: { paymentId: offer.paymentId } })).toBe(0);
  expect((await orderOf(offer.payment.orderId)).orderStatus).toBe("COMPLETED");
});
