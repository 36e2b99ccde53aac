// Issue 29 on the EVM watcher, against a real local chain (ganache): transfers in blocks without the
// required confirmations yet are seen (the payment's unconfirmed amount and confirmations, and
// whether a full payment seen before the offer expired keeps its hold) until they are credited
// (item 2); and confirmations count from the chain's `safe` block where the node names one (item 16).
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  createPublicClient,
  createWalletClient,
  custom,
  defineChain,
  erc20Abi,
  http,
  numberToHex,
  type PublicClient,
  type WalletClient,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { setConfig } from "@/lib/config";
import { closeDatabase, db } from "@/lib/db";
import { pollEvmOnce, type EvmWatcherOptions } from "@/lib/payments/crypto/evm-watcher";
import { openTestDatabase } from "@/tests/support/app";
import { startEvmNode, type EvmNode } from "@/tests/support/evm-node";
import { insertCryptoOrder } from "./support/orders";
import { deployTestToken } from "./support/test-token";

const CHAIN_ID = 1337;
const CONFIRMATIONS = 3;

let node: EvmNode;
let reader: PublicClient;
let payer: WalletClient;
let tokenOwner: WalletClient;
let usdc: `0x${string}`;
let dropDatabase: () => Promise<void>;
const seen: string[] = [];
const credited: string[] = [];

async function poll(extra: EvmWatcherOptions = {}) {
  for (let step = 0; step < 50; step++) {
    const result = await pollEvmOnce({
      onPaymentCredited: (id) => void credited.push(id),
      onPaymentSeen: (id) => void seen.push(id),
      log: () => {},
      ...extra,
    });
    if (result.caughtUp) return result;
  }
  throw new Error("The watcher did not catch up in 50 steps.");
}

const paymentOf = (id: string) => db().payment.findUniqueOrThrow({ where: { id } });

beforeAll(async () => {
  dropDatabase = (await openTestDatabase()).drop;
  node = await startEvmNode({ chainId: CHAIN_ID });
  const chain = defineChain({
    id: CHAIN_ID,
    name: "ganache",
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
  setConfig({
    PAYMENTS_EVM_RPC_URL: node.rpcUrl,
    PAYMENTS_EVM_CHAIN_ID: CHAIN_ID,
    PAYMENTS_EVM_CONFIRMATIONS: CONFIRMATIONS,
    PAYMENTS_EVM_CONFIRM_FROM: "auto",
    PAYMENTS_USDC_CONTRACT: usdc,
    PAYMENT_OFFER_MINUTES: 15,
    CRYPTO_EVM_XPUB: undefined,
    CRYPTO_RATES_JSON: '{"ETH":"3000","USDC":"1"}',
  });
  await poll();
}, 120_000);

afterAll(async () => {
  await node?.stop();
  await closeDatabase();
  await dropDatabase?.();
});

async function sendEth(to: string, wei: bigint) {
  const hash = await payer.sendTransaction({
    to: to as `0x${string}`,
    value: wei,
    account: payer.account!,
    chain: payer.chain,
  });
  return reader.waitForTransactionReceipt({ hash, pollingInterval: 20 });
}

async function sendUsdc(to: string, units: bigint) {
  const hash = await tokenOwner.writeContract({
    address: usdc,
    abi: erc20Abi,
    functionName: "transfer",
    args: [to as `0x${string}`, units],
    account: tokenOwner.account!,
    chain: tokenOwner.chain,
  });
  return reader.waitForTransactionReceipt({ hash, pollingInterval: 20 });
}

describe("payments seen before their confirmations (item 2)", () => {
  test("ETH: seen at 1 and 2 of 3 confirmations, holding the offer, then credited and no longer seen", async () => {
    const offer = await insertCryptoOrder("ETH", 3000);
    const due = BigInt(offer.payment.amountDue);
    await sendEth(offer.address, due);
    const first = await poll();
    expect(first.seenPaymentIds).toEqual([offer.paymentId]);
    expect(first.creditedPaymentIds).toEqual([]);
    const atOne = await paymentOf(offer.paymentId);
    expect(atOne).toMatchObject({
      amountReceived: "0",
      unconfirmedAmount: due.toString(),
      unconfirmedConfirmations: 1,
      confirmationsRequired: CONFIRMATIONS,
    });
    // Seen in time: the order keeps its hold until the monitoring window ends, a day past the offer.
    expect(atOne.inFlightUntil?.getTime()).toBe(atOne.expiresAt!.getTime() + 24 * 3600_000);

    await node.mine(1);
    expect((await poll()).seenPaymentIds).toEqual([offer.paymentId]);
    expect((await paymentOf(offer.paymentId)).unconfirmedConfirmations).toBe(2);
    // Nothing changed: nothing written, nobody told.
    expect((await poll()).seenPaymentIds).toEqual([]);

    await node.mine(1);
    const third = await poll();
    expect(third.creditedPaymentIds).toEqual([offer.paymentId]);
    expect(await paymentOf(offer.paymentId)).toMatchObject({
      amountReceived: due.toString(),
      unconfirmedAmount: "0",
      unconfirmedSince: null,
      inFlightUntil: null,
    });
  });

  test("USDC: a Transfer log in the newest block is seen; half the amount keeps no hold", async () => {
    const offer = await insertCryptoOrder("USDC", 3000);
    const due = BigInt(offer.payment.amountDue);
    await sendUsdc(offer.address, due / 2n);
    await poll();
    expect(await paymentOf(offer.paymentId)).toMatchObject({
      unconfirmedAmount: (due / 2n).toString(),
      unconfirmedConfirmations: 1,
      inFlightUntil: null,
    });
    await sendUsdc(offer.address, due - due / 2n);
    await poll();
    const full = await paymentOf(offer.paymentId);
    expect(full.unconfirmedAmount).toEqual(due.toString());
    expect(full.unconfirmedConfirmations).toBe(1); // the newer transfer's
    expect(full.inFlightUntil).not.toBeNull();
    await node.mine(CONFIRMATIONS);
    await poll();
    expect(await paymentOf(offer.paymentId)).toMatchObject({ amountReceived: due.toString(), inFlightUntil: null });
  });
});

test("an offer that already ran out is not looked for in the newest blocks: it could keep nothing", async () => {
  const offer = await insertCryptoOrder("ETH", 3000, new Date(Date.now() - 2 * 3600_000));
  await sendEth(offer.address, BigInt(offer.payment.amountDue));
  const result = await poll();
  expect(result.seenPaymentIds).not.toContain(offer.paymentId);
  expect(await paymentOf(offer.paymentId)).toMatchObject({ unconfirmedAmount: "0", inFlightUntil: null });
  await node.mine(CONFIRMATIONS);
  expect((await poll()).creditedPaymentIds).toEqual([offer.paymentId]);
});

describe("confirmations from the safe block (item 16)", () => {
  /** A client of the same node whose `safe` block is `lag` blocks behind its head. */
  function clientWithSafeLag(lag: bigint | "unsupported"): PublicClient {
    return createPublicClient({
      transport: custom({
        async request({ method, params }: { method: string; params?: unknown[] }) {
          if (method === "eth_getBlockByNumber" && Array.isArray(params) && params[0] === "safe") {
            if (lag === "unsupported") throw new Error("unknown block tag safe");
            const head = BigInt(await node.rpc<string>("eth_blockNumber"));
            return node.rpc(method, [numberToHex(head - lag), params[1]]);
          }
          return node.rpc(method, params ?? []);
        },
      }),
    }) as PublicClient;
  }

  test("a transfer with enough confirmations above the head but not above the safe block is not credited", async () => {
    const offer = await insertCryptoOrder("ETH", 3000);
    const due = BigInt(offer.payment.amountDue);
    const safeLag = clientWithSafeLag(5n);
    await sendEth(offer.address, due);
    await node.mine(CONFIRMATIONS); // 4 confirmations counted from the head
    const early = await poll({ client: safeLag, confirmFrom: "safe" });
    expect(early.creditedPaymentIds).toEqual([]);
    // Counted from the safe block, five behind the head, the transfer has none yet.
    expect(await paymentOf(offer.paymentId)).toMatchObject({ amountReceived: "0", unconfirmedConfirmations: 0 });
    await node.mine(4);
    expect((await poll({ client: safeLag, confirmFrom: "safe" })).creditedPaymentIds).toEqual([offer.paymentId]);
    expect((await paymentOf(offer.paymentId)).confirmations).toBe(CONFIRMATIONS);
  });

  test("on a rollup `auto` counts from the safe block; a node without the tag counts from its head", async () => {
    setConfig({ PAYMENTS_EVM_CHAIN_ID: 10 });
    const { evmConfirmFrom } = await import("@/lib/payments/crypto/currencies");
    expect(evmConfirmFrom()).toBe("safe");
    setConfig({ PAYMENTS_EVM_CHAIN_ID: CHAIN_ID });
    expect(evmConfirmFrom()).toBe("latest");

    const offer = await insertCryptoOrder("ETH", 3000);
    await sendEth(offer.address, BigInt(offer.payment.amountDue));
    await node.mine(CONFIRMATIONS - 1);
    const logged: string[] = [];
    const result = await poll({
      client: clientWithSafeLag("unsupported"),
      confirmFrom: "safe",
      log: (m) => logged.push(m),
    });
    expect(result.creditedPaymentIds).toEqual([offer.paymentId]);
    expect(logged.join("\n")).toMatch(/does not answer for the 'safe' block/);
  });
});
