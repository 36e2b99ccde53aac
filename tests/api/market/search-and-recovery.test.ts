import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "@/lib/db";
import { completePaidOrders } from "@/lib/market/fulfil-order";
import "@/lib/market/jobs";
import { markOrderPaid } from "@/lib/market/settle-payment";
import { startBackgroundJobs } from "@/lib/jobs/background";
import { startTestApp, type TestApp } from "@/tests/support/app";
import { ETH_WALLET, OWNER, seedCatalogue } from "@/tests/support/market-fixtures";

let app: TestApp;
let partnerId: string;
let parentName: string;

beforeAll(async () => {
  // These tests buy many names from one address; the unpaid-hold bound has its own suite (tests/security).
  app = await startTestApp({ UNPAID_HOLDS_PER_CLIENT: 0, UNPAID_HOLDS_PER_OWNER: 0 });
  ({ partnerId, parentName } = await seedCatalogue());
});
afterAll(() => app.close());

const cardPurchase = (domain: string) =>
  app.fetch("/v1/market/purchase", {
    method: "POST",
    json: {
      checkoutId: randomUUID(),
      domain,
      ownerAddress: OWNER,
      partnerId,
      walletAddrs: [{ coinId: 60, addr: ETH_WALLET }],
      years: 1,
    },
  });

const search = (q: string) => app.fetch(`/v1/market/search?q=${encodeURIComponent(q)}`);

describe("market search", () => {
  test("availability, reasons, prices by label length, suggestions for taken names, short cache", async () => {
    const taken = `taken${randomUUID().slice(0, 6)}`;
    const started = await (await cardPurchase(`${taken}.web3`)).json();
    await app.fetch("/api/test-processor/pay", {
      method: "POST",
      json: { clientSecret: started.processorCheckoutSession, cardNumber: "4242424242424242" },
    });
    const reserved = `held${randomUUID().slice(0, 6)}.web3`;
    await cardPurchase(reserved);
    await db().domain.update({ where: { name: parentName }, data: { subdomainPriceCents: 199 } });

    const res = await search(
      `x.web3 ab.web3 abc.web3 ABCD.web3 ${taken}.web3 ${reserved} bad!.web3 alice.com shop.${parentName} ` +
        "shop.nobody.web3",
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=5");
    const { results } = await res.json();
    expect(results.map((r: { name: string }) => r.name)).toEqual([
      "x.web3",
      "ab.web3",
      "abc.web3",
      "abcd.web3",
      `${taken}.web3`,
      reserved,
      "bad!.web3",
      "alice.com",
      `shop.${parentName}`,
      "shop.nobody.web3",
    ]);
    expect(results[0]).toEqual({ name: "x.web3", available: true, priceUsdPerYear: 640 });
    expect(results[1].priceUsdPerYear).toBe(320);
    expect(results[2].priceUsdPerYear).toBe(160);
    expect(results[3].priceUsdPerYear).toBe(40);
    expect(results[4]).toMatchObject({ available: false, reason: "taken", priceUsdPerYear: 10 });
    expect(results[4].suggestions.length).toBeGreaterThan(0);
    expect(results[4].suggestions[0]).toEqual({ name: `${taken}.meta`, priceUsdPerYear: 10 });
    expect(results[5]).toMatchObject({ available: false, reason: "reserved" });
    expect(results[6]).toMatchObject({ available: false, reason: "invalid" });
    expect(results[7]).toMatchObject({ available: false, reason: "unsupported_tld" });
    expect(results[8]).toEqual({ name: `shop.${parentName}`, available: true, priceUsdPerYear: 1.99 });
    expect(results[9]).toMatchObject({
      available: false,
      reason: "parent_not_configured",
      message: "The parent domain nobody.web3 is not registered.",
    });
  });

  test("q missing or with too many names is 400", async () => {
    const missing = await app.fetch("/v1/market/search");
    expect(missing.status).toBe(400);
    expect((await missing.json()).field).toBe("q");
    const many = await search(Array.from({ length: 21 }, (_, i) => `n${i}.web3`).join(" "));
    expect(many.status).toBe(400);
  });
});

describe("crash recovery", () => {
  test("an order left PAID but unregistered is completed by the next start, and registered once", async () => {
    const domain = `crash${randomUUID().slice(0, 6)}.web3`;
    const started = await (await cardPurchase(domain)).json();
    // The payment was recorded, then the process died before registering the name.
    expect(await markOrderPaid(started.orderId)).toBe("PAID");
    expect(await db().domain.count({ where: { name: domain } })).toBe(0);

    const [first, second] = await Promise.all([completePaidOrders(), completePaidOrders()]);
    expect([...first, ...second]).toContain(started.orderId);
    expect(await completePaidOrders()).toEqual([]);
    const order = await (await app.fetch(`/v1/market/order/${started.orderId}`)).json();
    expect(order.orderStatus).toBe("COMPLETED");
    expect(await db().domain.count({ where: { name: domain } })).toBe(1);
    const events = await db().orderEvent.findMany({ where: { orderId: started.orderId } });
    expect(events.filter((e) => e.status === "COMPLETED")).toHaveLength(1);
  });

  test("a name registered by someone else before fulfilment fails the order instead of registering twice", async () => {
    const domain = `stolen${randomUUID().slice(0, 6)}.web3`;
    const started = await (await cardPurchase(domain)).json();
    await markOrderPaid(started.orderId);
    const { registerName } = await import("@/lib/registry/register-name");
    await db().$transaction((tx) => registerName(tx, { name: domain, ownerAddress: ETH_WALLET }));
    await completePaidOrders();
    const order = await (await app.fetch(`/v1/market/order/${started.orderId}`)).json();
    expect(order.orderStatus).toBe("FAILED");
    expect(order.orderStatusReason).toContain("the payment is refunded");
    expect((await db().domain.findUnique({ where: { name: domain } }))?.ownerAddress).toBe(ETH_WALLET);
    // Settlement turns the order's money into a refund (none here: the payment was never taken).
    expect((await db().payment.findUniqueOrThrow({ where: { orderId: started.orderId } })).settlementDue).toBe(true);
  });

  test(
    "a card payment whose name cannot be registered is " + "refunded through the processor, with the refund id",
    async () => {
      const domain = `gone${randomUUID().slice(0, 6)}.web3`;
      const started = await (await cardPurchase(domain)).json();
      // Registered behind the hold's back (a path that skipped the hold), then the buyer pays.
      const { registerName } = await import("@/lib/registry/register-name");
      await db().$transaction((tx) => registerName(tx, { name: domain, ownerAddress: ETH_WALLET }));
      const paid = await app.fetch("/api/test-processor/pay", {
        method: "POST",
        json: { clientSecret: started.processorCheckoutSession, cardNumber: "4242424242424242" },
      });
      expect(await paid.json()).toMatchObject({ status: "succeeded", orderStatus: "REFUNDED" });
      const order = await (await app.fetch(`/v1/market/order/${started.orderId}`)).json();
      expect(order.orderStatus).toBe("REFUNDED");
      const [refund] = await db().refund.findMany({ where: { orderId: started.orderId } });
      expect(refund).toMatchObject({ method: "card", status: "PAID", amountAtomic: "1000", currency: "USD" });
      expect(refund.processorRefundId).toMatch(/^re_test_[0-9a-f]+$/);
      expect(order.orderStatusReason).toBe(
        `Refunded 10 USD to the card (refund ${refund.processorRefundId}). Payment received, but ${domain} ` +
          "was registered by someone else before this order could be fulfilled; the payment is refunded.",
      );
      // The test processor holds the refund too, once.
      const intent = await db().testPaymentIntent.findFirstOrThrow({
        where: { clientSecret: started.processorCheckoutSession },
      });
      expect((intent.metadata as { refunds: { id: string; amount: number }[] }).refunds).toEqual([
        expect.objectContaining({ id: refund.processorRefundId, amount: 1000 }),
      ]);
      expect((await db().domain.findUnique({ where: { name: domain } }))?.ownerAddress).toBe(ETH_WALLET);
    },
  );
});

describe("background jobs", () => {
  test("on start they complete paid orders and expire overdue offers, then stop cleanly", async () => {
    const paidDomain = `boot${randomUUID().slice(0, 6)}.web3`;
    const paid = await (await cardPurchase(paidDomain)).json();
    await markOrderPaid(paid.orderId);
    const overdue = await (await cardPurchase(`late${randomUUID().slice(0, 6)}.web3`)).json();
    await db().order.update({ where: { id: overdue.orderId }, data: { expiresAt: new Date(Date.now() - 1000) } });

    const stop = await startBackgroundJobs();
    try {
      const deadline = Date.now() + 10_000;
      while (
        Date.now() < deadline &&
        (await db().order.findUniqueOrThrow({ where: { id: overdue.orderId } })).orderStatus !== "EXPIRED"
      ) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      await stop();
    }
    expect((await db().order.findUniqueOrThrow({ where: { id: paid.orderId } })).orderStatus).toBe("COMPLETED");
    expect((await db().order.findUniqueOrThrow({ where: { id: overdue.orderId } })).orderStatus).toBe("EXPIRED");
  });
});
