// The EVM watcher against a real local chain (anvil): a real ERC-20 contract, real transfers to
// derived deposit addresses, blocks mined on demand.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  erc20Abi,
  getAddress,
  http,
  type PublicClient,
  type WalletClient,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { setConfig } from "@/lib/config";
import { closeDatabase, db } from "@/lib/db";
import { classifyPayment } from "@/lib/payments/crypto/classify-payment";
import {
  NATIVE_TRANSFER_LOG_INDEX,
  pollEvmOnce,
  startEvmWatcher,
  type EvmWatcherOptions,
} from "@/lib/payments/crypto/evm-watcher";
import { readPaymentProgress } from "@/lib/payments/crypto/record-transfers";
import { openTestDatabase } from "@/tests/support/app";
import { startEvmNode, type EvmNode } from "@/tests/support/evm-node";
import { insertCryptoOrder } from "./support/orders";
import { deployTestToken } from "./support/test-token";

const CHAIN_ID = 1337;
const CHAIN = `eip155:${CHAIN_ID}`;
const CONFIRMATIONS = 3;

let node: EvmNode;
let reader: PublicClient;
let payer: WalletClient;
let tokenOwner: WalletClient;
let usdc: `0x${string}`;
let otherToken: `0x${string}`;
let dropDatabase: () => Promise<void>;
const credited: string[] = [];

const watcherOptions = (extra: EvmWatcherOptions = {}): EvmWatcherOptions => ({
  onPaymentCredited: (paymentId) => void credited.push(paymentId),
  log: () => {},
  ...extra,
});

async function pollUntilCaughtUp(extra: EvmWatcherOptions = {}): Promise<string[]> {
  const ids: string[] = [];
  for (let step = 0; step < 50; step++) {
    const result = await pollEvmOnce(watcherOptions(extra));
    ids.push(...result.creditedPaymentIds);
    if (result.caughtUp) return ids;
  }
  throw new Error("The watcher did not catch up in 50 steps.");
}

async function payment(id: string) {
  return db().payment.findUniqueOrThrow({ where: { id } });
}

async function cursor(): Promise<bigint | undefined> {
  return (await db().chainCursor.findUnique({ where: { chain: CHAIN } }))?.block;
}

beforeAll(async () => {
  dropDatabase = (await openTestDatabase()).drop;
  node = await startEvmNode({ chainId: CHAIN_ID });
  const chain = defineChain({
    id: CHAIN_ID,
    name: "anvil",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [node.rpcUrl] } },
  });
  reader = createPublicClient({ chain, transport: http(node.rpcUrl) });
  payer = createWalletClient({
    chain,
    account: privateKeyToAccount(node.accounts[1].privateKey),
    transport: http(node.rpcUrl),
  });
  tokenOwner = createWalletClient({
    chain,
    account: privateKeyToAccount(node.accounts[2].privateKey),
    transport: http(node.rpcUrl),
  });
  usdc = await deployTestToken(tokenOwner, reader, 1_000_000_000_000n);
  otherToken = await deployTestToken(tokenOwner, reader, 1_000_000_000_000n);
  setConfig({
    PAYMENTS_EVM_RPC_URL: node.rpcUrl,
    PAYMENTS_EVM_CHAIN_ID: CHAIN_ID,
    PAYMENTS_EVM_CONFIRMATIONS: CONFIRMATIONS,
    PAYMENTS_USDC_CONTRACT: usdc,
    PAYMENT_OFFER_MINUTES: 15,
    CRYPTO_EVM_XPUB: undefined,
    CRYPTO_RATES_JSON: '{"ETH":"3000","USDC":"1"}',
  });
  // The first poll starts the cursor; nothing is watched yet.
  await pollUntilCaughtUp();
});

afterAll(async () => {
  await node?.stop();
  await closeDatabase();
  await dropDatabase?.();
});

async function sendEth(to: string, wei: bigint): Promise<bigint> {
  const hash = await payer.sendTransaction({
    to: to as `0x${string}`,
    value: wei,
    account: payer.account!,
    chain: payer.chain,
  });
  // anvil may answer the hash before its automine has put the transaction in a block.
  return (await reader.waitForTransactionReceipt({ hash, pollingInterval: 50 })).blockNumber;
}

async function sendToken(token: `0x${string}`, to: string, units: bigint): Promise<bigint> {
  const hash = await tokenOwner.writeContract({
    address: token,
    abi: erc20Abi,
    functionName: "transfer",
    args: [to as `0x${string}`, units],
    account: tokenOwner.account!,
    chain: tokenOwner.chain,
  });
  const receipt = await reader.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  expect(receipt.status).toBe("success");
  return receipt.blockNumber;
}

describe("native ETH", () => {
  test("is credited only once the block has the required confirmations, once", async () => {
    const offer = await insertCryptoOrder("ETH", 3000); // $30 at $3000 = 0.01 ETH
    expect(offer.amountAtomic).toBe("10000000000000000");
    expect(offer.uri).toBe(`ethereum:${offer.address}@${CHAIN_ID}?value=10000000000000000`);
    credited.length = 0;

    const block = await sendEth(offer.address, 10n ** 16n);
    expect(await pollUntilCaughtUp()).toEqual([]);
    await node.mine(CONFIRMATIONS - 2); // head = block + 1: two confirmations
    expect(await pollUntilCaughtUp()).toEqual([]);
    expect((await payment(offer.paymentId)).amountReceived).toEqual("0");

    await node.mine(1); // three confirmations
    expect(await pollUntilCaughtUp()).toEqual([offer.paymentId]);
    expect(credited).toEqual([offer.paymentId]);
    const stored = await payment(offer.paymentId);
    expect(stored.amountReceived).toEqual("10000000000000000");
    expect(stored.confirmations).toBe(CONFIRMATIONS);
    const transfers = await db().cryptoTransfer.findMany({ where: { paymentId: offer.paymentId } });
    expect(transfers).toHaveLength(1);
    expect(transfers[0]).toMatchObject({
      chain: CHAIN,
      logIndex: NATIVE_TRANSFER_LOG_INDEX,
      blockNumber: block,
      amount: "10000000000000000",
    });
    const blockTime = (await reader.getBlock({ blockNumber: block })).timestamp;
    expect(transfers[0].createdAt.getTime()).toBe(Number(blockTime) * 1000);
    expect(await cursor()).toBe(block);

    // Re-reading the same blocks (as after a crash before the cursor moved) credits nothing twice.
    await db().chainCursor.update({ where: { chain: CHAIN }, data: { block: block - 1n } });
    expect(await pollUntilCaughtUp()).toEqual([]);
    expect(credited).toEqual([offer.paymentId]);
    expect((await payment(offer.paymentId)).amountReceived).toEqual("10000000000000000");
    expect(await db().cryptoTransfer.count({ where: { paymentId: offer.paymentId } })).toBe(1);
  });

  test("under- and overpayment add up across transfers and read as sentences", async () => {
    const offer = await insertCryptoOrder("ETH", 3600); // 0.012 ETH
    await sendEth(offer.address, 10_100_000_000_000_000n);
    await node.mine(CONFIRMATIONS);
    await pollUntilCaughtUp();
    let progress = (await readPaymentProgress(offer.paymentId))!;
    expect(classifyPayment(progress)).toEqual({
      state: "underpaid",
      late: false,
      reason: "Underpaid: received 0.0101 ETH of 0.0120 ETH due; 0.0019 ETH is missing.",
    });

    await sendEth(offer.address, 5_000_000_000_000_000n);
    await node.mine(CONFIRMATIONS);
    await pollUntilCaughtUp();
    progress = (await readPaymentProgress(offer.paymentId))!;
    expect(progress.amountReceived).toBe("15100000000000000");
    expect(classifyPayment(progress)).toMatchObject({
      state: "overpaid",
      reason: "Overpaid: received 0.0151 ETH of 0.0120 ETH due; 0.0031 ETH more than due.",
    });
  });

  test("a payment after the offer expired is still seen and reported late", async () => {
    const offer = await insertCryptoOrder("ETH", 3000, new Date(Date.now() - 60 * 60_000)); // expired 45 minutes ago
    await sendEth(offer.address, 10n ** 16n);
    await node.mine(CONFIRMATIONS);
    expect(await pollUntilCaughtUp()).toEqual([offer.paymentId]);
    const verdict = classifyPayment((await readPaymentProgress(offer.paymentId))!);
    expect(verdict.state).toBe("paid");
    expect(verdict.late).toBe(true);
    expect(verdict.reason).toMatch(/^Paid: received 0\.01 ETH\. The payment arrived after the offer expired at /);
  });
});

describe("ERC-20 (USDC)", () => {
  test(
    "Transfer logs to the deposit address are credited after confirmations; " + "other tokens and recipients are not",
    async () => {
      const offer = await insertCryptoOrder("USDC", 2500); // 25 USDC
      expect(offer.uri).toBe(
        `ethereum:${getAddress(usdc)}@${CHAIN_ID}/transfer?address=${offer.address}&uint256=25000000`,
      );
      expect(offer.paymentDetails).toMatchObject({
        chainId: CHAIN_ID,
        tokenContract: getAddress(usdc),
        decimals: 6,
        confirmationsRequired: CONFIRMATIONS,
      });

      await sendToken(otherToken, offer.address, 25_000_000n); // right recipient, wrong token
      await sendToken(usdc, node.accounts[5].address, 25_000_000n); // right token, someone else
      await sendToken(usdc, offer.address, 10_000_000n);
      expect(await pollUntilCaughtUp()).toEqual([]);
      await node.mine(CONFIRMATIONS);
      expect(await pollUntilCaughtUp()).toEqual([offer.paymentId]);
      expect((await payment(offer.paymentId)).amountReceived).toEqual("10000000");
      expect(classifyPayment((await readPaymentProgress(offer.paymentId))!).reason).toBe(
        "Underpaid: received 10 USDC of 25 USDC due; 15 USDC is missing.",
      );

      await sendToken(usdc, offer.address, 20_000_000n);
      await node.mine(CONFIRMATIONS);
      await pollUntilCaughtUp();
      const transfers = await db().cryptoTransfer.findMany({
        where: { paymentId: offer.paymentId },
        orderBy: { blockNumber: "asc" },
      });
      expect(transfers.map((t) => t.amount)).toEqual(["10000000", "20000000"]);
      expect(transfers.every((t) => t.logIndex >= 0)).toBe(true);
      expect(classifyPayment((await readPaymentProgress(offer.paymentId))!)).toMatchObject({
        state: "overpaid",
        reason: "Overpaid: received 30 USDC of 25 USDC due; 5 USDC more than due.",
      });
    },
  );
});

describe("cursor and restarts", () => {
  test("reads in bounded ranges", async () => {
    await node.mine(7);
    const first = await pollEvmOnce(watcherOptions({ maxBlockRange: 2 }));
    expect(first.toBlock! - first.fromBlock!).toBe(1n);
    expect(first.caughtUp).toBe(false);
    const second = await pollEvmOnce(watcherOptions({ maxBlockRange: 2 }));
    expect(second.fromBlock).toBe(first.toBlock! + 1n);
    await pollUntilCaughtUp();
    expect(await cursor()).toBe((await reader.getBlockNumber({ cacheTime: 0 })) - BigInt(CONFIRMATIONS) + 1n);
  });

  test("the loop credits in the background, and a new watcher resumes from the stored cursor", async () => {
    const offer = await insertCryptoOrder("ETH", 6000);
    const seen = new Promise<string>((resolve) => {
      const watcher = startEvmWatcher({
        intervalMs: 25,
        log: () => {},
        onPaymentCredited: (id) => void watcher.stop().then(() => resolve(id)),
      });
    });
    const paidIn = await sendEth(offer.address, 2n * 10n ** 16n);
    await node.mine(CONFIRMATIONS);
    expect(await seen).toBe(offer.paymentId);
    // The loop may have credited while the blocks were still being mined, so the cursor stands
    // somewhere from the payment's block to the newest confirmed one.
    const stored = (await cursor())!;
    expect(stored).toBeGreaterThanOrEqual(paidIn);
    expect(stored).toBeLessThanOrEqual((await reader.getBlockNumber({ cacheTime: 0 })) - BigInt(CONFIRMATIONS) + 1n);

    // "Restart": a new client and a new watcher; only blocks after the cursor are read.
    await node.mine(2);
    const fresh = createPublicClient({ transport: http(node.rpcUrl) });
    const resumed = await pollEvmOnce(watcherOptions({ client: fresh }));
    expect(resumed.fromBlock).toBe(stored + 1n);
    expect(resumed.toBlock).toBe((await reader.getBlockNumber({ cacheTime: 0 })) - BigInt(CONFIRMATIONS) + 1n);
    expect(resumed.creditedPaymentIds).toEqual([]);
    expect((await payment(offer.paymentId)).amountReceived).toEqual("20000000000000000");
  });

  test("refuses a node that serves another chain than the configured one", async () => {
    await expect(pollEvmOnce(watcherOptions({ chainId: 1 }))).rejects.toThrow(
      "The EVM RPC serves chain 1337, but payments are configured for chain 1.",
    );
  });
});
