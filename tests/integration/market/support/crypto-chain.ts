import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect } from "vitest";
import { createWalletClient, defineChain, http, type WalletClient } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { db } from "@/lib/db";
import { onCryptoPaymentCredited } from "@/lib/market/crypto-payment-events";
import { pollBtcOnce } from "@/lib/payments/crypto/btc-watcher";
import { btcAddressAt, testBtcXpub } from "@/lib/payments/crypto/derive-address";
import { pollEvmOnce } from "@/lib/payments/crypto/evm-watcher";
import { startTestApp, type TestApp } from "@/tests/support/app";
import { startEvmNode, type EvmNode } from "@/tests/support/evm-node";
import { OWNER, seedCatalogue } from "@/tests/support/market-fixtures";
import { startEsploraServer, type EsploraServer } from "@/tests/integration/payments/support/esplora-server";

// One marketplace paid for real on a local chain (ganache) and through the local Esplora server,
// for the crypto tests of lib/market: the app with both watchers, a payer's and the operator's
// wallets, a seeded partner, and the steps a test takes (offer, pay, let the watchers run, read).

export const CHAIN_ID = 1337;
export const BTC_SENDER = btcAddressAt(testBtcXpub("regtest"), "regtest", 4242);

type Shop = Awaited<ReturnType<typeof seedCatalogue>>;

/** The chain's state, filled by beforeAll. */
export interface CryptoChain {
  node: EvmNode;
  esplora: EsploraServer;
  app: TestApp;
  payer: WalletClient;
  /** The operator's wallet, which pays refunds back. */
  operatorWallet: WalletClient;
  payerAddress: string;
  shop: Shop;
  /** A second partner, when asked for. */
  other: Shop;
}

/** Starts the chain, Esplora and the app before the file's tests and stops them after. */
export function useCryptoChain(options: { otherPartner?: boolean } = {}) {
  const s = {} as CryptoChain;
  beforeAll(async () => {
    s.node = await startEvmNode({ chainId: CHAIN_ID });
    s.esplora = await startEsploraServer();
    const chain = defineChain({
      id: CHAIN_ID,
      name: "ganache",
      nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
      rpcUrls: { default: { http: [s.node.rpcUrl] } },
    });
    const account = privateKeyToAccount(s.node.accounts[4].privateKey);
    s.payerAddress = account.address.toLowerCase();
    s.payer = createWalletClient({ chain, account, transport: http(s.node.rpcUrl) });
    const operatorAccount = privateKeyToAccount(s.node.accounts[5].privateKey);
    s.operatorWallet = createWalletClient({ chain, account: operatorAccount, transport: http(s.node.rpcUrl) });
    s.app = await startTestApp({
      PAYMENTS_EVM_RPC_URL: s.node.rpcUrl,
      PAYMENTS_EVM_CHAIN_ID: CHAIN_ID,
      PAYMENTS_EVM_CONFIRMATIONS: 1,
      PAYMENTS_BTC_ESPLORA_URL: s.esplora.url,
      PAYMENTS_BTC_NETWORK: "regtest",
      PAYMENTS_BTC_CONFIRMATIONS: 1,
      CRYPTO_RATES_JSON: '{"ETH":"3000","BTC":"60000"}',
      UNPAID_HOLDS_PER_CLIENT: 0,
      UNPAID_HOLDS_PER_OWNER: 0,
    });
    s.shop = await seedCatalogue();
    if (options.otherPartner) s.other = await seedCatalogue();
    await watch();
  }, 120_000);

  afterAll(async () => {
    await s.app?.close();
    await s.esplora?.stop();
    await s.node?.stop();
  });

  const settle = (id: string) => onCryptoPaymentCredited(id).then(() => undefined);

  /** The watchers' passes to the chain heads, with the marketplace's callback. */
  async function watch(): Promise<void> {
    for (let step = 0; step < 50; step++) {
      if ((await pollEvmOnce({ onPaymentCredited: settle, log: () => {} })).caughtUp) break;
    }
    await pollBtcOnce({ onPaymentCredited: settle, log: () => {} });
  }

  async function offer(overrides: Record<string, unknown> = {}) {
    const res = await s.app.fetch("/v1/market/crypto/purchase", {
      method: "POST",
      json: {
        currency: "ETH",
        domain: `refund${randomUUID().slice(0, 8)}.web3`,
        ownerAddress: OWNER,
        ownerEmail: "buyer@example.com",
        ownerName: "Buyer",
        partnerId: s.shop.partnerId,
        years: 1,
        ...overrides,
      },
    });
    expect(res.status).toBe(200);
    const text = await res.text();
    return { ...JSON.parse(text), text } as {
      orderId: string;
      paymentId: string;
      address: `0x${string}`;
      amount: number;
      uri: string;
      text: string;
      paymentDetails: { amountAtomic: string; amountDecimal: string };
    };
  }

  async function payEth(to: `0x${string}`, value: bigint) {
    await s.payer.sendTransaction({ to, value, account: s.payer.account!, chain: s.payer.chain });
    await s.node.mine(1);
    await watch();
  }

  const orderOf = async (id: string) => (await s.app.fetch(`/v1/market/order/${id}`)).json();
  const refundsOf = async (token = s.shop.adminToken, query = "") =>
    (await (await s.app.fetch(`/v1/partner/refunds${query}`, { token })).json()).refunds as {
      id: string;
      orderId: string;
      status: string;
      amount: number;
      amountAtomic: string;
      senderAddress: string | null;
      currency: string;
      method: string;
      payoutReference: string | null;
    }[];
  // Payouts are the operator's: its loopback command route (`npm run partner -- refund-paid`).
  const recordPayout = (id: string, body: object) =>
    s.app.fetch("/api/internal/refunds", {
      method: "POST",
      json: { ...body, refundId: id },
      headers: { "x-local-admin-secret": s.app.localAdminSecret() },
    });
  const endOffer = async (orderId: string, paymentId: string) => {
    const past = new Date(Date.now() - 60_000);
    await db().order.update({ where: { id: orderId }, data: { expiresAt: past } });
    await db().payment.update({ where: { id: paymentId }, data: { expiresAt: past } });
  };

  return Object.assign(s, { watch, offer, payEth, orderOf, refundsOf, recordPayout, endOffer });
}
