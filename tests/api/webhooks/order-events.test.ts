import { createHmac, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { db } from "@/lib/db";
import { onCardDisputeClosed } from "@/lib/market/card-payment-events";
import { onCryptoPaymentCredited } from "@/lib/market/crypto-payment-events";
import { expireUnpaidOffers } from "@/lib/market/expire-offers";
import { processDueCardRefunds } from "@/lib/market/refunds";
import { recordRefundPayout } from "@/lib/market/refund-payouts";
import { recordTransfers } from "@/lib/payments/crypto/record-transfers";
import { deliverDueWebhooks } from "@/lib/webhooks/deliver";
import { startTestApp, type TestApp } from "@/tests/support/app";
import { ETH_WALLET, OWNER, seedCatalogue } from "@/tests/support/market-fixtures";

// Issue 32, item 1: order and refund events. Each is written by the statement or transaction that
// moves the order or the refund, for the partner whose parent the name is under (the registry's
// own sales have no partner and no events), and reaches the receiver signed, with its own id, in
// the order the order moved.

interface Received {
  body: string;
  signature: string;
  eventId: string;
  type: string;
}

let app: TestApp;
let admin: string;
let partnerId: string;
let parent: string;
let receiver: Server;
let receiverUrl: string;
let secret: string;
const received: Received[] = [];

const ORDER_AND_REFUND_EVENTS = [
  "order.paid",
  "order.completed",
  "order.expired",
  "order.failed",
  "order.refunded",
  "refund.owed",
  "refund.paid",
];

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({
        body: Buffer.concat(chunks).toString("utf8"),
        signature: String(request.headers["namesvc-signature"] ?? ""),
        eventId: String(request.headers["namesvc-event-id"] ?? ""),
        type: String(request.headers["namesvc-event-type"] ?? ""),
      });
      response.end("ok");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/orders`;
  app = await startTestApp({
    WEBHOOKS_ALLOW_PRIVATE_URLS: true,
    PAYMENTS_EVM_CHAIN_ID: 1,
    PAYMENTS_BTC_NETWORK: "regtest",
    UNPAID_HOLDS_PER_CLIENT: 0,
    UNPAID_HOLDS_PER_OWNER: 0,
  });
  ({ adminToken: admin, partnerId, parentName: parent } = await seedCatalogue());
  const res = await app.fetch("/v1/partner/webhooks", {
    method: "POST",
    token: admin,
    json: { url: receiverUrl, events: ORDER_AND_REFUND_EVENTS },
  });
  expect(res.status).toBe(201);
  ({ secret } = (await res.json()) as { secret: string });
});
afterAll(async () => {
  await app?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});
beforeEach(() => {
  received.length = 0;
});

/** Every pass sends the next event of each object; passes until nothing is due. */
async function drain(): Promise<void> {
  for (let pass = 0; pass < 20; pass++) if ((await deliverDueWebhooks()) === 0) return;
}

function verify(delivery: Received): boolean {
  const parts = Object.fromEntries(delivery.signature.split(",").map((part) => part.split("=", 2)));
  const expected = createHmac("sha256", secret).update(`${parts.t}.${delivery.body}`).digest();
  const given = Buffer.from(parts.v1 ?? "", "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The events of one order as the receiver got them: type and data, each checked. */
function eventsOf(orderId: string) {
  return received
    .map((delivery) => {
      expect(verify(delivery)).toBe(true);
      const body = JSON.parse(delivery.body) as { id: string; type: string; data: Record<string, unknown> };
      expect(body.id).toBe(delivery.eventId);
      expect(body.type).toBe(delivery.type);
      return body;
    })
    .filter((body) => body.data.orderId === orderId);
}

const subname = () => `o${randomUUID().slice(0, 8)}.${parent}`;

async function buyByCard(domain: string) {
  const res = await app.fetch("/v1/market/purchase", {
    method: "POST",
    json: { checkoutId: randomUUID(), domain, ownerAddress: OWNER, partnerId, years: 1 },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { orderId: string; processorCheckoutSession: string };
}

const payByCard = (clientSecret: string, cardNumber: string) =>
  app.fetch("/api/test-processor/pay", { method: "POST", json: { clientSecret, cardNumber } });

async function buyWithUsdc(domain: string) {
  const res = await app.fetch("/v1/market/crypto/purchase", {
    method: "POST",
    json: {
      currency: "USDC",
      domain,
      ownerAddress: OWNER,
      ownerEmail: "buyer@example.com",
      ownerName: "Ada Buyer",
      partnerId,
      walletAddrs: [{ coinId: 60, addr: ETH_WALLET }],
      years: 1,
    },
  });
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body as { orderId: string; paymentId: string };
}

/** What a watcher does when it sees a confirmed transfer to the deposit address. */
async function transfer(paymentId: string, amount: bigint) {
  const payment = await db().payment.findUniqueOrThrow({ where: { id: paymentId } });
  await recordTransfers(
    payment.chain!,
    [
      {
        paymentId,
        txHash: `0x${randomBytes(32).toString("hex")}`,
        logIndex: 0,
        blockNumber: 100n,
        blockTime: new Date(),
        amount,
      },
    ],
    { headBlock: 110n },
  );
  return onCryptoPaymentCredited(paymentId);
}

describe("order events", () => {
  test("a sub-name bought by card: order.paid then order.completed, signed, one id each", async () => {
    const domain = subname();
    const started = await buyByCard(domain);
    // A declined card is no move: nothing is reported.
    expect((await payByCard(started.processorCheckoutSession, "4000 0000 0000 0002")).status).toBe(200);
    await drain();
    expect(eventsOf(started.orderId)).toEqual([]);

    expect((await payByCard(started.processorCheckoutSession, "4242 4242 4242 4242")).status).toBe(200);
    await drain();
    const events = eventsOf(started.orderId);
    expect(events.map((event) => event.type)).toEqual(["order.paid", "order.completed"]);
    expect(events[1].data).toEqual({
      orderId: started.orderId,
      kind: "PURCHASE",
      domain,
      parentDomain: parent,
      ownerAddress: OWNER,
      orderStatus: "COMPLETED",
      orderStatusReason: expect.stringMatching(/^Registered to /),
    });
    expect(new Set(events.map((event) => event.id)).size).toBe(2);
    const logged = await db().webhookDelivery.findMany({ where: { objectKey: `order:${started.orderId}` } });
    expect(logged.map((delivery) => delivery.status)).toEqual(["delivered", "delivered"]);
  });

  test("the registry's own sale (a second-level name a partner only attributes) reports nothing", async () => {
    const domain = `own${randomUUID().slice(0, 8)}.web3`;
    const started = await buyByCard(domain);
    expect((await payByCard(started.processorCheckoutSession, "4242 4242 4242 4242")).status).toBe(200);
    await drain();
    expect((await db().order.findUniqueOrThrow({ where: { id: started.orderId } })).orderStatus).toBe("COMPLETED");
    expect(eventsOf(started.orderId)).toEqual([]);
    expect(await db().partnerEvent.count({ where: { objectKey: `order:${started.orderId}` } })).toBe(0);
  });

  test("expired, then paid late for a name taken meanwhile: expired, failed, refund owed, paid, refunded", async () => {
    const domain = subname();
    const offer = await buyWithUsdc(domain);
    await db().order.update({ where: { id: offer.orderId }, data: { expiresAt: new Date(Date.now() - 60_000) } });
    await db().payment.update({ where: { id: offer.paymentId }, data: { expiresAt: new Date(Date.now() - 60_000) } });
    expect(await expireUnpaidOffers()).toContain(offer.orderId);
    // The same news again moves nothing and reports nothing.
    expect(await expireUnpaidOffers()).not.toContain(offer.orderId);

    const rival = await buyWithUsdc(domain);
    expect(await transfer(rival.paymentId, 2_500_000n)).toBe("COMPLETED");
    expect(await transfer(offer.paymentId, 2_500_000n)).toBe("FAILED");
    const [refund] = await db().refund.findMany({ where: { orderId: offer.orderId } });
    expect(refund).toMatchObject({ status: "DUE", amountAtomic: "2500000" });
    await recordRefundPayout({ refundId: refund.id, amountAtomic: "2500000", reference: "paid back by hand" });
    expect((await db().order.findUniqueOrThrow({ where: { id: offer.orderId } })).orderStatus).toBe("REFUNDED");

    await drain();
    const events = eventsOf(offer.orderId);
    expect(events.map((event) => event.type)).toEqual([
      "order.expired",
      "order.failed",
      "refund.owed",
      "refund.paid",
      "order.refunded",
    ]);
    expect(events[2].data).toMatchObject({
      refundId: refund.id,
      domain,
      parentDomain: parent,
      method: "crypto",
      status: "DUE",
      currency: "USDC",
      amountAtomic: "2500000",
      decimals: 6,
    });
    expect(events[3].data).toMatchObject({ refundId: refund.id, status: "PAID" });
    expect(eventsOf(rival.orderId).map((event) => event.type)).toEqual(["order.paid", "order.completed"]);
  });

  test("a card-bought sub-name revoked in its term: refund.owed, then refund.paid once the card refunds", async () => {
    const domain = subname();
    const started = await buyByCard(domain);
    expect((await payByCard(started.processorCheckoutSession, "4242 4242 4242 4242")).status).toBe(200);
    const label = domain.slice(0, domain.indexOf("."));
    const revoked = await app.fetch(`/v1/parentdomains/${parent}/subdomains/${label}?refund=prorata`, {
      method: "DELETE",
      token: admin,
    });
    expect(revoked.status).toBe(200);
    const [owed] = await db().refund.findMany({ where: { orderId: started.orderId } });
    expect(owed).toMatchObject({ method: "card", status: "DUE" });
    expect(await processDueCardRefunds(() => undefined)).toEqual([owed.id]);
    // Read again by the settlement job: the refund is PAID already, nothing new is reported.
    await processDueCardRefunds(() => undefined);

    await drain();
    const events = eventsOf(started.orderId);
    expect(events.map((event) => event.type)).toEqual(["order.paid", "order.completed", "refund.owed", "refund.paid"]);
    expect(events[2].data).toMatchObject({ refundId: owed.id, method: "card", currency: "USD", status: "DUE" });
    expect(events[3].data).toMatchObject({ refundId: owed.id, status: "PAID", amountAtomic: owed.amountAtomic });
  });

  test("a lost dispute of a sub-name bought by card: refund.paid, then order.refunded", async () => {
    const domain = subname();
    const started = await buyByCard(domain);
    expect((await payByCard(started.processorCheckoutSession, "4242 4242 4242 4242")).status).toBe(200);
    const { processorRef } = await db().payment.findUniqueOrThrow({ where: { orderId: started.orderId } });
    expect(await onCardDisputeClosed({ paymentIntentId: processorRef!, status: "lost", amountCents: 250 })).toBe(
      "REFUNDED",
    );
    // The same news again: nothing moves and nothing more is reported.
    await onCardDisputeClosed({ paymentIntentId: processorRef!, status: "lost", amountCents: 250 });

    await drain();
    const events = eventsOf(started.orderId);
    expect(events.map((event) => event.type)).toEqual([
      "order.paid",
      "order.completed",
      "refund.paid",
      "order.refunded",
    ]);
    expect(events[2].data).toMatchObject({ method: "card", status: "PAID", amountAtomic: "250", currency: "USD" });
    expect(events[3].data).toMatchObject({ orderStatus: "REFUNDED", domain });
  });
});
