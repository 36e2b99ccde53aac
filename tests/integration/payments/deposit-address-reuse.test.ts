// Deposit addresses of orders that expired with nothing received go back to a pool and are handed
// out again, so the run of unused addresses a wallet must scan past stays short (BIP44 wallets
// stop after 20). Checked against a real local chain (ganache) and the local Esplora server.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { erc20Abi, type PublicClient, type WalletClient } from "viem";
import { setConfig } from "@/lib/config";
import { closeDatabase, db } from "@/lib/db";
import { expireUnpaidOffers } from "@/lib/market/expire-offers";
import { pollBtcOnce } from "@/lib/payments/crypto/btc-watcher";
import { paymentCurrency } from "@/lib/payments/crypto/currencies";
import { releaseCryptoOffer } from "@/lib/payments/crypto/create-crypto-offer";
import { allocateDepositAddress } from "@/lib/payments/crypto/derive-address";
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

/** One more block, and the watcher's step over it (which also decides on reuse). */
async function evmStep() {
  await node.mine(1);
  const steps = await pollToHead(quiet);
  return steps.reduce((sum, s) => sum + s.releasedAddresses, 0);
}

describe("EVM deposit addresses", () => {
  test(
    "an address whose order expired with nothing received, a day past its monitoring, " + "is handed out again",
    async () => {
      const unused = await insertCryptoOrder("ETH", 3000, TWO_DAYS_AGO());
      const creditedOnce = await insertCryptoOrder("ETH", 3000, TWO_DAYS_AGO());
      const holdsEth = await insertCryptoOrder("ETH", 3000, TWO_DAYS_AGO());
      const holdsTokens = await insertCryptoOrder("USDC", 3000, TWO_DAYS_AGO());
      const recent = await insertCryptoOrder("ETH", 3000, new Date(Date.now() - 2 * HOUR)); // still monitored
      const open = await insertCryptoOrder("ETH", 3000); // still payable
      // A transfer was credited to one of them (an underpayment) while it was watched.
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
      // Money nobody credited: ETH after the monitoring ended, and tokens to a USDC order's address.
      await sendEth(reader, payer, holdsEth.address, 1n);
      const hash = await tokenOwner.writeContract({
        address: usdc,
        abi: erc20Abi,
        functionName: "transfer",
        args: [holdsTokens.address as `0x${string}`, 1n],
        account: tokenOwner.account!,
        chain: tokenOwner.chain,
      });
      await reader.waitForTransactionReceipt({ hash, pollingInterval: 20 });
      // Four expire with nothing received; the underpaid one is settled instead of expired (FAILED,
      // its 1000 wei owed back), and its address, which received money, is never handed out again.
      const expired = await expireUnpaidOffers(new Date());
      expect(expired).toEqual(
        expect.arrayContaining([unused, holdsEth, holdsTokens, recent].map((o) => o.payment.orderId)),
      );
      expect(expired).not.toContain(creditedOnce.payment.orderId);
      expect((await db().order.findUniqueOrThrow({ where: { id: creditedOnce.payment.orderId } })).orderStatus).toBe(
        "FAILED",
      );

      expect(await evmStep()).toBe(1);
      expect(await reuseOf(unused.paymentId)).toBe("released");
      expect(await reuseOf(holdsEth.paymentId)).toBe("kept");
      expect(await reuseOf(holdsTokens.paymentId)).toBe("kept");
      expect(await reuseOf(creditedOnce.paymentId)).toBeNull();
      expect(await reuseOf(recent.paymentId)).toBeNull();
      expect(await reuseOf(open.paymentId)).toBeNull();

      // The next order gets the released address; the one after it a new index, never a kept one.
      const again = await insertCryptoOrder("ETH", 3000);
      expect(again.address).toBe(unused.address);
      expect(again.payment.derivationIndex).toBe(unused.payment.derivationIndex);
      const fresh = await insertCryptoOrder("USDC", 3000);
      expect(fresh.payment.derivationIndex).toBe(open.payment.derivationIndex + 1);

      // The address serves its new order only: a payment to it is credited there.
      await sendEth(reader, payer, again.address, 10n ** 16n);
      await evmStep();
      expect((await db().payment.findUniqueOrThrow({ where: { id: again.paymentId } })).amountReceived).toBe(
        (10n ** 16n).toString(),
      );
      expect((await db().payment.findUniqueOrThrow({ where: { id: unused.paymentId } })).amountReceived).toBe("0");
      // Released once: later steps do not put the index back while the new order holds it.
      expect(await evmStep()).toBe(0);
      expect(await db().freeDerivationIndex.count()).toBe(0);
    },
  );

  test(
    "more unpaid orders than a wallet's gap limit leave no gap: " + "the next purchases take their indices again",
    async () => {
      const unpaid = [];
      for (let i = 0; i < 21; i++) unpaid.push(await insertCryptoOrder("ETH", 3000, TWO_DAYS_AGO()));
      await expireUnpaidOffers(new Date());
      let released = 0;
      for (let step = 0; step < 3 && released < 21; step++) released += await evmStep();
      expect(released).toBe(21);
      const reused = [];
      for (let i = 0; i < 21; i++) reused.push(await insertCryptoOrder("ETH", 3000));
      expect(reused.map((o) => o.payment.derivationIndex).sort((a, b) => a - b)).toEqual(
        unpaid.map((o) => o.payment.derivationIndex).sort((a, b) => a - b),
      );
    },
  );

  test("an offer given back is handed out next, unless a payment holds its address", async () => {
    // A purchase whose order was written although its caller saw an error keeps its address.
    const written = await insertCryptoOrder("ETH", 3000);
    expect(await releaseCryptoOffer(written)).toBe(false);
    expect(await db().freeDerivationIndex.count()).toBe(0);
    // An offer whose order was never written: its index is the next one handed out.
    const next = await insertCryptoOrder("ETH", 3000);
    expect(next.payment.derivationIndex).toBe(written.payment.derivationIndex + 1);
    await db().payment.delete({ where: { id: next.paymentId } });
    expect(await releaseCryptoOffer(next)).toBe(true);
    const again = await insertCryptoOrder("USDC", 3000);
    expect(again.payment.derivationIndex).toBe(next.payment.derivationIndex);
    expect(again.address).toBe(next.address);
    expect(await db().freeDerivationIndex.count()).toBe(0);
  });

  test("concurrent purchases never take the same released index", async () => {
    const expiredOrder = await insertCryptoOrder("ETH", 3000, TWO_DAYS_AGO());
    await expireUnpaidOffers(new Date());
    expect(await evmStep()).toBe(1);
    const eth = paymentCurrency("ETH");
    const allocated = await Promise.all(
      Array.from({ length: 6 }, () => db().$transaction((tx) => allocateDepositAddress(eth, { client: tx }))),
    );
    const indices = allocated.map((a) => a.derivationIndex);
    expect(new Set(indices).size).toBe(6);
    expect(indices).toContain(expiredOrder.payment.derivationIndex);
  });
});

test("Bitcoin: an address Esplora shows no transaction for is released; one with any is kept", async () => {
  const unused = await insertCryptoOrder("BTC", 10_000, TWO_DAYS_AGO());
  const touched = await insertCryptoOrder("BTC", 10_000, TWO_DAYS_AGO());
  esplora.addTx([{ address: touched.address, value: 546 }]); // in the mempool, never credited
  await expireUnpaidOffers(new Date());
  const result = await pollBtcOnce(quiet);
  expect(result.releasedAddresses).toBe(1);
  expect(await reuseOf(unused.paymentId)).toBe("released");
  expect(await reuseOf(touched.paymentId)).toBe("kept");
  const next = await insertCryptoOrder("BTC", 10_000);
  expect(next.address).toBe(unused.address);
  expect(next.payment.derivationIndex).toBe(unused.payment.derivationIndex);
});
