// Issue 29, item 11: a deposit address an order was given is never handed out again (a reused one
// let ETH sent to an address then serving a USDC order be credited to nobody and owed to nobody).
// When a payment's monitoring ends the watcher takes a final look at its address, and money there
// that no payment was credited with (sent after the window, or an asset the order did not ask for)
// is listed for the operator, never dropped. Only an offer whose order was never written (its
// address shown to nobody) gives its index back. Against ganache and the local Esplora server.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { erc20Abi, type PublicClient, type WalletClient } from "viem";
import { setConfig } from "@/lib/config";
import { closeDatabase, db } from "@/lib/db";
import { expireUnpaidOffers } from "@/lib/market/expire-offers";
import { pollBtcOnce } from "@/lib/payments/crypto/btc-watcher";
import { paymentCurrency } from "@/lib/payments/crypto/currencies";
import { releaseCryptoOffer } from "@/lib/payments/crypto/create-crypto-offer";
import { allocateDepositAddress } from "@/lib/payments/crypto/derive-address";
import { listUnattributedDeposits } from "@/lib/market/unattributed-deposits";
import { recordTransfers } from "@/lib/payments/crypto/record-transfers";
import { openTestDatabase } from "@/tests/support/app";
import { startEvmNode, type EvmNode } from "@/tests/support/evm-node";
import { chainClients, pollToHead, sendEth } from "./support/chain";
import { startEsploraServer, type EsploraServer } from "./support/esplora-server";
import { insertCryptoOrder } from "./support/orders";
import { deployTestToken } from "./support/test-token";

const CHAIN_ID = 1337;
const HOUR = 3600_000;
const TWO_DAYS_AGO = () => new Date(Date.now() - 48 * HOUR);

let node: EvmNode;
let reader: PublicClient;
let payer: WalletClient;
let tokenOwner: WalletClient;
let usdc: `0x${string}`;
let esplora: EsploraServer;
let dropDatabase: () => Promise<void>;

const quiet = { log: () => {} };

beforeAll(async () => {
  dropDatabase = (await openTestDatabase()).drop;
  node = await startEvmNode({ chainId: CHAIN_ID });
  const clients = chainClients(node);
  reader = clients.reader;
  payer = clients.wallet(1);
  tokenOwner = clients.wallet(2);
  usdc = await deployTestToken(tokenOwner, reader, 10n ** 12n);
  esplora = await startEsploraServer();
  esplora.tip = 500;
  esplora.genesisTime = Math.floor(Date.now() / 1000) - 500 * 600; // the tip is mined now
  setConfig({
    PAYMENTS_EVM_RPC_URL: node.rpcUrl,
    PAYMENTS_EVM_CHAIN_ID: CHAIN_ID,
    PAYMENTS_EVM_CONFIRMATIONS: 1,
    PAYMENTS_USDC_CONTRACT: usdc,
    PAYMENTS_BTC_ESPLORA_URL: esplora.url,
    PAYMENTS_BTC_NETWORK: "regtest",
    PAYMENT_OFFER_MINUTES: 15,
    CRYPTO_EVM_XPUB: undefined,
    CRYPTO_BTC_XPUB: undefined,
    CRYPTO_RATES_JSON: '{"ETH":"3000","USDC":"1","BTC":"60000"}',
  });
  await pollToHead(quiet);
}, 120_000);

afterAll(async () => {
  await node?.stop();
  await esplora?.stop();
  await closeDatabase();
  await dropDatabase?.();
});

const reuseOf = async (paymentId: string) =>
  (await db().payment.findUniqueOrThrow({ where: { id: paymentId } })).addressReuse;

/** One more block, and the watcher's step over it (which also takes the final looks). */
async function evmStep() {
  await node.mine(1);
  const steps = await pollToHead(quiet);
  return steps.reduce((sum, s) => sum + s.unattributedDeposits, 0);
}

const listedFor = async (orderId: string) =>
  (await listUnattributedDeposits()).filter((d) => d.orderId === orderId).map((d) => [d.currency, d.amountAtomic]);

async function sendUsdc(to: string, units: bigint) {
  const hash = await tokenOwner.writeContract({
    address: usdc,
    abi: erc20Abi,
    functionName: "transfer",
    args: [to as `0x${string}`, units],
    account: tokenOwner.account!,
    chain: tokenOwner.chain,
  });
  await reader.waitForTransactionReceipt({ hash, pollingInterval: 20 });
}

describe("EVM deposit addresses", () => {
  test(
    "an expired order's address is never handed out again; the final look lists late ETH, ETH sent to a " +
      "USDC order's address and USDC sent to an ETH order's address",
    async () => {
      const unused = await insertCryptoOrder("ETH", 3000, TWO_DAYS_AGO());
      const creditedOnce = await insertCryptoOrder("ETH", 3000, TWO_DAYS_AGO());
      const lateEth = await insertCryptoOrder("ETH", 3000, TWO_DAYS_AGO());
      const usdcOrderGotEth = await insertCryptoOrder("USDC", 3000, TWO_DAYS_AGO());
      const ethOrderGotUsdc = await insertCryptoOrder("ETH", 3000, TWO_DAYS_AGO());
      const recent = await insertCryptoOrder("ETH", 3000, new Date(Date.now() - 2 * HOUR)); // still monitored
      const open = await insertCryptoOrder("ETH", 3000); // still payable
      // A transfer credited while the payment was watched is not listed again.
      await recordTransfers(
        `eip155:${CHAIN_ID}`,
        [
          {
            paymentId: creditedOnce.paymentId,
            txHash: `0x${"ab".repeat(32)}`,
            logIndex: -1,
            blockNumber: 1n,
            blockTime: TWO_DAYS_AGO(),
            amount: 1000n,
          },
        ],
        { headBlock: 2n },
      );
      // Money nobody credited: ETH after the monitoring ended, ETH to a USDC order's address, and
      // USDC to an ETH order's address.
      await sendEth(reader, payer, lateEth.address, 7n);
      await sendEth(reader, payer, usdcOrderGotEth.address, 5n);
      await sendUsdc(ethOrderGotUsdc.address, 3n);
      await expireUnpaidOffers(new Date());

      expect(await evmStep()).toBe(3);
      expect(await listedFor(lateEth.payment.orderId)).toEqual([["ETH", "7"]]);
      expect(await listedFor(usdcOrderGotEth.payment.orderId)).toEqual([["ETH", "5"]]);
      expect(await listedFor(ethOrderGotUsdc.payment.orderId)).toEqual([["USDC", "3"]]);
      const wrongAsset = (await listUnattributedDeposits()).find((d) => d.orderId === usdcOrderGotEth.payment.orderId);
      expect(wrongAsset).toMatchObject({ depositAddress: usdcOrderGotEth.address.toLowerCase() });
      expect(wrongAsset!.reason).toMatch(/which asked for USDC/);
      expect(await listedFor(unused.payment.orderId)).toEqual([]);
      expect(await listedFor(creditedOnce.payment.orderId)).toEqual([]);
      for (const checked of [unused, creditedOnce, lateEth, usdcOrderGotEth, ethOrderGotUsdc])
        expect(await reuseOf(checked.paymentId)).toBe("kept");
      expect(await reuseOf(recent.paymentId)).toBeNull();
      expect(await reuseOf(open.paymentId)).toBeNull();
      // Looked at once: later steps list nothing again.
      expect(await evmStep()).toBe(0);

      // The next orders get new indices, never an expired order's address.
      const next = await insertCryptoOrder("ETH", 3000);
      expect(next.payment.derivationIndex).toBe(open.payment.derivationIndex + 1);
      const after = await insertCryptoOrder("USDC", 3000);
      expect(after.payment.derivationIndex).toBe(open.payment.derivationIndex + 2);
      expect(await db().freeDerivationIndex.count()).toBe(0);
    },
  );

  test("an offer given back is handed out next, unless a payment holds its address", async () => {
    // A purchase whose order was written although its caller saw an error keeps its address.
    const written = await insertCryptoOrder("ETH", 3000);
    expect(await releaseCryptoOffer(written)).toBe(false);
    expect(await db().freeDerivationIndex.count()).toBe(0);
    // An offer whose order was never written (its address shown to nobody): its index is next.
    const next = await insertCryptoOrder("ETH", 3000);
    expect(next.payment.derivationIndex).toBe(written.payment.derivationIndex + 1);
    await db().payment.delete({ where: { id: next.paymentId } });
    expect(await releaseCryptoOffer(next)).toBe(true);
    const again = await insertCryptoOrder("USDC", 3000);
    expect(again.payment.derivationIndex).toBe(next.payment.derivationIndex);
    expect(again.address).toBe(next.address);
    expect(await db().freeDerivationIndex.count()).toBe(0);
  });

  test("concurrent purchases never take the same index", async () => {
    const givenBack = await insertCryptoOrder("ETH", 3000);
    await db().payment.delete({ where: { id: givenBack.paymentId } });
    expect(await releaseCryptoOffer(givenBack)).toBe(true);
    const eth = paymentCurrency("ETH");
    const allocated = await Promise.all(
      Array.from({ length: 6 }, () => db().$transaction((tx) => allocateDepositAddress(eth, { client: tx }))),
    );
    const indices = allocated.map((a) => a.derivationIndex);
    expect(new Set(indices).size).toBe(6);
    expect(indices).toContain(givenBack.payment.derivationIndex);
  });
});

test("Bitcoin: the final look lists what an address received beyond its credits; none handed out again", async () => {
  const unused = await insertCryptoOrder("BTC", 10_000, TWO_DAYS_AGO());
  const touched = await insertCryptoOrder("BTC", 10_000, TWO_DAYS_AGO());
  esplora.addTx([{ address: touched.address, value: 546 }]); // after the monitoring ended, never credited
  await expireUnpaidOffers(new Date());
  const result = await pollBtcOnce(quiet);
  expect(result.unattributedDeposits).toBe(1);
  expect(await reuseOf(unused.paymentId)).toBe("kept");
  expect(await reuseOf(touched.paymentId)).toBe("kept");
  expect(await listedFor(touched.payment.orderId)).toEqual([["BTC", "546"]]);
  expect(await listedFor(unused.payment.orderId)).toEqual([]);
  const next = await insertCryptoOrder("BTC", 10_000);
  expect(next.payment.derivationIndex).toBe(touched.payment.derivationIndex + 1);
  expect((await pollBtcOnce(quiet)).unattributedDeposits).toBe(0);
});
