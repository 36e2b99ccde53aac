// Issue 31 item 6 (views): one read shows the operator every refund owed on every partner's sales,
// deposits nobody expected, reorganisation losses after fulfilment, and what is stuck.
import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, test } from "vitest";
import { database, db } from "@/lib/db";
import { onCryptoPaymentCredited } from "@/lib/market/crypto-payment-events";
import { signOperatorToken } from "@/lib/operator/operator-token";
import { recordTransfers } from "@/lib/payments/crypto/record-transfers";
import { startTestApp, type TestApp } from "@/tests/support/app";
import { ETH_WALLET, OWNER, seedCatalogue } from "@/tests/support/market-fixtures";

let app: TestApp;
let operator: string;
let shops: Awaited<ReturnType<typeof seedCatalogue>>[];

beforeAll(async () => {
  app = await startTestApp({ UNPAID_HOLDS_PER_CLIENT: 0, UNPAID_HOLDS_PER_OWNER: 0 });
  shops = [await seedCatalogue(), await seedCatalogue()];
  operator = signOperatorToken(1).token;
});
afterAll(() => app?.close());

async function cryptoSale(partnerId: string, amount: bigint) {
  const res = await app.fetch("/v1/market/crypto/purchase", {
    method: "POST",
    json: {
      currency: "USDC",
      domain: `ov${randomUUID().slice(0, 8)}.web3`,
      ownerAddress: OWNER,
      ownerEmail: "buyer@example.com",
      ownerName: "Ada Buyer",
      partnerId,
      walletAddrs: [{ coinId: 60, addr: ETH_WALLET }],
      years: 1,
    },
  });
  const { orderId, paymentId } = (await res.json()) as { orderId: string; paymentId: string };
  const payment = await db().payment.findUniqueOrThrow({ where: { id: paymentId } });
  const txHash = `0x${randomBytes(32).toString("hex")}`;
  await recordTransfers(
    payment.chain!,
    [{ paymentId, txHash, logIndex: 0, blockNumber: 100n, blockTime: new Date(), amount }],
    {
      headBlock: 110n,
    },
  );
  await onCryptoPaymentCredited(paymentId);
  return { orderId, paymentId, chain: payment.chain!, depositAddress: payment.depositAddress!, txHash };
}

test("refunds owed on every partner's sales, unexpected deposits, reorganisation losses and stuck states", async () => {
  const a = await cryptoSale(shops[0]!.partnerId, 12_000_000n);
  const b = await cryptoSale(shops[1]!.partnerId, 13_000_000n);
  const c = await cryptoSale(shops[0]!.partnerId, 10_000_000n);
  await db().unattributedDeposit.create({
    data: {
      id: randomUUID(),
      paymentId: c.paymentId,
      orderId: c.orderId,
      chain: c.chain,
      depositAddress: c.depositAddress,
      currency: "ETH",
      decimals: 18,
      amountAtomic: "1000000000000000",
      reason: "ETH on a USDC order's address: a wrong asset.",
    },
  });
  await db().reversedTransfer.create({
    data: {
      id: randomUUID(),
      paymentId: c.paymentId,
      orderId: c.orderId,
      chain: c.chain,
      txHash: c.txHash,
      logIndex: 0,
      blockNumber: 100n,
      amount: "10000000",
      creditedAt: new Date(),
      outcome: "after-fulfilment",
      handledAt: new Date(),
    },
  });
  await db().refund.create({
    data: {
      id: randomUUID(),
      orderId: c.orderId,
      paymentId: c.paymentId,
      method: "card",
      status: "FAILED",
      reason: "The card refund re_1 failed (expired_card).",
      currency: "USD",
      decimals: 2,
      amountAtomic: "1000",
      processorRefundId: `re_${randomUUID().slice(0, 8)}`,
    },
  });
  await database().query(
    `UPDATE payment SET status = 'processing', updated_at = now() - interval '1 hour' WHERE id = $1::uuid`,
    [b.paymentId],
  );

  const res = await app.fetch("/v1/operator/overview", { token: operator });
  expect(res.status).toBe(200);
  const body = await res.json();
  const owed = body.refundsOwed.map((r: { orderId: string; amountAtomic: string; status: string }) => [
    r.orderId,
    r.amountAtomic,
    r.status,
  ]);
  expect(owed).toContainEqual([a.orderId, "2000000", "DUE"]);
  expect(owed).toContainEqual([b.orderId, "3000000", "DUE"]);
  expect(body.unattributedDeposits).toContainEqual(
    expect.objectContaining({ orderId: c.orderId, currency: "ETH", amountAtomic: "1000000000000000" }),
  );
  expect(body.reorganisationLosses).toEqual([
    expect.objectContaining({ orderId: c.orderId, txHash: c.txHash, amountAtomic: "10000000", currency: "USDC" }),
  ]);
  expect(body.stuck.cardRefundsFailing).toEqual([expect.objectContaining({ orderId: c.orderId, status: "FAILED" })]);
  expect(body.stuck.processingIntents).toEqual([expect.objectContaining({ orderId: b.orderId })]);
  // No payment chain is watched in this test: no lag to report.
  expect(body.stuck.watcherLag).toEqual([]);

  expect((await app.fetch("/v1/operator/overview", { token: shops[0]!.adminToken })).status).toBe(401);
  expect((await app.fetch("/v1/operator/overview")).status).toBe(401);
});
