// Native ETH that reaches a deposit address from inside a contract call (a Safe, an ERC-4337
// account), and payments the watcher catches up on after a day-long outage, on a real local
// chain (ganache) whose clock starts 26 hours in the past.
import { HDNodeWallet } from "ethers";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { PublicClient, WalletClient } from "viem";
import { setConfig } from "@/lib/config";
import { closeDatabase, db } from "@/lib/db";
import { onCryptoPaymentCredited } from "@/lib/market/crypto-payment-events";
import { expireUnpaidOffers } from "@/lib/market/expire-offers";
import { onCryptoPaymentReorganised } from "@/lib/market/reorganised-payments";
import { classifyPayment } from "@/lib/payments/crypto/classify-payment";
import { TEST_MNEMONIC } from "@/lib/payments/crypto/derive-address";
import { INTERNAL_TRANSFER_LOG_INDEX, type EvmWatcherOptions } from "@/lib/payments/crypto/evm-watcher";
import { readPaymentProgress } from "@/lib/payments/crypto/record-transfers";
import { openTestDatabase } from "@/tests/support/app";
import { startEvmNode, type EvmNode } from "@/tests/support/evm-node";
import { seedCatalogue } from "@/tests/support/market-fixtures";
import { chainClients, pollToHead, sendEth } from "./support/chain";
import { insertCryptoOrder } from "./support/orders";
import { compileContract, deployContract } from "./support/test-token";

const CHAIN_ID = 1337;
const CHAIN = `eip155:${CHAIN_ID}`;
const CONFIRMATIONS = 2;
const CENT_ETH = 10n ** 16n; // $30 at $3000
const HOUR = 3600_000;

let node: EvmNode;
let reader: PublicClient;
let payer: WalletClient;
let forwarder: `0x${string}`;
let dropDatabase: () => Promise<void>;
const credited: string[] = [];

const hooks: EvmWatcherOptions = {
  onPaymentCredited: async (id) => {
    credited.push(id);
    await onCryptoPaymentCredited(id);
  },
  onPaymentReorganised: (tx, id) => onCryptoPaymentReorganised(tx, id),
  log: () => {},
};

beforeAll(async () => {
  dropDatabase = (await openTestDatabase()).drop;
  node = await startEvmNode({ chainId: CHAIN_ID, time: new Date(Date.now() - 26 * HOUR) });
  const clients = chainClients(node);
  reader = clients.reader;
  payer = clients.wallet(1);
  forwarder = await deployContract(clients.wallet(2), reader, "Forwarder");
  setConfig({
    PAYMENTS_EVM_RPC_URL: node.rpcUrl,
    PAYMENTS_EVM_CHAIN_ID: CHAIN_ID,
    PAYMENTS_EVM_CONFIRMATIONS: CONFIRMATIONS,
    PAYMENT_OFFER_MINUTES: 15,
    CRYPTO_EVM_XPUB: undefined,
    CRYPTO_RATES_JSON: '{"ETH":"3000","USDC":"1"}',
  });
  await seedCatalogue();
  await pollToHead(hooks);
}, 120_000);

afterAll(async () => {
  await node?.stop();
  await closeDatabase();
  await dropDatabase?.();
});

/** The chain's own clock: the time of its newest block. */
async function chainNow(): Promise<Date> {
  return new Date(Number((await reader.getBlock()).timestamp) * 1000);
}

/** An order whose name is held, created at the chain's time. */
async function order(currency: string, usdCents: number, createdAt?: Date) {
  const offer = await insertCryptoOrder(currency, usdCents, createdAt ?? (await chainNow()));
  const { domain } = await db().order.findUniqueOrThrow({ where: { id: offer.payment.orderId } });
  await db().nameReservation.create({ data: { domain, orderId: offer.payment.orderId } });
  return offer;
}

async function callForwarder(functionName: string, args: `0x${string}`[], value: bigint) {
  const hash = await payer.writeContract({
    address: forwarder,
    abi: compileContract("Forwarder").abi,
    functionName,
    args,
    value,
    account: payer.account!,
    chain: payer.chain,
    gas: 200_000n,
  });
  return reader.waitForTransactionReceipt({ hash, pollingInterval: 20 });
}

const paymentOf = (id: string) => db().payment.findUniqueOrThrow({ where: { id } });
const transfersOf = (paymentId: string) =>
  db().cryptoTransfer.findMany({ where: { paymentId }, orderBy: [{ blockNumber: "asc" }, { logIndex: "asc" }] });

describe("ETH sent by a contract", () => {
  test("is credited from the block that moved it, once, and completes the order", async () => {
    const offer = await order("ETH", 3000);
    credited.length = 0;
    const receipt = await callForwarder("forward", [offer.address as `0x${string}`], CENT_ETH);
    expect(receipt.status).toBe("success");
    await pollToHead(hooks);
    expect((await paymentOf(offer.paymentId)).amountReceived).toEqual("0"); // one confirmation so far
    await node.mine(CONFIRMATIONS - 1);
    await pollToHead(hooks);

    const block = await reader.getBlock({ blockNumber: receipt.blockNumber });
    expect(await transfersOf(offer.paymentId)).toEqual([
      expect.objectContaining({
        chain: CHAIN,
        txHash: `balance:${block.hash}:${offer.address.toLowerCase()}`,
        logIndex: INTERNAL_TRANSFER_LOG_INDEX,
        blockNumber: receipt.blockNumber,
        blockHash: block.hash,
        amount: CENT_ETH.toString(),
        createdAt: new Date(Number(block.timestamp) * 1000),
      }),
    ]);
    expect(credited).toEqual([offer.paymentId]);
    expect((await db().order.findUniqueOrThrow({ where: { id: offer.payment.orderId } })).orderStatus).toBe(
      "COMPLETED",
    );

    // The same blocks read again (a crash before the cursor moved) credit nothing twice.
    await db().chainCursor.update({ where: { chain: CHAIN }, data: { block: receipt.blockNumber - 1n } });
    await pollToHead(hooks);
    expect(credited).toEqual([offer.paymentId]);
    expect(await transfersOf(offer.paymentId)).toHaveLength(1);
  });

  test("a direct and a contract transfer in the same range add up; each counts once", async () => {
    const offer = await order("ETH", 6000); // 0.02 ETH
    const direct = await sendEth(reader, payer, offer.address, CENT_ETH);
    await node.mine(3);
    const viaContract = await callForwarder("forward", [offer.address as `0x${string}`], CENT_ETH / 2n);
    await node.mine(CONFIRMATIONS);
    await pollToHead({ ...hooks, maxBlockRange: 50 });
    expect((await transfersOf(offer.paymentId)).map((t) => [t.blockNumber, t.logIndex, t.amount])).toEqual([
      [direct.blockNumber, -1, CENT_ETH.toString()],
      [viaContract.blockNumber, INTERNAL_TRANSFER_LOG_INDEX, (CENT_ETH / 2n).toString()],
    ]);
    expect((await paymentOf(offer.paymentId)).amountReceived).toEqual(((CENT_ETH * 3n) / 2n).toString());
  });

  test("one call paying two deposit addresses credits both; a call that reverts credits nothing", async () => {
    const first = await order("ETH", 3000);
    const second = await order("ETH", 3000);
    const third = await order("ETH", 3000);
    const split = await callForwarder("split", [first.address, second.address] as `0x${string}`[], 2n * CENT_ETH);
    const failed = await callForwarder("forwardThenFail", [third.address as `0x${string}`], CENT_ETH);
    expect(failed.status).toBe("reverted");
    await node.mine(CONFIRMATIONS);
    await pollToHead(hooks);
    for (const offer of [first, second]) {
      expect((await transfersOf(offer.paymentId)).map((t) => [t.blockNumber, t.amount])).toEqual([
        [split.blockNumber, CENT_ETH.toString()],
      ]);
    }
    expect(await transfersOf(third.paymentId)).toEqual([]);
    expect((await reader.getBalance({ address: third.address as `0x${string}` })).toString()).toBe("0");
  });

  test("after the deposit address sent a transaction (a sweep), its balance is not read as payments", async () => {
    const offer = await order("ETH", 3000);
    await sendEth(reader, payer, offer.address, CENT_ETH);
    await node.mine(CONFIRMATIONS);
    await pollToHead(hooks);
    // The operator sweeps part of it with the address's own key (the public test mnemonic's).
    const key = HDNodeWallet.fromPhrase(TEST_MNEMONIC, undefined, `m/44'/60'/0'/0/${offer.payment.derivationIndex}`);
    expect(key.address).toBe(offer.address);
    const { privateKeyToAccount } = await import("viem/accounts");
    const { createWalletClient, http } = await import("viem");
    const sweeper = createWalletClient({
      chain: payer.chain,
      account: privateKeyToAccount(key.privateKey as `0x${string}`),
      transport: http(node.rpcUrl),
    });
    // What left (a tenth, plus gas) is less than what a contract then sends in: the balance rises by
    // an amount that is no payment's, so nothing is credited from it.
    await sendEth(reader, sweeper, node.accounts[6].address, CENT_ETH / 10n);
    await callForwarder("forward", [offer.address as `0x${string}`], CENT_ETH / 4n);
    await node.mine(CONFIRMATIONS);
    await pollToHead(hooks);
    expect((await transfersOf(offer.paymentId)).map((t) => t.amount)).toEqual([CENT_ETH.toString()]);
  });
});

test(
  "after a watcher outage of more than a day, on-time payments in the blocks it catches up on are credited " +
    "on time",
  async () => {
    // Offers made at the chain's time, 26 hours ago by the wall clock, and paid within 15 minutes.
    const direct = await order("ETH", 3000);
    const internal = await order("ETH", 3000);
    const late = await order("ETH", 3000, new Date((await chainNow()).getTime() - HOUR)); // expired 45 min before
    await sendEth(reader, payer, direct.address, CENT_ETH);
    await callForwarder("forward", [internal.address as `0x${string}`], CENT_ETH);
    await sendEth(reader, payer, late.address, CENT_ETH);
    await node.mine(40);
    // Meanwhile the expiry job, which runs on the wall clock, expired the three orders.
    const expired = await expireUnpaidOffers(new Date());
    expect(expired).toEqual(expect.arrayContaining([direct, internal, late].map((o) => o.payment.orderId)));

    // The watcher comes back: it reads the day-old blocks in several steps, on the blocks' time.
    credited.length = 0;
    const steps = await pollToHead({ ...hooks, maxBlockRange: 10 });
    expect(steps.length).toBeGreaterThan(3);
    expect([...credited].sort()).toEqual([direct, internal, late].map((o) => o.paymentId).sort());
    for (const offer of [direct, internal]) {
      const verdict = classifyPayment((await readPaymentProgress(offer.paymentId))!);
      expect(verdict).toMatchObject({ state: "paid", late: false, reason: "Paid: received 0.01 ETH." });
      const orderRow = await db().order.findUniqueOrThrow({ where: { id: offer.payment.orderId } });
      expect(orderRow.orderStatus).toBe("COMPLETED");
    }
    const lateVerdict = classifyPayment((await readPaymentProgress(late.paymentId))!);
    expect(lateVerdict).toMatchObject({ state: "paid", late: true });
  },
);
