// A custom PAYMENTS_USDC_CONTRACT's decimals come from the contract itself (a real token deployed
// on anvil), and a contract that does not answer decimals() is a clear error: at start-up in
// the log, and as a 503 naming the reason on a USDC purchase.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, test } from "vitest";
import { erc20Abi, getAddress, type PublicClient, type WalletClient } from "viem";
import { setConfig, type Config } from "@/lib/config";
import { db } from "@/lib/db";
import { classifyPayment } from "@/lib/payments/crypto/classify-payment";
import { createCryptoOffer } from "@/lib/payments/crypto/create-crypto-offer";
import { CurrencyUnavailableError } from "@/lib/payments/crypto/currencies";
import { readPaymentProgress } from "@/lib/payments/crypto/record-transfers";
import { checkUsdcContract } from "@/lib/payments/crypto/start-payment-watchers";
import { startTestApp, TEST_JWT_SECRET, type TestApp } from "@/tests/support/app";
import { startEvmNode, type EvmNode } from "@/tests/support/evm-node";
import { OWNER, seedCatalogue } from "@/tests/support/market-fixtures";
import { chainClients, pollToHead } from "./support/chain";
import { deployContract, deployTestToken } from "./support/test-token";

const CHAIN_ID = 1337;

let node: EvmNode;
let app: TestApp;
let reader: PublicClient;
let tokenOwner: WalletClient;
let token18: `0x${string}`;
let forwarder: `0x${string}`;
let base: Partial<Config>;

/** The test app's configuration with one change, as a restart with another environment would have. */
const configure = (overrides: Partial<Config>) =>
  setConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", JWT_SECRET: TEST_JWT_SECRET, ...base, ...overrides });

beforeAll(async () => {
  node = await startEvmNode({ chainId: CHAIN_ID });
  const clients = chainClients(node);
  reader = clients.reader;
  tokenOwner = clients.wallet(2);
  token18 = await deployTestToken(tokenOwner, reader, 10n ** 30n, 18);
  forwarder = await deployContract(clients.wallet(3), reader, "Forwarder");
  base = {
    PAYMENTS_EVM_RPC_URL: node.rpcUrl,
    PAYMENTS_EVM_CHAIN_ID: CHAIN_ID,
    PAYMENTS_EVM_CONFIRMATIONS: 1,
    PAYMENTS_USDC_CONTRACT: token18,
    PAYMENT_OFFER_MINUTES: 15,
    CRYPTO_EVM_XPUB: undefined,
    CRYPTO_RATES_JSON: '{"ETH":"3000","USDC":"1"}',
  };
  app = await startTestApp(base);
  await seedCatalogue();
}, 120_000);

afterAll(async () => {
  await app?.close();
  await node?.stop();
});

const buyUsdc = () =>
  app.fetch("/v1/market/crypto/purchase", {
    method: "POST",
    json: {
      currency: "USDC",
      domain: `usdc${randomUUID().slice(0, 8)}.web3`,
      ownerAddress: OWNER,
      ownerEmail: "a@example.com",
      ownerName: "A",
      years: 1,
    },
  });

test("a token with 18 decimals is priced, shown and credited in 18 decimals", async () => {
  configure({});
  expect(await checkUsdcContract()).toBe(
    `crypto: USDC is ${getAddress(token18)} on Local development chain with 18 decimals (read from the contract).`,
  );
  const res = await buyUsdc();
  expect(res.status).toBe(200);
  const offer = await res.json();
  expect(offer.paymentDetails).toMatchObject({ decimals: 18, amountAtomic: "10000000000000000000" }); // $10
  expect(offer.uri).toBe(
    `ethereum:${getAddress(token18)}@${CHAIN_ID}/transfer?address=${offer.address}&uint256=10000000000000000000`,
  );
  expect((await db().payment.findUniqueOrThrow({ where: { id: offer.paymentId } })).decimals).toBe(18);

  const hash = await tokenOwner.writeContract({
    address: token18,
    abi: erc20Abi,
    functionName: "transfer",
    args: [offer.address, 10n ** 19n],
    account: tokenOwner.account!,
    chain: tokenOwner.chain,
  });
  await reader.waitForTransactionReceipt({ hash, pollingInterval: 20 });
  await pollToHead({ log: () => {} });
  expect(classifyPayment((await readPaymentProgress(offer.paymentId))!).reason).toBe("Paid: received 10 USDC.");
});

test(
  "a contract that does not answer decimals() refuses USDC offers with the reason, " + "and says so at start-up",
  async () => {
    configure({ PAYMENTS_USDC_CONTRACT: forwarder });
    const reason =
      `USDC is unavailable: PAYMENTS_USDC_CONTRACT ${getAddress(forwarder)} does not answer decimals(); it ` +
      "must be an ERC-20 token contract.";
    expect(await checkUsdcContract()).toBe(`crypto: ${reason}`);
    const ordersBefore = await db().order.count();
    const res = await buyUsdc();
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ field: "currency", info: reason });
    expect(await db().order.count()).toBe(ordersBefore);
    // ETH offers are not affected.
    await expect(
      createCryptoOffer({ paymentId: randomUUID(), orderId: randomUUID(), currency: "ETH", usdCents: 100 }),
    ).resolves.toMatchObject({ currency: "ETH" });
  },
);

test("an address without code, or no RPC to ask, is refused with its own reason", async () => {
  const account = node.accounts[7].address;
  configure({ PAYMENTS_USDC_CONTRACT: account });
  const offer = () =>
    createCryptoOffer({ paymentId: randomUUID(), orderId: randomUUID(), currency: "USDC", usdCents: 100 });
  await expect(offer()).rejects.toThrow(
    new CurrencyUnavailableError(
      `USDC is unavailable: PAYMENTS_USDC_CONTRACT ${getAddress(account)} has no contract code on chain ${CHAIN_ID}.`,
    ),
  );
  configure({ PAYMENTS_EVM_RPC_URL: undefined });
  await expect(offer()).rejects.toThrow(
    `USDC is unavailable: PAYMENTS_USDC_CONTRACT ${getAddress(token18)} is set, so its decimals are read ` +
      "from it, but PAYMENTS_EVM_RPC_URL is not set.",
  );
});
