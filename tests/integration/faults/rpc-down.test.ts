// The chain's JSON-RPC endpoint goes away while the EVM payment watcher runs: a TCP proxy in front
// of a real anvil node is switched to "accept and never answer", then to "connection refused",
// while payments arrive. Once the endpoint is back the watcher resumes from its stored cursor:
// every payment is credited exactly once, with its exact amount.
import net from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createPublicClient, createWalletClient, defineChain, http, type PublicClient, type WalletClient } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { setConfig } from "@/lib/config";
import { closeDatabase, db, openDatabase } from "@/lib/db";
import { startEvmWatcher } from "@/lib/payments/crypto/evm-watcher";
import type { Watcher } from "@/lib/jobs/polling-loop";
import { startEvmNode, type EvmNode } from "@/tests/support/evm-node";
import { insertCryptoOrder } from "../payments/support/orders";

const CHAIN_ID = 1337;
const CHAIN = `eip155:${CHAIN_ID}`;
const CONFIRMATIONS = 2;
const WEI = 10n ** 16n; // 0.01 ETH: $30 at $3000

type Mode = "pass" | "blackhole" | "refuse";

/** A TCP proxy to `target` that can be cut: answered, silent, or closed. */
async function startCuttableProxy(targetPort: number) {
  let mode: Mode = "pass";
  const sockets = new Set<net.Socket>();
  const onConnection = (client: net.Socket) => {
    sockets.add(client);
    client.on("error", () => undefined);
    client.on("close", () => sockets.delete(client));
    if (mode === "blackhole") return;
    const upstream = net.connect(targetPort, "127.0.0.1");
    sockets.add(upstream);
    upstream.on("error", () => client.destroy());
    upstream.on("close", () => sockets.delete(upstream));
    client.pipe(upstream).pipe(client);
  };
  let server = net.createServer(onConnection);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  const cutAll = () => {
    for (const socket of sockets) socket.destroy();
  };
  return {
    url: `http://127.0.0.1:${port}`,
    async set(next: Mode) {
      cutAll();
      if (mode === "refuse" && next !== "refuse") {
        server = net.createServer(onConnection);
        await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
      } else if (next === "refuse" && mode !== "refuse") {
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
      mode = next;
    },
    async close() {
      cutAll();
      if (mode !== "refuse") await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

let node: EvmNode;
let proxy: Awaited<ReturnType<typeof startCuttableProxy>>;
let reader: PublicClient;
let payer: WalletClient;
let watcher: Watcher | undefined;
const credited: string[] = [];
const watcherErrors: string[] = [];

beforeAll(async () => {
  await openDatabase();
  node = await startEvmNode({ chainId: CHAIN_ID });
  proxy = await startCuttableProxy(Number(new URL(node.rpcUrl).port));
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
  setConfig({
    PAYMENTS_EVM_RPC_URL: proxy.url,
    PAYMENTS_EVM_CHAIN_ID: CHAIN_ID,
    PAYMENTS_EVM_CONFIRMATIONS: CONFIRMATIONS,
    PAYMENT_OFFER_MINUTES: 15,
    CRYPTO_EVM_XPUB: undefined,
    CRYPTO_RATES_JSON: '{"ETH":"3000","USDC":"1"}',
  });
});

afterAll(async () => {
  await watcher?.stop();
  await proxy?.close();
  await node?.stop();
  await closeDatabase();
});

async function pay(address: string, wei: bigint): Promise<`0x${string}`> {
  const hash = await payer.sendTransaction({
    to: address as `0x${string}`,
    value: wei,
    account: payer.account!,
    chain: payer.chain,
  });
  // anvil answers the hash before its automine has put the transaction in a block.
  await reader.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  return hash;
}

async function until(check: () => Promise<boolean>, ms: number, what: string) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** The payment, its amount received as decimal text. */
const payment = async (id: string) => {
  const row = await db().payment.findUniqueOrThrow({ where: { id } });
  return { ...row, amountReceived: row.amountReceived.toFixed() };
};
const cursor = async () => (await db().chainCursor.findUnique({ where: { chain: CHAIN } }))?.block ?? null;

describe("RPC endpoint down during crypto watching", () => {
  test("watching resumes from its cursor; no payment missed or counted twice", async () => {
    const offers: Awaited<ReturnType<typeof insertCryptoOrder>>[] = [];
    for (let i = 0; i < 4; i++) offers.push(await insertCryptoOrder("ETH", 3000));
    // The watcher's own client through the proxy, with short timeouts so a silent RPC fails fast.
    const client = createPublicClient({ transport: http(proxy.url, { timeout: 800, retryCount: 0 }) });
    watcher = startEvmWatcher({
      client,
      chainId: CHAIN_ID,
      confirmations: CONFIRMATIONS,
      intervalMs: 150,
      onPaymentCredited: (id) => void credited.push(id),
      log: (message) => void watcherErrors.push(message),
    });

    // Up: the first payment is credited.
    const hashes = [await pay(offers[0].address, WEI)];
    await node.mine(CONFIRMATIONS);
    await until(
      async () => (await payment(offers[0].paymentId)).amountReceived === WEI.toString(),
      10_000,
      "the first payment",
    );
    const cursorBeforeOutage = await cursor();
    expect(cursorBeforeOutage).not.toBeNull();

    // Silent: the RPC accepts connections and never answers, while two payments arrive.
    await proxy.set("blackhole");
    hashes.push(await pay(offers[1].address, WEI));
    hashes.push(await pay(offers[2].address, WEI / 2n)); // an underpayment, credited as what it is
    await node.mine(CONFIRMATIONS);
    await until(async () => watcherErrors.length > 0, 15_000, "the watcher to report the silent endpoint");
    const errorsWhileSilent = watcherErrors.length;
    expect((await payment(offers[1].paymentId)).amountReceived).toBe("0");

    // Refused: the endpoint is gone altogether, and one more payment arrives.
    await proxy.set("refuse");
    hashes.push(await pay(offers[3].address, WEI));
    await node.mine(CONFIRMATIONS);
    await until(
      async () => watcherErrors.length > errorsWhileSilent,
      15_000,
      "the watcher to report the refused endpoint",
    );
    expect(await cursor()).toBe(cursorBeforeOutage);

    // Back: the watcher catches up from the stored cursor.
    await proxy.set("pass");
    await until(
      async () =>
        (await payment(offers[3].paymentId)).amountReceived === WEI.toString() &&
        (await payment(offers[2].paymentId)).amountReceived === (WEI / 2n).toString(),
      15_000,
      "the payments made during the outage",
    );
    // More polls after the catch-up must not count anything twice: mine, and wait until the
    // watcher has processed the new blocks.
    const caughtUp = (await cursor())!;
    await node.mine(3);
    await until(async () => ((await cursor()) ?? 0n) > caughtUp, 15_000, "the watcher to process the new blocks");
    await watcher.stop();
    watcher = undefined;

    const expected = [WEI, WEI, WEI / 2n, WEI];
    for (const [i, offer] of offers.entries()) {
      expect((await payment(offer.paymentId)).amountReceived).toBe(expected[i].toString());
      const transfers = await db().cryptoTransfer.findMany({ where: { paymentId: offer.paymentId } });
      expect(transfers.map((t) => [t.txHash.toLowerCase(), t.amount])).toEqual([
        [hashes[i].toLowerCase(), expected[i].toString()],
      ]);
    }
    expect(await db().cryptoTransfer.count()).toBe(4);
    // Each transfer was reported once (the underpayment included), none twice.
    expect([...credited].sort()).toEqual(offers.map((o) => o.paymentId).sort());
    expect(await cursor()).toBeGreaterThan(cursorBeforeOutage!);
  }, 90_000);
});
