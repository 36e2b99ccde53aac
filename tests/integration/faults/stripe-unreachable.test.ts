// Stripe unreachable or slow, through the real Stripe SDK: a TCP server that accepts and never
// answers, and a closed port. A card purchase fails cleanly (502 in ErrorResponse shape within a
// bounded time), no order claims a payment it does not have, the order keeps its hold while its
// offer runs, and once Stripe is back the same checkoutId resumes the same order, which a
// succeeded payment completes.
import { randomUUID } from "node:crypto";
import net from "node:net";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { setConfig, type Config } from "@/lib/config";
import { database, db } from "@/lib/db";
import { startTestApp, TEST_JWT_SECRET, type TestApp } from "@/tests/support/app";
import { ETH_WALLET, OWNER, seedCatalogue } from "@/tests/support/market-fixtures";
import { startStripeServer, type StripeServer } from "@/tests/support/stripe-server";

const WEBHOOK_SECRET = "whsec_fault_test";
const STRIPE_TIMEOUT_MS = 1500;
// One try and one retry of STRIPE_TIMEOUT_MS each, the SDK's retry delay, and room for a loaded
// 2-core machine: far below the 30 s the client would wait if nothing bounded the call.
const FAIL_WITHIN_MS = 2 * STRIPE_TIMEOUT_MS + 8000;
// A refused connection is answered without waiting out a timeout: less than the two timeouts a
// silent Stripe costs.
const REFUSED_WITHIN_MS = 2 * STRIPE_TIMEOUT_MS;
const sdk = new Stripe("sk_test_local");

let app: TestApp;
let stripe: StripeServer;
let blackHole: { url: string; connections: number; close(): Promise<void> };
let closedPortUrl: string;
let partnerId: string;

/** Accepts connections and never writes a byte. */
async function startBlackHole() {
  const sockets = new Set<net.Socket>();
  let connections = 0;
  const server = net.createServer((socket) => {
    connections++;
    sockets.add(socket);
    socket.on("error", () => undefined);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get connections() {
      return connections;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function freePortUrl(): Promise<string> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

function stripeAt(url: string): Partial<Config> {
  return {
    STRIPE_SECRET_KEY: "sk_test_local",
    STRIPE_PUBLISHABLE_KEY: "pk_test_fault",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: url,
    STRIPE_TIMEOUT_MS,
    RATE_LIMIT_ENABLED: false,
  };
}

/** Points the running app's Stripe SDK elsewhere (the processor reads the configuration per request). */
function useStripeAt(url: string) {
  setConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", JWT_SECRET: TEST_JWT_SECRET, ...stripeAt(url) });
}

beforeAll(async () => {
  [stripe, blackHole, closedPortUrl] = await Promise.all([startStripeServer(), startBlackHole(), freePortUrl()]);
  app = await startTestApp(stripeAt(blackHole.url));
  ({ partnerId } = await seedCatalogue());
});

afterAll(async () => {
  await app?.close();
  await blackHole?.close();
  await stripe?.close();
});

const purchase = () => ({
  checkoutId: randomUUID(),
  domain: `fault${randomUUID().slice(0, 8)}.web3`,
  ownerAddress: OWNER,
  partnerId,
  walletAddrs: [{ coinId: 60, addr: ETH_WALLET }],
  years: 1,
});

async function timedPurchase(body: unknown) {
  const started = performance.now();
  const res = await app.fetch("/v1/market/purchase", {
    method: "POST",
    json: body,
    signal: AbortSignal.timeout(30_000),
  });
  return { status: res.status, body: await res.json(), ms: performance.now() - started };
}

/** Orders that say PAID or COMPLETED without a succeeded payment behind them. */
async function ordersClaimingUnpaidPayments(): Promise<string[]> {
  const rows = await database().query<{ id: string }>(
    `SELECT o.id FROM "order" o LEFT JOIN "payment" p ON p.order_id = o.id
      WHERE o.order_status IN ('PAID', 'COMPLETED')
        AND (p.status IS DISTINCT FROM 'succeeded' OR p.amount_received::numeric < p.amount_due::numeric)`,
  );
  return rows.map((row) => row.id);
}

const PROCESSOR_DOWN = {
  field: "processor",
  info: "The card processor did not answer; retry with the same checkoutId.",
};

describe("Stripe unreachable", () => {
  const failed: { checkoutId: string; body: ReturnType<typeof purchase>; orderId: string }[] = [];

  test("a Stripe that accepts and never answers: 502 within the bounded time, after one retry", async () => {
    useStripeAt(blackHole.url);
    const body = purchase();
    const before = blackHole.connections;
    const { status, body: answer, ms } = await timedPurchase(body);
    expect(status).toBe(502);
    expect(answer).toEqual(PROCESSOR_DOWN);
    expect(ms).toBeLessThan(FAIL_WITHIN_MS);
    expect(ms).toBeGreaterThanOrEqual(2 * STRIPE_TIMEOUT_MS - 50);
    expect(blackHole.connections - before).toBe(2);

    const order = await db().order.findUniqueOrThrow({
      where: { checkoutId: body.checkoutId },
      include: { payment: true },
    });
    expect(order.orderStatus).toBe("PENDING");
    expect(order.payment).toMatchObject({ status: "creating", processorRef: null, amountReceived: "0" });
    expect(await db().nameReservation.count({ where: { orderId: order.id } })).toBe(1);
    failed.push({ checkoutId: body.checkoutId, body, orderId: order.id });
  });

  test("a closed port: 502 at once", async () => {
    useStripeAt(closedPortUrl);
    const body = purchase();
    const { status, body: answer, ms } = await timedPurchase(body);
    expect(status).toBe(502);
    expect(answer).toEqual(PROCESSOR_DOWN);
    expect(ms).toBeLessThan(REFUSED_WITHIN_MS);
    const order = await db().order.findUniqueOrThrow({ where: { checkoutId: body.checkoutId } });
    expect(order.orderStatus).toBe("PENDING");
    failed.push({ checkoutId: body.checkoutId, body, orderId: order.id });
    expect(await ordersClaimingUnpaidPayments()).toEqual([]);
  });

  test(
    "once Stripe is back, " + "the same checkoutId resumes the same order and a succeeded payment completes it",
    async () => {
      // One failed purchase of its own, so the test checks something when it runs alone; those of
      // the tests above are resumed too.
      useStripeAt(closedPortUrl);
      const body = purchase();
      expect((await timedPurchase(body)).status).toBe(502);
      const { id: orderId } = await db().order.findUniqueOrThrow({ where: { checkoutId: body.checkoutId } });
      failed.push({ checkoutId: body.checkoutId, body, orderId });

      useStripeAt(stripe.url);
      for (const { body, orderId } of failed) {
        const { status, body: resumed } = await timedPurchase(body);
        expect(status).toBe(200);
        expect(resumed.orderId).toBe(orderId);
        expect(resumed.checkoutId).toBe(body.checkoutId);
        const intent = stripe.intents.get(resumed.processorCheckoutSession.split("_secret_")[0])!;
        expect(intent.metadata).toEqual({ orderId, checkoutId: body.checkoutId });
        // Not paid yet: still no order claims a payment.
        expect(await ordersClaimingUnpaidPayments()).toEqual([]);

        const paid = stripe.succeed(intent.id);
        const payload = JSON.stringify({
          id: `evt_${randomUUID()}`,
          object: "event",
          type: "payment_intent.succeeded",
          api_version: Stripe.API_VERSION,
          created: Math.floor(Date.now() / 1000),
          data: { object: paid },
          livemode: false,
          pending_webhooks: 1,
          request: { id: null, idempotency_key: null },
        });
        const signature = sdk.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
        const delivered = await app.fetch("/api/webhooks/stripe", {
          method: "POST",
          body: payload,
          headers: { "content-type": "application/json", "stripe-signature": signature },
        });
        expect(delivered.status).toBe(200);

        const order = await (await app.fetch(`/v1/market/order/${orderId}`)).json();
        expect(order.orderStatus).toBe("COMPLETED");
        expect(await db().domain.count({ where: { name: body.domain } })).toBe(1);
      }
      // One PaymentIntent per checkout, whatever the failed attempts did.
      for (const { checkoutId } of failed)
        expect([...stripe.intents.values()].filter((i) => i.metadata.checkoutId === checkoutId)).toHaveLength(1);
      expect(await ordersClaimingUnpaidPayments()).toEqual([]);
    },
  );
});
