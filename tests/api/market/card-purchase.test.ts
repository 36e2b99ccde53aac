import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "@/lib/db";
import { onCardPaymentSucceeded } from "@/lib/market/card-payment-events";
import { expireUnpaidOffers } from "@/lib/market/expire-offers";
import { startTestApp, type TestApp } from "@/tests/support/app";
import { BTC_WALLET, countRows, ETH_WALLET, OWNER, seedCatalogue } from "@/tests/support/market-fixtures";

let app: TestApp;
let partnerId: string;
let adminToken: string;
let parentName: string;

beforeAll(async () => {
  // These tests buy many names from one address; the unpaid-hold bound has its own suite (tests/security).
  app = await startTestApp({ UNPAID_HOLDS_PER_CLIENT: 0, UNPAID_HOLDS_PER_OWNER: 0 });
  ({ partnerId, adminToken, parentName } = await seedCatalogue());
});
afterAll(() => app.close());

const purchase = (overrides: Record<string, unknown> = {}) => ({
  checkoutId: randomUUID(),
  domain: `buyer${randomUUID().slice(0, 8)}.web3`,
  ownerAddress: OWNER,
  partnerId,
  walletAddrs: [
    { coinId: 60, addr: ETH_WALLET },
    { coinId: 0, addr: BTC_WALLET },
  ],
  years: 2,
  ...overrides,
});

const buy = (body: unknown) => app.fetch("/v1/market/purchase", { method: "POST", json: body });
const pay = (clientSecret: string, cardNumber: string) =>
  app.fetch("/api/test-processor/pay", { method: "POST", json: { clientSecret, cardNumber } });
const readOrder = async (id: string) => (await app.fetch(`/v1/market/order/${id}`)).json();

describe("card purchase (11) with the test processor", () => {
  test(
    "purchase, pay with 4242, order COMPLETED, " + "name registered with its wallets, listed for the partner",
    async () => {
      const body = purchase();
      const res = await buy(body);
      expect(res.status).toBe(200);
      const started = await res.json();
      expect(Object.keys(started).sort()).toEqual([
        "checkoutId",
        "orderId",
        "processorCheckoutSession",
        "processorCustomerId",
        "processorEphemeralKey",
        "processorPublishableKey",
      ]);
      expect(started.checkoutId).toBe(body.checkoutId);
      expect(started.processorCheckoutSession).toMatch(/^pi_test_[0-9a-f]+_secret_[0-9a-f]+$/);
      expect(started.processorCustomerId).toMatch(/^cus_test_/);
      expect(started.processorEphemeralKey).toMatch(/^ek_test_/);
      expect(started.processorPublishableKey).toBe("pk_test_builtin_processor");

      const pending = await readOrder(started.orderId);
      expect(Object.keys(pending).sort()).toEqual([
        "baseCurrency",
        "basePrice",
        "createdAt",
        "currency",
        "domain",
        "id",
        "nameService",
        "orderStatus",
        "orderStatusReason",
        "ownerAddress",
        "paymentReferenceId",
        "paymentType",
        "price",
        "updatedAt",
      ]);
      expect(pending).toMatchObject({
        id: started.orderId,
        domain: body.domain,
        nameService: "native",
        ownerAddress: OWNER,
        baseCurrency: "USD",
        basePrice: 20,
        currency: "USD",
        price: 20,
        paymentType: "card",
        orderStatus: "PENDING",
        orderStatusReason: "Awaiting card payment.",
      });

      const intent = await (
        await app.fetch(
          `/api/test-processor/intent?clientSecret=${encodeURIComponent(started.processorCheckoutSession)}`,
        )
      ).json();
      expect(intent).toMatchObject({
        amount: 2000,
        currency: "usd",
        status: "requires_payment_method",
        orderId: started.orderId,
        testMode: true,
      });

      const paid = await pay(started.processorCheckoutSession, "4242 4242 4242 4242");
      expect(paid.status).toBe(200);
      expect(await paid.json()).toMatchObject({
        status: "succeeded",
        orderId: started.orderId,
        orderStatus: "COMPLETED",
      });

      const completed = await readOrder(started.orderId);
      expect(completed.orderStatus).toBe("COMPLETED");
      expect(completed.orderStatusReason).toMatch(
        /^Registered to 0x8ba1f109551bD432803012645Ac136ddd64DBA72 until \d{4}-\d{2}-\d{2}\.$/,
      );

      const domain = await db().domain.findUnique({ where: { name: body.domain }, include: { wallets: true } });
      expect(domain?.ownerAddress).toBe(OWNER);
      // A second-level name: partnerId attributes the sale (listed below) and grants no control.
      expect(domain?.partnerId).toBeNull();
      expect(domain?.wallets.map((w) => [w.coin, w.version, Number(w.coinType), w.address]).sort()).toEqual([
        ["BTC", "NATIVE", 0, BTC_WALLET],
        ["ETH", "NATIVE", 60, ETH_WALLET],
      ]);
      const yearsAhead = domain!.expiresAt!.getUTCFullYear() - new Date().getUTCFullYear();
      expect(yearsAhead).toBe(2);
      expect(await db().nameReservation.count({ where: { domain: body.domain } })).toBe(0);

      const resolved = await app.fetch(`/v1/resolve/${body.domain}`, { token: adminToken });
      if (resolved.status !== 404) {
        expect(resolved.status).toBe(200);
        expect((await resolved.json()).ownerAddress).toBe(OWNER);
      }

      const purchases = await (await app.fetch("/v1/partner/purchases", { token: adminToken })).json();
      expect(purchases.purchases).toContainEqual({
        currency: "USD",
        domain: body.domain,
        nameService: "native",
        ownerAddress: OWNER,
        partnerId,
        price: 20,
      });

      // Paying again changes nothing; the timeline has one entry per state.
      expect(await (await pay(started.processorCheckoutSession, "4242424242424242")).json()).toMatchObject({
        status: "succeeded",
        orderStatus: "COMPLETED",
      });
      const events = await db().orderEvent.findMany({
        where: { orderId: started.orderId },
        orderBy: { createdAt: "asc" },
      });
      expect(events.map((e) => e.status)).toEqual(["PENDING", "PAID", "COMPLETED"]);
      expect(await db().domain.count({ where: { name: body.domain } })).toBe(1);
    },
  );

  test("checkoutId: the same body replays the same order and session; another body is 409", async () => {
    const body = purchase();
    const first = await (await buy(body)).json();
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    const again = await buy(reordered);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(first);
    const other = await buy({ ...body, years: 3 });
    expect(other.status).toBe(409);
    expect(await other.json()).toEqual({
      field: "checkoutId",
      info: expect.stringContaining("different request body"),
    });
    expect(await db().order.count({ where: { checkoutId: body.checkoutId } })).toBe(1);
    expect(await db().testPaymentIntent.count({ where: { idempotencyKey: body.checkoutId } })).toBe(1);
  });

  test("a declined card keeps the order PENDING and the name held; another card then completes it", async () => {
    const body = purchase();
    const started = await (await buy(body)).json();
    const declined = await pay(started.processorCheckoutSession, "4000 0000 0000 0002");
    expect(declined.status).toBe(200);
    expect(await declined.json()).toMatchObject({
      status: "declined",
      declineCode: "generic_decline",
      orderStatus: "PENDING",
    });
    const order = await readOrder(started.orderId);
    expect(order.orderStatus).toBe("PENDING");
    expect(order.orderStatusReason).toContain("Your card was declined.");
    expect(await db().nameReservation.count({ where: { domain: body.domain } })).toBe(1);

    // Nobody else can take the name while the buyer tries another card.
    const rival = await buy(purchase({ domain: body.domain }));
    expect(rival.status).toBe(409);
    const paid = await pay(started.processorCheckoutSession, "5555 5555 5555 4444");
    expect(await paid.json()).toMatchObject({ status: "succeeded", orderStatus: "COMPLETED" });
    expect((await db().domain.findUniqueOrThrow({ where: { name: body.domain } })).ownerAddress).toBe(OWNER);
  });

  test("an unknown card number is declined and a malformed one is 400", async () => {
    const started = await (await buy(purchase())).json();
    const unknown = await (await pay(started.processorCheckoutSession, "4111 1111 1111 1111")).json();
    expect(unknown).toMatchObject({ status: "declined", declineCode: "test_mode_live_card" });
    const malformed = await pay(started.processorCheckoutSession, "1234");
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ field: "cardNumber", info: expect.any(String) });
    const noIntent = await pay("pi_nope_secret_nope", "4242424242424242");
    expect(noIntent.status).toBe(404);
  });

  test("bad input is a 4xx naming the field, and creates nothing", async () => {
    const taken = purchase();
    const takenOrder = await (await buy(taken)).json();
    await pay(takenOrder.processorCheckoutSession, "4242424242424242");
    const reserved = purchase();
    await buy(reserved);

    const before = await countRows();
    const cases: [Record<string, unknown>, number, string][] = [
      [purchase({ domain: "alice.com" }), 400, "domain"],
      [purchase({ domain: "nope" }), 400, "domain"],
      [purchase({ domain: "bad name!.web3" }), 400, "domain"],
      // Names are judged as sent: surrounding whitespace or a final dot is no name, never trimmed.
      [purchase({ domain: ` ${taken.domain}` }), 400, "domain"],
      [purchase({ domain: `fresh${Date.now()}.web3\n` }), 400, "domain"],
      [purchase({ domain: `fresh${Date.now()}.web3.` }), 400, "domain"],
      [purchase({ domain: `x.nosuchparent${Date.now()}.web3` }), 400, "domain"],
      [purchase({ domain: taken.domain }), 409, "domain"],
      [purchase({ domain: reserved.domain }), 409, "domain"],
      [purchase({ years: 0 }), 400, "years"],
      [purchase({ years: 11 }), 400, "years"],
      [purchase({ years: 1.5 }), 400, "years"],
      [purchase({ years: "2" }), 400, "years"],
      [purchase({ ownerAddress: "0x123" }), 400, "ownerAddress"],
      [purchase({ ownerAddress: "0x8Ba1f109551bD432803012645Ac136ddd64DBA72" }), 400, "ownerAddress"],
      [purchase({ checkoutId: "not-a-uuid" }), 400, "checkoutId"],
      [purchase({ partnerId: "nope" }), 400, "partnerId"],
      [purchase({ partnerId: randomUUID() }), 404, "partnerId"],
      [purchase({ externalUserId: "x" }), 400, "externalUserId"],
      [purchase({ walletAddrs: [{ coinId: 999999999, addr: ETH_WALLET }] }), 400, "walletAddrs.0.coinId"],
      [purchase({ walletAddrs: [{ coinId: 60, addr: BTC_WALLET }] }), 400, "walletAddrs.0.addr"],
      [purchase({ walletAddrs: [{ coinId: 0, addr: ETH_WALLET }] }), 400, "walletAddrs.0.addr"],
      [purchase({ walletAddrs: [{ coinId: -1, addr: ETH_WALLET }] }), 400, "walletAddrs.0.coinId"],
      [
        purchase({
          walletAddrs: [
            { coinId: 60, addr: ETH_WALLET },
            { coinId: 60, addr: ETH_WALLET },
          ],
        }),
        400,
        "walletAddrs.1.coinId",
      ],
      [purchase({ processorConnectedAccountId: "bank" }), 400, "processorConnectedAccountId"],
      [purchase({ surprise: true }), 400, "body"],
    ];
    for (const [body, status, field] of cases) {
      const res = await buy(body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(await res.json(), JSON.stringify(body)).toEqual({ field, info: expect.any(String) });
    }
    const malformed = await app.fetch("/v1/market/purchase", {
      method: "POST",
      body: "{",
      headers: { "content-type": "application/json" },
    });
    expect(malformed.status).toBe(400);
    const wrongType = await app.fetch("/v1/market/purchase", {
      method: "POST",
      body: "x=1",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(wrongType.status).toBe(415);
    expect(await countRows()).toEqual(before);
  });

  test(
    "a success reported for less than is due or in another currency fails the order and is owed back; " +
      "the full amount in USD completes it, once",
    async () => {
      const started = async () => {
        const answer = await (await buy(purchase())).json();
        const payment = await db().payment.findFirstOrThrow({ where: { orderId: answer.orderId } });
        return { ...answer, intent: payment.processorRef!, due: Number(payment.amountDue) };
      };
      const paymentOf = (orderId: string) =>
        db().payment.findFirstOrThrow({ where: { orderId }, select: { status: true, amountReceived: true } });

      const short = await started();
      expect(
        await onCardPaymentSucceeded({
          paymentIntentId: short.intent,
          amountReceivedCents: short.due - 1,
          currency: "usd",
        }),
      ).toBe("FAILED");
      expect(await paymentOf(short.orderId)).toEqual({ status: "mismatched", amountReceived: String(short.due - 1) });
      expect((await readOrder(short.orderId)).orderStatusReason).toContain("does not match");

      const euros = await started();
      expect(
        await onCardPaymentSucceeded({
          paymentIntentId: euros.intent,
          amountReceivedCents: euros.due,
          currency: "eur",
        }),
      ).toBe("FAILED");
      expect((await paymentOf(euros.orderId)).status).toBe("mismatched");

      const full = await started();
      const paid = { paymentIntentId: full.intent, amountReceivedCents: full.due, currency: "USD" };
      expect(await onCardPaymentSucceeded(paid)).toBe("COMPLETED");
      // Reported again (a webhook delivered twice), even with another amount: recorded once.
      expect(await onCardPaymentSucceeded({ ...paid, amountReceivedCents: 1 })).toBe("COMPLETED");
      expect(await paymentOf(full.orderId)).toEqual({ status: "succeeded", amountReceived: String(full.due) });
      expect(await db().order.count({ where: { id: full.orderId, orderStatus: "COMPLETED" } })).toBe(1);

      expect(
        await onCardPaymentSucceeded({ paymentIntentId: "pi_test_unknown", amountReceivedCents: 1, currency: "usd" }),
      ).toBeNull();
    },
  );

  test("20 concurrent purchases of one name: one 200, nineteen 409, one PENDING order", async () => {
    const domain = `race${randomUUID().slice(0, 8)}.web3`;
    const before = await countRows();
    const responses = await Promise.all(Array.from({ length: 20 }, () => buy(purchase({ domain }))));
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const res of responses.filter((r) => r.status === 409)) expect((await res.json()).field).toBe("domain");
    const orders = await db().order.findMany({ where: { domain } });
    expect(orders.map((o) => o.orderStatus)).toEqual(["PENDING"]);
    const after = await countRows();
    expect(after.orders - before.orders).toBe(1);
    expect(after.reservations - before.reservations).toBe(1);
  });

  test("a sub-domain sells at its parent's price and counts among the parent owner's purchases", async () => {
    const domain = `shop${randomUUID().slice(0, 6)}.${parentName}`;
    const started = await (await buy(purchase({ domain, partnerId: undefined, years: 3 }))).json();
    expect(started.orderId).toEqual(expect.any(String));
    expect(await readOrder(started.orderId)).toMatchObject({ basePrice: 7.5, price: 7.5, orderStatus: "PENDING" });
    await pay(started.processorCheckoutSession, "5555 5555 5555 4444");
    expect((await readOrder(started.orderId)).orderStatus).toBe("COMPLETED");
    const parent = await db().domain.findUnique({ where: { name: parentName } });
    const child = await db().domain.findUnique({ where: { name: domain } });
    expect(child?.parentId).toBe(parent?.id);
    expect(child?.partnerId).toBe(partnerId);
    expect(parent?.subdomainCount).toBeGreaterThanOrEqual(1);
    const purchases = await (await app.fetch("/v1/partner/purchases", { token: adminToken })).json();
    expect(purchases.purchases.map((p: { domain: string }) => p.domain)).toContain(domain);
  });

  test("an offer that runs out expires, releases the name and can no longer be paid", async () => {
    const body = purchase();
    const started = await (await buy(body)).json();
    await db().order.update({ where: { id: started.orderId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await expireUnpaidOffers()).toContain(started.orderId);
    const order = await readOrder(started.orderId);
    expect(order.orderStatus).toBe("EXPIRED");
    expect(await db().nameReservation.count({ where: { domain: body.domain } })).toBe(0);
    const late = await pay(started.processorCheckoutSession, "4242424242424242");
    expect(late.status).toBe(409);
    expect((await readOrder(started.orderId)).orderStatus).toBe("EXPIRED");
  });

  test("an expired hold is taken over by the next buyer even before the expiry job runs", async () => {
    const body = purchase();
    const first = await (await buy(body)).json();
    await db().order.update({ where: { id: first.orderId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const second = await buy(purchase({ domain: body.domain }));
    expect(second.status).toBe(200);
    expect((await readOrder(first.orderId)).orderStatus).toBe("EXPIRED");
  });

  test("without Stripe keys the Stripe webhook route answers 404 and changes nothing", async () => {
    const res = await app.fetch("/api/webhooks/stripe", {
      method: "POST",
      body: "{}",
      headers: { "stripe-signature": "t=1,v1=00" },
    });
    expect(res.status).toBe(404);
    expect(await db().webhookEvent.count()).toBe(0);
  });

  test("order read: malformed id 400, unknown id 404", async () => {
    const malformed = await app.fetch("/v1/market/order/nope");
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ field: "orderID", info: expect.any(String) });
    const unknown = await app.fetch(`/v1/market/order/${randomUUID()}`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ field: "orderID", info: expect.any(String) });
  });
});
