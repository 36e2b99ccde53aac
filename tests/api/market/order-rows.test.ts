// The purchase path reads and writes orders, payments and names with SQL of its own; what it
// answers must be exactly what Prisma reads back from the rows, field for field and type for type,
// or the code around it (replays, settlement, fulfilment) would see other values.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "@/lib/db";
import { orderStatusOf, readOrderWithPayment, writeOrder } from "@/lib/market/order-rows";
import { writeOrderHoldingName } from "@/lib/market/reserve-name";
import { registerName } from "@/lib/registry/register-name";
import { startTestApp, type TestApp } from "@/tests/support/app";
import { holdOpenTransaction, untilLockWait } from "@/tests/support/lock-waits";
import { ETH_WALLET, newCardOrder, OWNER, seedCatalogue } from "@/tests/support/market-fixtures";

let app: TestApp;
let shop: Awaited<ReturnType<typeof seedCatalogue>>;

beforeAll(async () => {
  app = await startTestApp();
  shop = await seedCatalogue();
});
afterAll(() => app?.close());

const prismaRead = (id: string) => db().order.findUnique({ where: { id }, include: { payment: true } });

describe("order rows", () => {
  test("a card order written and read back is what Prisma reads", async () => {
    const id = randomUUID();
    const paymentId = randomUUID();
    const checkoutId = randomUUID();
    const written = await db().$transaction((tx) =>
      writeOrder(
        tx,
        {
          id,
          domain: `rows${id.slice(0, 6)}.${shop.parentName}`,
          parentId: null,
          partnerId: shop.partnerId,
          ownerAddress: OWNER,
          externalUserId: randomUUID(),
          walletAddrs: [{ addr: ETH_WALLET, coinId: 60 }],
          years: 2,
          baseCurrency: "USD",
          basePriceCents: 500,
          currency: "USD",
          price: "5.00",
          paymentType: "card",
          paymentReferenceId: paymentId,
          orderStatusReason: "Awaiting card payment.",
          checkoutId,
          requestHash: "hash",
          clientAddress: "127.0.0.1",
          expiresAt: new Date(Date.now() + 60_000),
        },
        {
          id: paymentId,
          orderId: id,
          processor: "test",
          connectedAccountId: null,
          amountDue: "500",
          status: "creating",
        },
        "Awaiting card payment.",
      ),
    );
    const stored = await prismaRead(id);
    expect(stored).not.toBeNull();
    expect(written).toEqual(stored);
    expect(await readOrderWithPayment({ id })).toEqual(stored);
    expect(await readOrderWithPayment({ checkoutId })).toEqual(stored);
    expect(written.createdAt).toBeInstanceOf(Date);
    expect(written.payment?.processorEphemeralKeyExpiresAt).toBeNull();
    expect(await orderStatusOf(id)).toBe("PENDING");
    const events = await db().orderEvent.findMany({ where: { orderId: id } });
    expect(events.map((event) => [event.status, event.reason])).toEqual([["PENDING", "Awaiting card payment."]]);
  });

  test("a crypto renewal keeps its stored answer and every payment field", async () => {
    const id = randomUUID();
    const paymentId = randomUUID();
    const expiresAt = new Date(Date.now() + 900_000);
    const domain = `renew${id.slice(0, 6)}.web3`;
    const nameExpiresAt = new Date("2031-05-06T07:08:09.123Z");
    await db().$transaction((tx) => registerName(tx, { name: domain, ownerAddress: OWNER, expiresAt: nameExpiresAt }));
    await db().$transaction((tx) =>
      writeOrder(
        tx,
        {
          id,
          kind: "RENEWAL",
          domain,
          ownerAddress: OWNER,
          ownerEmail: "buyer@example.com",
          ownerName: "Buyer",
          years: 1,
          baseCurrency: "USD",
          basePriceCents: 1000,
          currency: "BTC",
          price: "0.00012345",
          paymentType: "crypto",
          paymentReferenceId: paymentId,
          orderStatusReason: "Awaiting payment.",
          expiresAt,
          replayResponse: { address: "bcrt1q", amount: 0.00012345, nested: { list: [1, "two"] } },
        },
        {
          id: paymentId,
          orderId: id,
          processor: "bitcoin",
          chain: "bitcoin:regtest",
          depositAddress: "bcrt1qexample",
          derivationIndex: 7,
          tokenContract: null,
          decimals: 8,
          amountDue: "12345",
          status: "pending",
          expiresAt,
        },
        "Awaiting payment.",
      ),
    );
    const stored = await prismaRead(id);
    expect(await readOrderWithPayment({ id })).toEqual(stored);
    expect(stored?.kind).toBe("RENEWAL");
    expect(stored?.payment?.derivationIndex).toBe(7);
    expect(stored?.payment?.expiresAt?.getTime()).toBe(expiresAt.getTime());
  });

  test("a purchase's order is refused for a name registered or in its grace period, and leaves nothing", async () => {
    const DAY = 86_400_000;
    const now = new Date();
    // In a transaction (an unpaid-hold bound is configured) and on its own (none is), alternately.
    let inTransaction = false;
    const purchase = (domain: string) => {
      const { order, payment } = newCardOrder(domain, new Date(now.getTime() + 60_000));
      inTransaction = !inTransaction;
      return inTransaction
        ? db().$transaction((tx) => writeOrderHoldingName(tx, order, payment, "Awaiting card payment.", now))
        : writeOrderHoldingName(db(), order, payment, "Awaiting card payment.", now);
    };
    const registered = async (label: string, expiresAt: Date | null) => {
      const name = `${label}${randomUUID().slice(0, 6)}.web3`;
      await db().$transaction((tx) => registerName(tx, { name, ownerAddress: ETH_WALLET, expiresAt }));
      return name;
    };
    // Registered and active, without an expiry, or expired and in its grace period (30 days): refused.
    for (const name of [
      await registered("active", new Date(now.getTime() + DAY)),
      await registered("forever", null),
      await registered("grace", new Date(now.getTime() - DAY)),
    ]) {
      await expect(purchase(name), name).rejects.toMatchObject({
        status: 409,
        message: expect.stringContaining("is not available"),
      });
      expect(await db().order.count({ where: { domain: name } })).toBe(0);
      expect(await db().nameReservation.count({ where: { domain: name } })).toBe(0);
    }
    // Past its grace period it is back on the market; a name never registered is free.
    for (const name of [
      await registered("released", new Date(now.getTime() - 31 * DAY)),
      `free${randomUUID().slice(0, 6)}.web3`,
    ]) {
      const order = await purchase(name);
      expect(order.domain).toBe(name);
      expect(await db().nameReservation.findUnique({ where: { domain: name } })).toMatchObject({ orderId: order.id });
    }
  });

  test("a hold left by an offer that ran out unpaid is taken over, with and without a transaction", async () => {
    const name = `takeover${randomUUID().slice(0, 6)}.web3`;
    const now = new Date();
    const write = (q: Parameters<typeof writeOrderHoldingName>[0], expiresAt: Date) => {
      const { order, payment } = newCardOrder(name, expiresAt);
      return writeOrderHoldingName(q, order, payment, "Awaiting card payment.");
    };
    let previous = await write(db(), now);
    for (const inTransaction of [false, true]) {
      const later = new Date(Date.now() + 60_000);
      const taken = inTransaction ? await db().$transaction((tx) => write(tx, later)) : await write(db(), later);
      expect(await orderStatusOf(previous.id)).toBe("EXPIRED");
      expect(await db().nameReservation.findUnique({ where: { domain: name } })).toMatchObject({ orderId: taken.id });
      // A live hold is not taken over.
      await expect(write(db(), later)).rejects.toMatchObject({ status: 409 });
      await expect(db().$transaction((tx) => write(tx, later))).rejects.toMatchObject({ status: 409 });
      await db().order.update({ where: { id: taken.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
      previous = taken;
    }
  });

  // Registration releases the name's hold in its own transaction. A purchase whose hold insert
  // waited for that commit must see the registration, though its statement began before it.
  test.skipIf(!process.env.TEST_DATABASE_URL)(
    "a purchase waiting on a registration's commit is refused once it commits, and leaves nothing",
    async () => {
      const name = `racing${randomUUID().slice(0, 6)}.web3`;
      await db().nameReservation.create({ data: { domain: name, orderId: randomUUID() } });
      const registration = holdOpenTransaction(async (tx) => {
        await tx.nameReservation.deleteMany({ where: { domain: name } });
        await registerName(tx, { name, ownerAddress: ETH_WALLET, expiresAt: new Date(Date.now() + 86_400_000) });
      });
      await registration.holding;
      const { order, payment } = newCardOrder(name, new Date(Date.now() + 60_000));
      const purchase = writeOrderHoldingName(db(), order, payment, "Awaiting card payment.");
      purchase.catch(() => {});
      // The purchase's statement waits for the registration's lock on the hold it deleted.
      await untilLockWait("the purchase never waited for the registration");
      registration.release();
      await registration.done;
      await expect(purchase).rejects.toMatchObject({ status: 409 });
      expect(await db().order.count({ where: { domain: name } })).toBe(0);
      expect(await db().nameReservation.count({ where: { domain: name } })).toBe(0);
    },
  );

  test("an unknown order reads as nothing", async () => {
    expect(await readOrderWithPayment({ id: randomUUID() })).toBeNull();
    expect(await readOrderWithPayment({ checkoutId: randomUUID() })).toBeNull();
    expect(await orderStatusOf(randomUUID())).toBeNull();
  });
});

describe("registerName", () => {
  test("a sub-domain's row, wallets and the parent's counts are written in one go", async () => {
    const name = `sub${randomUUID().slice(0, 6)}.${shop.parentName}`;
    const parentBefore = await db().domain.findUniqueOrThrow({ where: { name: shop.parentName } });
    const createdAt = new Date();
    const registered = await db().$transaction((tx) =>
      registerName(tx, {
        name,
        ownerAddress: OWNER,
        wallets: [
          { coin: "ETH", version: "NATIVE", coinType: 60, address: ETH_WALLET },
          { coin: "BTC", version: "NATIVE", coinType: 0, address: "bc1qexample" },
        ],
        createdAt,
      }),
    );
    const row = await db().domain.findUniqueOrThrow({ where: { name }, include: { wallets: true } });
    expect(registered).toEqual({ id: row.id, name, ownerAddress: OWNER, createdAt });
    expect(row.parentId).toBe(parentBefore.id);
    expect(row.partnerId).toBe(shop.partnerId);
    expect(row.ownerKey).toBe(OWNER.toLowerCase());
    expect(row.label).toBe(name.split(".")[0]);
    expect(row.tld).toBe("web3");
    expect(row.wallets.map((w) => [w.coin, w.coinType, w.address]).sort()).toEqual([
      ["BTC", 0n, "bc1qexample"],
      ["ETH", 60n, ETH_WALLET],
    ]);
    const parentAfter = await db().domain.findUniqueOrThrow({ where: { name: shop.parentName } });
    expect(parentAfter.subdomainCount).toBe(parentBefore.subdomainCount + 1);
    const day = await db().subdomainDailyCount.findFirst({
      where: { parentId: parentBefore.id, day: new Date(createdAt.toISOString().slice(0, 10)) },
    });
    expect(day?.count).toBeGreaterThanOrEqual(1);

    // The same name again is a conflict, and writes nothing.
    await expect(db().$transaction((tx) => registerName(tx, { name, ownerAddress: ETH_WALLET }))).rejects.toMatchObject(
      { status: 409 },
    );
    const again = await db().domain.findUniqueOrThrow({ where: { name: shop.parentName } });
    expect(again.subdomainCount).toBe(parentAfter.subdomainCount);
    expect((await db().domain.findUniqueOrThrow({ where: { name } })).ownerAddress).toBe(OWNER);
  });
});
