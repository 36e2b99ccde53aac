// Renewals (card and crypto, paid by anyone, through the purchase's order states) and the grace
// period: an expired name stops resolving, stays renewable and unbuyable, then returns to the market.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "@/lib/db";
import { settlePaidOrder } from "@/lib/market/settle-payment";
import { createPartner } from "@/lib/partners/create-partner";
import { startTestApp, type TestApp } from "@/tests/support/app";
import { BTC_WALLET, seedCatalogue } from "@/tests/support/market-fixtures";
import { ethWallet, newAccount, registerOwned, signIn } from "@/tests/support/owner-fixtures";

let app: TestApp;
let partnerToken: string;
let parentName: string;

beforeAll(async () => {
  // Renewals count against their creator's unpaid bound (tests/security/market/unpaid-holds.test.ts);
  // these tests all come from one address.
  app = await startTestApp({ UNPAID_HOLDS_PER_CLIENT: 0 });
  ({ parentName } = await seedCatalogue());
  partnerToken = (await createPartner("Renewal tests")).token.value;
});
afterAll(() => app.close());

const DAY = 86_400_000;
const fresh = (prefix: string) => `${prefix}${randomUUID().slice(0, 8)}.web3`;

function addYears(date: Date, years: number): Date {
  const next = new Date(date);
  next.setUTCFullYear(next.getUTCFullYear() + years);
  return next;
}

const renew = (json: unknown) => app.fetch("/v1/market/renew", { method: "POST", json });
const cryptoRenew = (json: unknown) => app.fetch("/v1/market/crypto/renew", { method: "POST", json });
const pay = (clientSecret: string, cardNumber = "4242424242424242") =>
  app.fetch("/api/test-processor/pay", { method: "POST", json: { clientSecret, cardNumber } });
const order = async (id: string) => (await app.fetch(`/v1/market/order/${id}`)).json();
const resolve = (name: string) => app.fetch(`/v1/resolve/${name}`, { token: partnerToken });
const search = async (name: string) =>
  ((await (await app.fetch(`/v1/market/search?q=${name}`)).json()) as { results: Record<string, unknown>[] })
    .results[0];
const expiryOf = async (name: string) =>
  (await db().domain.findUniqueOrThrow({ where: { name }, select: { expiresAt: true } })).expiresAt!;

describe("card renewal", () => {
  test("anyone pays; the order completes with the new expiry; only the expiry changes", async () => {
    const owner = newAccount();
    const name = fresh("renewcard");
    const expiresAt = new Date(Date.now() + 40 * DAY);
    await registerOwned(name, owner.address, { expiresAt, wallets: [ethWallet(owner.address)] });
    const before = await (await resolve(name)).json();
    const ownerToken = await signIn(app, owner);

    const body = { checkoutId: randomUUID(), domain: name.toUpperCase(), years: 2 };
    const res = await renew(body);
    expect(res.status).toBe(200);
    const started = await res.json();
    expect(started).toMatchObject({
      checkoutId: body.checkoutId,
      processorPublishableKey: "pk_test_builtin_processor",
    });
    const pending = await order(started.orderId);
    expect(pending).toMatchObject({
      domain: name,
      ownerAddress: owner.address,
      orderStatus: "PENDING",
      basePrice: 20,
      price: 20,
      currency: "USD",
      paymentType: "card",
      renewal: { years: 2 },
    });

    // The same checkoutId and body answer the same order; another body is 409.
    expect((await (await renew(body)).json()).orderId).toBe(started.orderId);
    const conflict = await renew({ ...body, years: 3 });
    expect(conflict.status).toBe(409);
    expect(await conflict.json()).toMatchObject({ field: "checkoutId" });

    expect((await pay(started.processorCheckoutSession)).status).toBe(200);
    const completed = await order(started.orderId);
    const renewedUntil = addYears(expiresAt, 2);
    expect(completed).toMatchObject({
      orderStatus: "COMPLETED",
      renewal: { years: 2, nameExpiresAt: renewedUntil.toISOString() },
    });
    expect(completed.orderStatusReason).toContain(renewedUntil.toISOString());
    expect((await expiryOf(name)).toISOString()).toBe(renewedUntil.toISOString());
    expect(await (await resolve(name)).json()).toEqual(before);
    const listed = (await (await app.fetch("/v1/owner/names", { token: ownerToken })).json()) as {
      names: { name: string; expiresAt: string }[];
    };
    expect(listed.names.find((n) => n.name === name)?.expiresAt).toBe(renewedUntil.toISOString());
    const events = await db().orderEvent.findMany({
      where: { orderId: started.orderId },
      orderBy: { createdAt: "asc" },
    });
    expect(events.map((e) => e.status)).toEqual(["PENDING", "PAID", "COMPLETED"]);
  });

  test("two renewals paid one after the other each add their years", async () => {
    const name = fresh("renewtwice");
    const expiresAt = new Date(Date.now() + 10 * DAY);
    await registerOwned(name, newAccount().address, { expiresAt });
    for (const years of [1, 3]) {
      const started = await (await renew({ checkoutId: randomUUID(), domain: name, years })).json();
      await pay(started.processorCheckoutSession);
    }
    expect((await expiryOf(name)).toISOString()).toBe(addYears(expiresAt, 4).toISOString());
  });

  test("a sub-domain renews at its parent's price, counted for the parent's partner", async () => {
    const name = `renewsub${randomUUID().slice(0, 6)}.${parentName}`;
    await registerOwned(name, newAccount().address);
    const started = await (await renew({ checkoutId: randomUUID(), domain: name, years: 3 })).json();
    expect(await order(started.orderId)).toMatchObject({ basePrice: 7.5 });
  });

  test(
    "bad input: unknown name 404, years out of range 400, " + "names that do not expire 400, invalid name 400",
    async () => {
      const never = fresh("never");
      await registerOwned(never, newAccount().address, { expiresAt: null });
      const renewable = fresh("spaced");
      await registerOwned(renewable, newAccount().address);
      const cases: [unknown, number, string][] = [
        [{ checkoutId: randomUUID(), domain: fresh("unknown"), years: 1 }, 404, "domain"],
        [{ checkoutId: randomUUID(), domain: never, years: 11 }, 400, "years"],
        [{ checkoutId: randomUUID(), domain: never, years: 0 }, 400, "years"],
        [{ checkoutId: randomUUID(), domain: never, years: 1 }, 400, "domain"],
        [{ checkoutId: "x", domain: never, years: 1 }, 400, "checkoutId"],
        [{ checkoutId: randomUUID(), domain: "bad\u200dname.web3", years: 1 }, 400, "domain"],
        // Judged as sent, never trimmed, as everywhere in the API.
        [{ checkoutId: randomUUID(), domain: ` ${renewable}`, years: 1 }, 400, "domain"],
        [{ checkoutId: randomUUID(), domain: never, years: 1, ownerAddress: "0x0" }, 400, "body"],
      ];
      for (const [body, status, field] of cases) {
        const res = await renew(body);
        expect(res.status, JSON.stringify(body)).toBe(status);
        expect(((await res.json()) as { field: string }).field).toBe(field);
      }
      expect(await db().order.count({ where: { kind: "RENEWAL", domain: never } })).toBe(0);
    },
  );
});

describe("crypto renewal", () => {
  test("a deposit address and amount; the same checkoutId replays the offer; paid, it completes", async () => {
    const name = fresh("renewcrypto");
    const expiresAt = new Date(Date.now() + 5 * DAY);
    await registerOwned(name, newAccount().address, { expiresAt });
    const body = { checkoutId: randomUUID(), currency: "eth", domain: name, years: 1 };
    const res = await cryptoRenew(body);
    expect(res.status).toBe(200);
    const offer = await res.json();
    expect(offer.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(offer.uri).toMatch(/^ethereum:/);
    expect(offer.paymentDetails).toMatchObject({ currency: "ETH", basePriceUsdCents: 1000 });
    expect(await (await cryptoRenew(body)).json()).toEqual(offer);
    expect((await cryptoRenew({ ...body, currency: "BTC" })).status).toBe(409);
    expect((await cryptoRenew({ ...body, checkoutId: randomUUID(), currency: "DOGE" })).status).toBe(400);

    expect(await order(offer.orderId)).toMatchObject({
      orderStatus: "PENDING",
      paymentType: "crypto",
      currency: "ETH",
    });
    // The chain watcher's report of a full payment ends here.
    expect(await settlePaidOrder(offer.orderId, "Paid in full; registering the name.")).toBe("COMPLETED");
    const done = await order(offer.orderId);
    expect(done.orderStatus).toBe("COMPLETED");
    expect(done.renewal.nameExpiresAt).toBe(addYears(expiresAt, 1).toISOString());
  });

  test("one checkoutId sent five times at once: one order, one answer, no deposit index lost", async () => {
    const name = fresh("renewrace");
    await registerOwned(name, newAccount().address, { expiresAt: new Date(Date.now() + 5 * DAY) });
    const body = { checkoutId: randomUUID(), currency: "ETH", domain: name, years: 1 };
    const answers = await Promise.all(Array.from({ length: 5 }, () => cryptoRenew(body)));
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 200, 200]);
    const offers = await Promise.all(answers.map((res) => res.json()));
    for (const offer of offers) expect(offer).toEqual(offers[0]);
    expect(await db().order.count({ where: { checkoutId: body.checkoutId } })).toBe(1);
    // The offers of the four that lost the insert were made before it: their indexes went back,
    // and the next renewals take them before any new one.
    const given = (await db().payment.findUniqueOrThrow({ where: { id: offers[0].paymentId } })).derivationIndex!;
    const next = await Promise.all(
      [1, 2, 3, 4].map(async () => {
        const other = fresh("renewnext");
        await registerOwned(other, newAccount().address, { expiresAt: new Date(Date.now() + 5 * DAY) });
        const res = await cryptoRenew({ checkoutId: randomUUID(), currency: "ETH", domain: other, years: 1 });
        const { paymentId } = (await res.json()) as { paymentId: string };
        return (await db().payment.findUniqueOrThrow({ where: { id: paymentId } })).derivationIndex!;
      }),
    );
    const taken = [given, ...next].sort((a, b) => a - b);
    expect(taken[taken.length - 1] - taken[0]).toBe(taken.length - 1);
  });
});

describe("grace period", () => {
  test(
    "an expired name does not resolve, " + "is in grace for search and checkout, and is renewed from its old expiry",
    async () => {
      const owner = newAccount();
      const name = fresh("graceful");
      const expiresAt = new Date(Date.now() - 10 * DAY);
      await registerOwned(name, owner.address, { expiresAt, wallets: [ethWallet(owner.address)] });
      expect((await resolve(name)).status).toBe(404);
      expect((await app.fetch(`/v1/reverse/${owner.address}`, { token: partnerToken })).status).toBe(404);

      expect(await search(name)).toMatchObject({
        name,
        available: false,
        reason: "grace",
        expiresAt: expiresAt.toISOString(),
        graceEndsAt: new Date(expiresAt.getTime() + 30 * DAY).toISOString(),
        priceUsdPerYear: 10,
      });
      const buy = await app.fetch("/v1/market/purchase", {
        method: "POST",
        json: { checkoutId: randomUUID(), domain: name, ownerAddress: newAccount().address, years: 1 },
      });
      expect(buy.status).toBe(409);
      expect(((await buy.json()) as { info: string }).info).toMatch(/grace period/);

      const started = await (await renew({ checkoutId: randomUUID(), domain: name, years: 1 })).json();
      await pay(started.processorCheckoutSession);
      expect((await order(started.orderId)).orderStatus).toBe("COMPLETED");
      expect((await expiryOf(name)).toISOString()).toBe(addYears(expiresAt, 1).toISOString());
      expect(((await (await resolve(name)).json()) as { ownerAddress: string }).ownerAddress).toBe(owner.address);
      expect((await search(name)).reason).toBe("taken");
    },
  );

  test("past the grace period the name is for sale again and a purchase registers it anew", async () => {
    const oldOwner = newAccount();
    const name = fresh("released");
    await registerOwned(name, oldOwner.address, {
      expiresAt: new Date(Date.now() - 31 * DAY),
      wallets: [ethWallet(oldOwner.address), { coin: "BTC", version: "NATIVE", coinType: 0, address: BTC_WALLET }],
    });
    const oldToken = await signIn(app, oldOwner);
    expect(await search(name)).toMatchObject({ name, available: true, priceUsdPerYear: 10 });
    const renewal = await renew({ checkoutId: randomUUID(), domain: name, years: 1 });
    expect(renewal.status).toBe(409);

    const buyer = newAccount();
    const started = await (
      await app.fetch("/v1/market/purchase", {
        method: "POST",
        json: { checkoutId: randomUUID(), domain: name, ownerAddress: buyer.address, years: 1 },
      })
    ).json();
    await pay(started.processorCheckoutSession);
    expect((await order(started.orderId)).orderStatus).toBe("COMPLETED");
    const resolved = await (await resolve(name)).json();
    expect(resolved).toMatchObject({ ownerAddress: buyer.address, wallets: [], txtRecords: [], contentHash: "" });
    const oldList = (await (await app.fetch("/v1/owner/names", { token: oldToken })).json()) as { names: unknown[] };
    expect(oldList.names).toEqual([]);
  });

  test(
    "a renewal paid after the grace period ended, " + "or for a registration bought again, fails and is refunded",
    async () => {
      const name = fresh("late");
      await registerOwned(name, newAccount().address, { expiresAt: new Date(Date.now() - 20 * DAY) });
      const started = await (await renew({ checkoutId: randomUUID(), domain: name, years: 1 })).json();
      // The grace period ends before the payment is confirmed.
      await db().domain.update({ where: { name }, data: { expiresAt: new Date(Date.now() - 31 * DAY) } });
      await pay(started.processorCheckoutSession);
      // The card money goes back through the processor at once: the order ends REFUNDED with the refund id.
      const refunded = await order(started.orderId);
      expect(refunded.orderStatus).toBe("REFUNDED");
      expect(refunded.orderStatusReason).toMatch(
        new RegExp(
          String.raw`^Refunded 10(\.00)? USD to the card \(refund \S+\)\. ` +
            ".*grace period .* ended .*: the renewal could not be applied",
        ),
      );

      const rebought = fresh("rebought");
      await registerOwned(rebought, newAccount().address, { expiresAt: new Date(Date.now() - 20 * DAY) });
      const offer = await (
        await cryptoRenew({ checkoutId: randomUUID(), currency: "ETH", domain: rebought, years: 1 })
      ).json();
      // Meanwhile the name is released and bought by someone else (its registration starts anew).
      await db().domain.update({
        where: { name: rebought },
        data: { expiresAt: new Date(Date.now() + 365 * DAY), registeredAt: new Date(Date.now() + 1000) },
      });
      expect(await settlePaidOrder(offer.orderId)).toBe("FAILED");
      expect((await order(offer.orderId)).orderStatusReason).toMatch(
        /registered again .*: the renewal could not be applied/,
      );
    },
  );
});
