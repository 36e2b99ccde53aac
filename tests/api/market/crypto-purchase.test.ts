import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "@/lib/db";
import { onCryptoPaymentCredited } from "@/lib/market/crypto-payment-events";
import { expireUnpaidOffers } from "@/lib/market/expire-offers";
import { recordTransfers } from "@/lib/payments/crypto/record-transfers";
import { startTestApp, type TestApp } from "@/tests/support/app";
import { countRows, ETH_WALLET, OWNER, seedCatalogue } from "@/tests/support/market-fixtures";

let app: TestApp;
let partnerId: string;
let adminToken: string;

beforeAll(async () => {
  app = await startTestApp({
    PAYMENTS_EVM_CHAIN_ID: 1,
    PAYMENTS_BTC_NETWORK: "regtest",
    // These tests buy many names from one address; the unpaid-hold bound has its own suite (tests/security).
    UNPAID_HOLDS_PER_CLIENT: 0,
    UNPAID_HOLDS_PER_OWNER: 0,
  });
  ({ partnerId, adminToken } = await seedCatalogue());
});
afterAll(() => app.close());

const purchase = (overrides: Record<string, unknown> = {}) => ({
  currency: "ETH",
  domain: `coin${randomUUID().slice(0, 8)}.web3`,
  ownerAddress: OWNER,
  ownerEmail: "buyer@example.com",
  ownerName: "Ada Buyer",
  partnerId,
  walletAddrs: [{ coinId: 60, addr: ETH_WALLET }],
  years: 2,
  ...overrides,
});

const buy = (body: unknown) => app.fetch("/v1/market/crypto/purchase", { method: "POST", json: body });
const readOrder = async (id: string) => (await app.fetch(`/v1/market/order/${id}`)).json();

/** What a watcher does when it sees a confirmed transfer to the deposit address. */
async function transfer(paymentId: string, amount: bigint, blockTime = new Date()) {
  const payment = await db().payment.findUniqueOrThrow({ where: { id: paymentId } });
  await recordTransfers(
    payment.chain!,
    [{ paymentId, txHash: `0x${randomBytes(32).toString("hex")}`, logIndex: 0, blockNumber: 100n, blockTime, amount }],
    { headBlock: 110n },
  );
  return onCryptoPaymentCredited(paymentId);
}

describe("crypto purchase (12)", () => {
  test("ETH: fresh address, EIP-681 URI with the chain id, amount rounded up in wei, 15 minutes", async () => {
    const before = Date.now();
    const res = await buy(purchase());
    expect(res.status).toBe(200);
    const offer = await res.json();
    expect(Object.keys(offer).sort()).toEqual([
      "address",
      "amount",
      "expiryDateEpoch",
      "orderId",
      "paymentDetails",
      "paymentId",
      "protocol",
      "uri",
    ]);
    expect(offer.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(offer.protocol).toBe("EIP-681");
    // $20 at the built-in test rate of $3000 per ETH, rounded up to the wei.
    expect(offer.paymentDetails.amountAtomic).toBe("6666666666666667");
    expect(offer.uri).toBe(`ethereum:${offer.address}@1?value=6666666666666667`);
    expect(offer.amount).toBeCloseTo(0.006666666666666667, 15);
    expect(offer.expiryDateEpoch).toBeGreaterThanOrEqual(Math.floor(before / 1000) + 15 * 60 - 1);
    expect(offer.expiryDateEpoch).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 15 * 60);
    expect(offer.paymentDetails).toMatchObject({
      currency: "ETH",
      chain: "eip155:1",
      chainId: 1,
      decimals: 18,
      testConfiguration: true,
      basePriceUsdCents: 2000,
    });

    const second = await (await buy(purchase())).json();
    expect(second.address).not.toBe(offer.address);

    const order = await readOrder(offer.orderId);
    expect(order).toMatchObject({
      paymentType: "crypto",
      currency: "ETH",
      baseCurrency: "USD",
      basePrice: 20,
      paymentReferenceId: offer.paymentId,
      orderStatus: "PENDING",
    });
    expect(order.price).toBeCloseTo(0.006666666666666667, 15);
    expect(order.orderStatusReason).toContain("Awaiting payment of 0.006666666666666667 ETH");
  });

  test("USDC carries the token contract and decimals; BTC a BIP21 URI in sats rounded up", async () => {
    const usdc = await (await buy(purchase({ currency: "usdc" }))).json();
    expect(usdc.paymentDetails).toMatchObject({
      currency: "USDC",
      tokenStandard: "ERC20",
      tokenContract: "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48",
      decimals: 6,
      amountAtomic: "20000000",
    });
    expect(usdc.uri).toBe(
      `ethereum:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48@1/transfer?address=${usdc.address}&uint256=20000000`,
    );

    const btc = await (await buy(purchase({ currency: "BTC" }))).json();
    expect(btc.protocol).toBe("BIP21");
    expect(btc.address).toMatch(/^bcrt1q/);
    expect(btc.paymentDetails).toMatchObject({
      currency: "BTC",
      chain: "bitcoin:regtest",
      decimals: 8,
      amountAtomic: "33334",
    });
    expect(btc.uri).toMatch(new RegExp(`^bitcoin:${btc.address}\\?amount=0\\.00033334`));
  });

  test("paid in full on chain: COMPLETED and registered; the same credit again changes nothing", async () => {
    const body = purchase();
    const offer = await (await buy(body)).json();
    expect(await transfer(offer.paymentId, 6666666666666667n)).toBe("COMPLETED");
    const order = await readOrder(offer.orderId);
    expect(order.orderStatus).toBe("COMPLETED");
    expect(order.orderStatusReason).toContain("Paid: received 0.006666666666666667 ETH.");
    expect(await onCryptoPaymentCredited(offer.paymentId)).toBe("COMPLETED");
    expect(await db().domain.count({ where: { name: body.domain } })).toBe(1);
    const purchases = await (await app.fetch("/v1/partner/purchases", { token: adminToken })).json();
    expect(purchases.purchases).toContainEqual(
      expect.objectContaining({ domain: body.domain, currency: "ETH", partnerId }),
    );
  });

  test("underpaid: stays PENDING with the shortfall in the reason; the balance completes it", async () => {
    const offer = await (await buy(purchase({ currency: "USDC" }))).json();
    expect(await transfer(offer.paymentId, 15_000_000n)).toBe("PENDING");
    const waiting = await readOrder(offer.orderId);
    expect(waiting.orderStatusReason).toBe("Underpaid: received 15 USDC of 20 USDC due; 5 USDC is missing.");
    expect(await transfer(offer.paymentId, 5_000_000n)).toBe("COMPLETED");
  });

  test("overpaid: completed, and the reason says by how much", async () => {
    const offer = await (await buy(purchase({ currency: "USDC" }))).json();
    expect(await transfer(offer.paymentId, 25_000_000n)).toBe("COMPLETED");
    expect((await readOrder(offer.orderId)).orderStatusReason).toContain(
      "Overpaid: received 25 USDC of 20 USDC due; 5 USDC more than due.",
    );
  });

  test("expired unpaid: EXPIRED and released; a late payment completes it while the name is free", async () => {
    const body = purchase({ currency: "USDC" });
    const offer = await (await buy(body)).json();
    await db().order.update({ where: { id: offer.orderId }, data: { expiresAt: new Date(Date.now() - 60_000) } });
    await db().payment.update({ where: { id: offer.paymentId }, data: { expiresAt: new Date(Date.now() - 60_000) } });
    expect(await expireUnpaidOffers()).toContain(offer.orderId);
    const expired = await readOrder(offer.orderId);
    expect(expired.orderStatus).toBe("EXPIRED");
    expect(expired.orderStatusReason).toContain("No payment was received before the offer expired");
    expect(await db().nameReservation.count({ where: { domain: body.domain } })).toBe(0);

    expect(await transfer(offer.paymentId, 20_000_000n)).toBe("COMPLETED");
    expect((await readOrder(offer.orderId)).orderStatusReason).toContain("after the offer expired");
  });

  test("a late payment for a name someone else bought meanwhile fails the order and is owed back", async () => {
    const body = purchase({ currency: "USDC" });
    const offer = await (await buy(body)).json();
    await db().order.update({ where: { id: offer.orderId }, data: { expiresAt: new Date(Date.now() - 60_000) } });
    const rival = await (await buy(purchase({ currency: "USDC", domain: body.domain }))).json();
    expect(await transfer(rival.paymentId, 20_000_000n)).toBe("COMPLETED");
    expect(await transfer(offer.paymentId, 20_000_000n)).toBe("FAILED");
    expect((await readOrder(offer.orderId)).orderStatusReason).toContain("the payment is refunded");
    expect(await db().domain.count({ where: { name: body.domain } })).toBe(1);
    expect(await db().refund.findMany({ where: { orderId: offer.orderId } })).toEqual([
      expect.objectContaining({ method: "crypto", status: "DUE", currency: "USDC", amountAtomic: "20000000" }),
    ]);
  });

  test("bad input is a 4xx naming the field, and creates nothing", async () => {
    const before = await countRows();
    const counters = await db().derivationCounter.findMany({ orderBy: { key: "asc" } });
    const cases: [Record<string, unknown>, number, string][] = [
      [purchase({ currency: "DOGE" }), 400, "currency"],
      [purchase({ currency: 5 }), 400, "currency"],
      [purchase({ ownerEmail: "not-an-email" }), 400, "ownerEmail"],
      [purchase({ ownerName: "" }), 400, "ownerName"],
      [purchase({ ownerAddress: "alice.web3" }), 400, "ownerAddress"],
      [purchase({ years: 0 }), 400, "years"],
      [purchase({ years: 2.5 }), 400, "years"],
      [purchase({ domain: "alice.nosuchtld" }), 400, "domain"],
      [purchase({ domain: "a..web3" }), 400, "domain"],
      [purchase({ partnerId: "123" }), 400, "partnerId"],
      [purchase({ partnerId: randomUUID() }), 404, "partnerId"],
      [purchase({ walletAddrs: [{ coinId: 60, addr: "0xnope" }] }), 400, "walletAddrs.0.addr"],
      [purchase({ walletAddrs: [{ coinId: "60", addr: ETH_WALLET }] }), 400, "walletAddrs.0.coinId"],
      [purchase({ checkoutId: randomUUID() }), 400, "body"],
    ];
    for (const [body, status, field] of cases) {
      const res = await buy(body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(await res.json(), JSON.stringify(body)).toEqual({ field, info: expect.any(String) });
    }
    expect(await countRows()).toEqual(before);
    expect(await db().derivationCounter.findMany({ orderBy: { key: "asc" } })).toEqual(counters);
  });

  test("20 concurrent crypto purchases of one name: one 200, nineteen 409", async () => {
    const domain = `cryptorace${randomUUID().slice(0, 6)}.web3`;
    const responses = await Promise.all(Array.from({ length: 20 }, () => buy(purchase({ domain }))));
    expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
    expect(responses.filter((r) => r.status === 409)).toHaveLength(19);
    expect(await db().order.count({ where: { domain, orderStatus: "PENDING" } })).toBe(1);

    // The losers' deposit indices, taken before their transactions, were given back: every EVM
    // index below the counter is held by a payment or free to take, so wallets see no gap.
    const [counter] = await db().derivationCounter.findMany({ where: { key: { startsWith: "evm:" } } });
    const held = await db().payment.findMany({ where: { processor: "evm" }, select: { derivationIndex: true } });
    const free = await db().freeDerivationIndex.findMany({ where: { key: counter.key }, select: { index: true } });
    const accounted = new Set([...held.map((p) => p.derivationIndex), ...free.map((f) => f.index)]);
    expect([...accounted].sort((a, b) => a! - b!)).toEqual(Array.from({ length: counter.nextIndex }, (_, i) => i));
    // The next purchase takes the lowest given-back index (or a new one when none was needed).
    const lowestFree = Math.min(...free.map((f) => f.index));
    const next = await (await buy(purchase())).json();
    const nextIndex = (await db().payment.findUniqueOrThrow({ where: { id: next.paymentId } })).derivationIndex;
    expect(nextIndex).toBe(free.length > 0 ? lowestFree : counter.nextIndex);
  });
});
