// Issue 29 items 4 and 10, over real HTTP: crypto refunds are paid out of the operator's wallet, so
// only the operator records payouts (its loopback command routes; the partner route is gone), a
// reference that is a transaction hash on the chain the payment came from must pay the refund's
// address at least its amount there (checked on the chain's Esplora), and a payout the operator
// started freezes the refund: money that arrives meanwhile is a new refund, and a top-up neither
// changes nor removes it. Item 14: a settlement that read the payment before a payout committed
// does not owe the paid refund again (it fails on the old code under PostgreSQL, where the two
// interleave; PGlite's one connection runs them one after the other). Bitcoin payments are
// credited through the watchers' own recording code.
import { randomBytes, randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "@/lib/db";
import { settlePayment } from "@/lib/market/settle-payment";
import { btcAddressAt, testBtcXpub } from "@/lib/payments/crypto/derive-address";
import { recordTransfers } from "@/lib/payments/crypto/record-transfers";
import { startTestApp, type TestApp } from "@/tests/support/app";
import { OWNER, seedCatalogue } from "@/tests/support/market-fixtures";

const SENDER = btcAddressAt(testBtcXpub("regtest"), "regtest", 777);

/** The one Esplora call a payout check makes: GET /tx/:txid. */
const chainTxs = new Map<
  string,
  { status: { confirmed: boolean }; vout: { scriptpubkey_address: string; value: number }[] }
>();
let esplora: Server;
let app: TestApp;
let shop: Awaited<ReturnType<typeof seedCatalogue>>;

beforeAll(async () => {
  esplora = createServer((req, res) => {
    const tx = chainTxs.get(/^\/tx\/([0-9a-f]{64})$/.exec(req.url ?? "")?.[1] ?? "");
    res.writeHead(tx ? 200 : 404, { "content-type": tx ? "application/json" : "text/plain" });
    res.end(tx ? JSON.stringify(tx) : "Transaction not found");
  });
  await new Promise<void>((resolve) => esplora.listen(0, "127.0.0.1", resolve));
  app = await startTestApp({
    PAYMENTS_BTC_ESPLORA_URL: `http://127.0.0.1:${(esplora.address() as AddressInfo).port}`,
    PAYMENTS_BTC_NETWORK: "regtest",
    PAYMENTS_BTC_CONFIRMATIONS: 1,
    PAYMENTS_ALLOW_TEST_DEFAULTS: true,
    CRYPTO_RATES_JSON: '{"ETH":"3000","BTC":"60000"}',
    UNPAID_HOLDS_PER_CLIENT: 0,
  });
  shop = await seedCatalogue();
});
afterAll(async () => {
  await app?.close();
  await new Promise((resolve) => esplora?.close(resolve));
});

const txid = () => randomBytes(32).toString("hex");
let block = 100n;

/** A BTC order of the shop's partner, and `satoshi` credited to it from SENDER. */
async function btcOrder() {
  const res = await app.fetch("/v1/market/crypto/purchase", {
    method: "POST",
    json: {
      currency: "BTC",
      domain: `pay${randomUUID().slice(0, 8)}.web3`,
      ownerAddress: OWNER,
      ownerEmail: "buyer@example.com",
      ownerName: "Buyer",
      partnerId: shop.partnerId,
      years: 1,
    },
  });
  expect(res.status).toBe(200);
  const offer = await res.json();
  return { ...offer, due: BigInt(offer.paymentDetails.amountAtomic) } as {
    orderId: string;
    paymentId: string;
    due: bigint;
  };
}
async function credit(paymentId: string, satoshi: bigint) {
  block += 1n;
  await recordTransfers(
    "bitcoin:regtest",
    [
      {
        paymentId,
        txHash: txid(),
        logIndex: 0,
        blockNumber: block,
        blockTime: new Date(),
        amount: satoshi,
        fromAddress: SENDER,
      },
    ],
    { headBlock: block + 5n },
  );
  await settlePayment(paymentId);
}
const operator = (path: string, json: unknown) =>
  app.fetch(path, { method: "POST", json, headers: { "x-local-admin-secret": app.localAdminSecret() } });
const recordPayout = (refundId: string, amountAtomic: string, reference: string) =>
  operator("/api/internal/refunds", { refundId, amountAtomic, reference });
/** The order's crypto refunds, their amounts as the decimal text the API answers. */
const refundsOf = async (orderId: string) =>
  (await db().refund.findMany({ where: { orderId, method: "crypto" }, orderBy: { createdAt: "asc" } })).map((row) => ({
    ...row,
    amountAtomic: row.amountAtomic.toFixed(),
  }));
const orderOf = async (id: string) => (await app.fetch(`/v1/market/order/${id}`)).json();

describe("payouts are the operator's, checked on the chain (item 4)", () => {
  test("the partner cannot mark a refund paid; a transaction hash must pay the refund's address", async () => {
    const order = await btcOrder();
    await credit(order.paymentId, order.due + 5000n);
    expect((await orderOf(order.orderId)).orderStatus).toBe("COMPLETED");
    const [owed] = await refundsOf(order.orderId);
    expect(owed).toMatchObject({ status: "DUE", amountAtomic: "5000", senderAddress: SENDER });

    const byPartner = await app.fetch(`/v1/partner/refunds/${owed.id}/payout`, {
      method: "POST",
      token: shop.adminToken,
      json: { amountAtomic: "5000", reference: "not-actually-paid" },
    });
    expect(byPartner.status).toBe(404);
    const listed = await (await app.fetch("/v1/partner/refunds?status=DUE", { token: shop.adminToken })).json();
    expect(listed.refunds.map((r: { id: string }) => r.id)).toContain(owed.id);

    // Without the local secret the operator's route refuses.
    const stranger = await app.fetch("/api/internal/refunds", {
      method: "POST",
      json: { refundId: owed.id, amountAtomic: "5000", reference: "x" },
    });
    expect(stranger.status).toBe(403);

    const unknown = txid();
    const short = txid();
    chainTxs.set(short, { status: { confirmed: true }, vout: [{ scriptpubkey_address: SENDER, value: 4000 }] });
    const elsewhere = txid();
    chainTxs.set(elsewhere, {
      status: { confirmed: true },
      vout: [{ scriptpubkey_address: btcAddressAt(testBtcXpub("regtest"), "regtest", 778), value: 5000 }],
    });
    const unconfirmed = txid();
    chainTxs.set(unconfirmed, { status: { confirmed: false }, vout: [{ scriptpubkey_address: SENDER, value: 5000 }] });
    for (const reference of [unknown, short, elsewhere, unconfirmed]) {
      const refused = await recordPayout(owed.id, "5000", reference);
      expect(refused.status).toBe(409);
      expect((await refused.json()).field).toBe("reference");
    }
    expect((await db().refund.findUniqueOrThrow({ where: { id: owed.id } })).status).toBe("DUE");

    const good = txid();
    chainTxs.set(good, {
      status: { confirmed: true },
      vout: [
        { scriptpubkey_address: SENDER, value: 3000 },
        { scriptpubkey_address: SENDER, value: 2500 },
      ],
    });
    const paid = await recordPayout(owed.id, "5000", good);
    expect(paid.status).toBe(200);
    expect(await paid.json()).toMatchObject({ id: owed.id, status: "PAID", payoutReference: good });
  });
});

describe("a payout started freezes the refund (item 10)", () => {
  test("a top-up during the payout is a new refund; the started one is paid as it was", async () => {
    const order = await btcOrder();
    const half = order.due / 2n;
    await credit(order.paymentId, half);
    const past = new Date(Date.now() - 60_000);
    await db().order.update({ where: { id: order.orderId }, data: { expiresAt: past } });
    await db().payment.update({ where: { id: order.paymentId }, data: { expiresAt: past } });
    await settlePayment(order.paymentId);
    expect((await orderOf(order.orderId)).orderStatus).toBe("FAILED");
    const [owed] = await refundsOf(order.orderId);
    expect(owed).toMatchObject({ status: "DUE", amountAtomic: half.toString() });

    const started = await operator("/api/internal/refunds/start", { refundId: owed.id });
    expect(started.status).toBe(200);
    expect(await started.json()).toMatchObject({ id: owed.id, status: "PAYING", amountAtomic: half.toString() });
    expect((await operator("/api/internal/refunds/start", { refundId: owed.id })).status).toBe(200);

    // The buyer tops up the rest while the operator pays: the frozen refund stays as it was.
    await credit(order.paymentId, order.due - half);
    const rows = await refundsOf(order.orderId);
    expect(rows.map((r) => [r.id === owed.id, r.status, r.amountAtomic])).toEqual([
      [true, "PAYING", half.toString()],
      [false, "DUE", (order.due - half).toString()],
    ]);
    expect((await orderOf(order.orderId)).orderStatus).toBe("FAILED");

    expect((await recordPayout(owed.id, half.toString(), "paid by hand, slip 12")).status).toBe(200);
    expect((await orderOf(order.orderId)).orderStatus).toBe("FAILED");
    const rest = rows[1];
    expect((await recordPayout(rest.id, rest.amountAtomic, "paid by hand, slip 13")).status).toBe(200);
    const refunded = await orderOf(order.orderId);
    expect(refunded.orderStatus).toBe("REFUNDED");
    expect(refunded.orderStatusReason).toContain("slip 12");
    expect(refunded.orderStatusReason).toContain("slip 13");
  });
});

describe("settlement racing a payout (item 14)", () => {
  test("a settlement that read the payment before a payout committed does not owe that refund again", async () => {
    const order = await btcOrder();
    await credit(order.paymentId, order.due + 7000n);
    const [owed] = await refundsOf(order.orderId);
    expect(owed).toMatchObject({ status: "DUE", amountAtomic: "7000" });
    // A payout's transaction, held open with the rows it writes locked, while a settlement starts:
    // the settlement reads the payment before the payout commits and writes after it.
    let locked!: () => void;
    let release!: () => void;
    const holding = new Promise<void>((resolve) => (locked = resolve));
    const gate = new Promise<void>((resolve) => (release = resolve));
    const payout = db().$transaction(
      async (tx) => {
        await tx.$executeRaw`SELECT 1 FROM payment WHERE id = ${order.paymentId}::uuid FOR UPDATE`;
        await tx.$executeRaw`SELECT 1 FROM refund WHERE id = ${owed.id}::uuid FOR UPDATE`;
        locked();
        await gate;
        await tx.refund.update({
          where: { id: owed.id },
          data: { status: "PAID", payoutReference: "paid by hand", paidAt: new Date(), openFor: null },
        });
      },
      { maxWait: 20_000, timeout: 20_000 },
    );
    await holding;
    const settling = settlePayment(order.paymentId);
    await new Promise((resolve) => setTimeout(resolve, 400));
    release();
    await payout;
    await settling;
    // Nothing is owed any more: a DUE row here would be listed for the operator to pay a second time.
    expect((await refundsOf(order.orderId)).map((r) => [r.status, r.amountAtomic])).toEqual([["PAID", "7000"]]);
  });

  test("settlements running while payouts are recorded never owe a paid refund again", async () => {
    const orders = await Promise.all(Array.from({ length: 6 }, () => btcOrder()));
    for (const order of orders) await credit(order.paymentId, order.due + 7000n);
    const owed = await Promise.all(orders.map(async (order) => (await refundsOf(order.orderId))[0]));
    for (const refund of owed) expect(refund).toMatchObject({ status: "DUE", amountAtomic: "7000" });
    // Settlements start every few milliseconds around each payout, so some read the payment before
    // the payout commits and write after it.
    const later = (ms: number, work: () => Promise<unknown>) =>
      new Promise((resolve) => setTimeout(resolve, ms)).then(work);
    await Promise.all(
      orders.flatMap((order, i) => [
        recordPayout(owed[i].id, "7000", `paid by hand, order ${i}`).then((res) => expect(res.status).toBe(200)),
        ...Array.from({ length: 12 }, (_, k) => later(k * 3, () => settlePayment(order.paymentId))),
      ]),
    );
    for (const order of orders) {
      await settlePayment(order.paymentId);
      expect((await refundsOf(order.orderId)).map((r) => [r.status, r.amountAtomic])).toEqual([["PAID", "7000"]]);
    }
  });
});
