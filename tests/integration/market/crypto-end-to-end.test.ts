// A crypto purchase paid for real on a local chain (ganache): the order is bought over HTTP, paid
// with a native transfer and with an ERC-20 transfer, and the watcher's callback completes it.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  erc20Abi,
  http,
  type PublicClient,
  type WalletClient,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { db } from "@/lib/db";
import { onCryptoPaymentCredited } from "@/lib/market/crypto-payment-events";
import { pollEvmOnce } from "@/lib/payments/crypto/evm-watcher";
import { startTestApp, type TestApp } from "@/tests/support/app";
import { startEvmNode, type EvmNode } from "@/tests/support/evm-node";
import { OWNER, seedCatalogue } from "@/tests/support/market-fixtures";
import { deployTestToken } from "@/tests/integration/payments/support/test-token";

const CHAIN_ID = 1337;
const CONFIRMATIONS = 2;

let node: EvmNode;
let app: TestApp;
let reader: PublicClient;
let payer: WalletClient;
let tokenOwner: WalletClient;

beforeAll(async () => {
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
  const usdc = await deployTestToken(tokenOwner, reader, 1_000_000_000_000n);
  app = await startTestApp({
    PAYMENTS_EVM_RPC_URL: node.rpcUrl,
    PAYMENTS_EVM_CHAIN_ID: CHAIN_ID,
    PAYMENTS_EVM_CONFIRMATIONS: CONFIRMATIONS,
    PAYMENTS_USDC_CONTRACT: usdc,
    CRYPTO_RATES_JSON: '{"ETH":"2000","USDC":"1"}',
  });
  await seedCatalogue();
  await watch();
}, 120_000);

afterAll(async () => {
  await app?.close();
  await node?.stop();
});

/** One watcher pass to the chain head, with the marketplace's callback. */
async function watch(): Promise<void> {
  for (let step = 0; step < 50; step++) {
    const result = await pollEvmOnce({
      onPaymentCredited: (id) => onCryptoPaymentCredited(id).then(() => undefined),
      log: () => {},
    });
    if (result.caughtUp) return;
  }
  throw new Error("watcher did not catch up");
}

async function buy(currency: string) {
  const res = await app.fetch("/v1/market/crypto/purchase", {
    method: "POST",
    json: {
      currency,
      domain: `chain${randomUUID().slice(0, 8)}.web3`,
      ownerAddress: OWNER,
      ownerEmail: "a@example.com",
      ownerName: "A",
      years: 1,
    },
  });
  expect(res.status).toBe(200);
  return res.json();
}

const orderOf = async (id: string) => (await app.fetch(`/v1/market/order/${id}`)).json();

describe("crypto purchase paid on a real chain", () => {
  test("ETH: pending until confirmed, then COMPLETED and the name registered", async () => {
    const offer = await buy("ETH");
    expect(offer.paymentDetails).toMatchObject({
      chainId: CHAIN_ID,
      amountAtomic: "5000000000000000",
      confirmationsRequired: CONFIRMATIONS,
    });
    await payer.sendTransaction({
      to: offer.address,
      value: 5_000_000_000_000_000n,
      account: payer.account!,
      chain: payer.chain,
    });
    await watch();
    expect((await orderOf(offer.orderId)).orderStatus).toBe("PENDING");
    await node.mine(CONFIRMATIONS);
    await watch();
    const order = await orderOf(offer.orderId);
    expect(order.orderStatus).toBe("COMPLETED");
    expect(await db().domain.count({ where: { name: order.domain } })).toBe(1);
  });

  test("USDC (ERC-20 Transfer logs): an underpayment is reported, the balance completes the order", async () => {
    const offer = await buy("USDC");
    const send = async (units: bigint) => {
      const hash = await tokenOwner.writeContract({
        address: offer.paymentDetails.tokenContract,
        abi: erc20Abi,
        functionName: "transfer",
        args: [offer.address, units],
        account: tokenOwner.account!,
        chain: tokenOwner.chain,
      });
      await reader.waitForTransactionReceipt({ hash });
      await node.mine(CONFIRMATIONS);
      await watch();
    };
    await send(6_000_000n);
    const waiting = await orderOf(offer.orderId);
    expect(waiting.orderStatus).toBe("PENDING");
    expect(waiting.orderStatusReason).toBe("Underpaid: received 6 USDC of 10 USDC due; 4 USDC is missing.");
    await send(4_000_000n);
    expect((await orderOf(offer.orderId)).orderStatus).toBe("COMPLETED");
  });
});
