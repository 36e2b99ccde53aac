// Issue 31, the ledger of crypto sales on a local chain (ganache) and through the local Esplora
// server, after a scripted mix: a partner's sub-name paid exactly (a sale, and its split into the
// platform's fee and the partner's share the platform holds), overpaid (the excess paid back is a
// refund row with its transaction), underpaid past the offer (refunded in full, no split), a
// top-up that completes a failed order, a Bitcoin sale. Then the ledger balances order by order,
// and the partner's statement shows what the platform owes it.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createWalletClient, defineChain, http, parseEther, type WalletClient } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { db } from "@/lib/db";
import { checkLedgerBalance } from "@/lib/operator/ledger-balance";
import { onCryptoPaymentCredited } from "@/lib/market/crypto-payment-events";
import { expireUnpaidOffers } from "@/lib/market/expire-offers";
import { pollBtcOnce } from "@/lib/payments/crypto/btc-watcher";
import { btcAddressAt, testBtcXpub } from "@/lib/payments/crypto/derive-address";
import { pollEvmOnce } from "@/lib/payments/crypto/evm-watcher";
import { startTestApp, type TestApp } from "@/tests/support/app";
import { startEvmNode, type EvmNode } from "@/tests/support/evm-node";
import { OWNER, seedCatalogue } from "@/tests/support/market-fixtures";
import { startEsploraServer, type EsploraServer } from "@/tests/integration/payments/support/esplora-server";

const CHAIN_ID = 1337;
const BTC_SENDER = btcAddressAt(testBtcXpub("regtest"), "regtest", 4242);

let node: EvmNode;
let esplora: EsploraServer;
let app: TestApp;
let payer: WalletClient;
/** The operator's wallet, which pays refunds back. */
let operatorWallet: WalletClient;
let payerAddress: string;
let shop: Awaited<ReturnType<typeof seedCatalogue>>;

beforeAll(async () => {
  node = await startEvmNode({ chainId: CHAIN_ID });
  esplora = await startEsploraServer();
  const chain = defineChain({
    id: CHAIN_ID,
    name: "ganache",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [node.rpcUrl] } },
  });
  const account = privateKeyToAccount(node.accounts[4].privateKey);
  payerAddress = account.address.toLowerCase();
  payer = createWalletClient({ chain, account, transport: http(node.rpcUrl) });
  const operatorAccount = privateKeyToAccount(node.accounts[5].privateKey);
  operatorWallet = createWalletClient({ chain, account: operatorAccount, transport: http(node.rpcUrl) });
  app = await startTestApp({
    PAYMENTS_EVM_RPC_URL: node.rpcUrl,
    PAYMENTS_EVM_CHAIN_ID: CHAIN_ID,
    PAYMENTS_EVM_CONFIRMATIONS: 1,
    PAYMENTS_BTC_ESPLORA_URL: esplora.url,
    PAYMENTS_BTC_NETWORK: "regtest",
    PAYMENTS_BTC_CONFIRMATIONS: 1,
    CRYPTO_RATES_JSON: '{"ETH":"3000","BTC":"60000"}',
    UNPAID_HOLDS_PER_CLIENT: 0,
    UNPAID_HOLDS_PER_OWNER: 0,
  });
  shop = await seedCatalogue();
  await watch();
}, 120_000);

afterAll(async () => {
  await app?.close();
  await esplora?.stop();
  await node?.stop();
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
  const res = await app.fetch("/v1/market/crypto/purchase", {
    method: "POST",
    json: {
      currency: "ETH",
      domain: `refund${randomUUID().slice(0, 8)}.web3`,
      ownerAddress: OWNER,
      ownerEmail: "buyer@example.com",
      ownerName: "Buyer",
      partnerId: shop.partnerId,
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
  await payer.sendTransaction({ to, value, account: payer.account!, chain: payer.chain });
  await node.mine(1);
  await watch();
}

const orderOf = async (id: string) => (await app.fetch(`/v1/market/order/${id}`)).json();
const refundsOf = async (token = shop.adminToken, query = "") =>
  (await (await app.fetch(`/v1/partner/refunds${query}`, { token })).json()).refunds as {
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
  app.fetch("/api/internal/refunds", {
    method: "POST",
    json: { ...body, refundId: id },
    headers: { "x-local-admin-secret": app.localAdminSecret() },
  });
const endOffer = async (orderId: string, paymentId: string) => {
  const past = new Date(Date.now() - 60_000);
  await db().order.update({ where: { id: orderId }, data: { expiresAt: past } });
  await db().payment.update({ where: { id: paymentId }, data: { expiresAt: past } });
};

const sub = () => `led${randomUUID().slice(0, 8)}.${shop.parentName}`;
const ledgerOf = async (orderId: string) =>
  (await db().ledgerEntry.findMany({ where: { orderId }, orderBy: [{ kind: "asc" }, { occurredAt: "asc" }] })).map(
    (e) => ({ kind: e.kind, amount: e.amountAtomic.toFixed(0), usdCents: e.usdCents, transferred: e.transferred }),
  );
/** The fee of the default configuration (10% + 30 cents) on a $2.50 sub-name: 55 of 250 cents. */
const feeOf = (due: bigint) => (due * 55n) / 250n;

/** The shares of the partner's completed sub-name sales, which the platform holds for it. */
let expectedShares = 0n;

describe("the ledger of crypto sales", () => {
  test("a partner's sub-name paid exactly: the sale at the offer's rate, and its split once it completes", async () => {
    const o = await offer({ domain: sub() });
    const due = BigInt(o.paymentDetails.amountAtomic);
    await payEth(o.address, due);
    expect((await orderOf(o.orderId)).orderStatus).toBe("COMPLETED");
    // Re-reading the chain credits nothing twice.
    await watch();
    expectedShares += due - feeOf(due);
    expect(await ledgerOf(o.orderId)).toEqual([
      { kind: "partner_share", amount: String(due - feeOf(due)), usdCents: 195n, transferred: false },
      { kind: "platform_fee", amount: String(feeOf(due)), usdCents: 55n, transferred: false },
      { kind: "sale", amount: String(due), usdCents: 250n, transferred: false },
    ]);
    const [sale] = await db().ledgerEntry.findMany({ where: { orderId: o.orderId, kind: "sale" } });
    expect(sale!.reference).toMatch(new RegExp(`^eip155:${CHAIN_ID}:0x[0-9a-f]{64}$`));
  });

  test("overpaid: the excess paid back is a refund row with its payout; the split is the price's", async () => {
    const o = await offer({ domain: sub() });
    const due = BigInt(o.paymentDetails.amountAtomic);
    await payEth(o.address, due + parseEther("0.01"));
    const [owed] = (await refundsOf()).filter((r) => r.orderId === o.orderId);
    const hash = await operatorWallet.sendTransaction({
      to: payerAddress as `0x${string}`,
      value: BigInt(owed!.amountAtomic),
      account: operatorWallet.account!,
      chain: operatorWallet.chain,
    });
    await node.mine(1);
    expect((await recordPayout(owed!.id, { amountAtomic: owed!.amountAtomic, reference: hash })).status).toBe(200);
    expect((await recordPayout(owed!.id, { amountAtomic: owed!.amountAtomic, reference: hash })).status).toBe(200);
    const rows = await db().ledgerEntry.findMany({ where: { orderId: o.orderId } });
    const refund = rows.filter((r) => r.kind === "refund");
    expect(refund.map((r) => [r.amountAtomic.toFixed(0), r.reference])).toEqual([
      [`-${parseEther("0.01")}`, `eip155:${CHAIN_ID}:${hash.toLowerCase()}`],
    ]);
    // 0.01 ETH at $3000: $30.
    expect(refund[0]!.usdCents).toBe(-3000n);
    const split = rows.filter((r) => r.kind === "platform_fee" || r.kind === "partner_share");
    expect(split.reduce((sum, r) => sum + BigInt(r.amountAtomic.toFixed(0)), 0n)).toBe(due);
    expectedShares += due - feeOf(due);
  });

  test("underpaid past the offer and paid back: a sale and its refund, no split", async () => {
    const o = await offer({ domain: sub() });
    const half = BigInt(o.paymentDetails.amountAtomic) / 2n;
    await payEth(o.address, half);
    await endOffer(o.orderId, o.paymentId);
    await expireUnpaidOffers();
    const [owed] = (await refundsOf()).filter((r) => r.orderId === o.orderId);
    expect((await recordPayout(owed!.id, { amountAtomic: owed!.amountAtomic, reference: "0xback" })).status).toBe(200);
    expect((await orderOf(o.orderId)).orderStatus).toBe("REFUNDED");
    expect((await ledgerOf(o.orderId)).map((e) => [e.kind, e.amount])).toEqual([
      ["refund", String(-half)],
      ["sale", String(half)],
    ]);
  });

  test("a top-up completes a failed order: two sales, one split", async () => {
    const o = await offer({ domain: sub() });
    const due = BigInt(o.paymentDetails.amountAtomic);
    await payEth(o.address, due / 3n);
    await endOffer(o.orderId, o.paymentId);
    await expireUnpaidOffers();
    expect((await orderOf(o.orderId)).orderStatus).toBe("FAILED");
    await payEth(o.address, due - due / 3n);
    expect((await orderOf(o.orderId)).orderStatus).toBe("COMPLETED");
    const kinds = (await ledgerOf(o.orderId)).map((e) => e.kind).sort();
    expect(kinds).toEqual(["partner_share", "platform_fee", "sale", "sale"]);
    expectedShares += due - feeOf(due);
  });

  test("a Bitcoin overpayment of a second-level name: the registry's sale, no split", async () => {
    const o = await offer({ currency: "BTC" });
    const due = Number(o.paymentDetails.amountAtomic);
    esplora.tip += 1;
    esplora.addTx([{ address: o.address, value: due + 5000 }], esplora.tip, BTC_SENDER);
    await watch();
    expect((await orderOf(o.orderId)).orderStatus).toBe("COMPLETED");
    expect((await ledgerOf(o.orderId)).map((e) => [e.kind, e.amount])).toEqual([["sale", String(due + 5000)]]);
  });

  test("after the mix the ledger balances order by order; the statement shows what the platform holds", async () => {
    const balance = await checkLedgerBalance();
    // The Bitcoin overpayment's 5000 sats are still owed: counted as owed, not as kept.
    expect(balance.problems).toEqual([]);
    expect(balance.ok).toBe(true);
    const statement = await (await app.fetch("/v1/partner/statement", { token: shop.adminToken })).json();
    const eth = statement.totals.find((t: { currency: string }) => t.currency === "ETH");
    const owedWei = BigInt(parseEther(eth.owed));
    expect(owedWei).toBe(expectedShares);
    expect([eth.transferred, eth.paidOut]).toEqual(["0.000000000000000000", "0.000000000000000000"]);
  });
});
