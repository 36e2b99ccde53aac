// An order's move is one statement that also tells every instance to drop the order's cached
// reads: the message goes out when the move commits, never for a move rolled back, and a move
// made on its own (outside a transaction) publishes as well. A registration's statement does the
// same for the name, its owner's and wallets' reverse lookups and its parent's listings.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { database, db } from "@/lib/db";
import { INVALIDATION_CHANNEL } from "@/lib/db/invalidation";
import { writeOrder } from "@/lib/market/order-rows";
import { onItsOwn, transitionOrder } from "@/lib/market/order-state";
import { registerName } from "@/lib/registry/register-name";
import { startTestApp, type TestApp } from "@/tests/support/app";
import { ETH_WALLET, newCardOrder, OWNER, seedCatalogue } from "@/tests/support/market-fixtures";

let app: TestApp;
let parentName: string;
const heard: string[] = [];
let stopListening: () => Promise<void>;

beforeAll(async () => {
  app = await startTestApp();
  ({ parentName } = await seedCatalogue());
  stopListening = await database().listen(INVALIDATION_CHANNEL, (payload) => heard.push(payload));
});
afterAll(async () => {
  await stopListening?.();
  await app?.close();
});

async function pendingOrder(holding: boolean): Promise<string> {
  const domain = `moves${randomUUID().slice(0, 8)}.web3`;
  const { order, payment } = newCardOrder(domain, new Date(Date.now() + 60_000));
  await db().$transaction(async (tx) => {
    await writeOrder(tx, order, payment, "Awaiting card payment.");
    if (holding) await tx.nameReservation.create({ data: { domain, orderId: order.id } });
  });
  return order.id;
}

/** Everything published up to now: a marker sent last arrives after all of it. */
async function publishedSoFar(): Promise<string[]> {
  const marker = `sync:${randomUUID()}`;
  await database().query("SELECT pg_notify($1, $2)", [INVALIDATION_CHANNEL, marker]);
  const deadline = Date.now() + 5000;
  while (!heard.includes(marker)) {
    if (Date.now() > deadline) throw new Error("the marker notification never arrived");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return heard.splice(0, heard.length).filter((message) => message !== marker);
}

const status = async (id: string) =>
  (await db().order.findUniqueOrThrow({ where: { id }, select: { orderStatus: true } })).orderStatus;

describe("an order's move", () => {
  test("publishes the order's invalidation at commit, and nothing when rolled back", async () => {
    const id = await pendingOrder(true);
    await publishedSoFar();

    await expect(
      db().$transaction(async (tx) => {
        expect(await transitionOrder(tx, { orderId: id, to: "PAID", reason: "Paid." })).toBe(true);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await status(id)).toBe("PENDING");
    expect(await publishedSoFar()).toEqual([]);

    await db().$transaction((tx) => transitionOrder(tx, { orderId: id, to: "PAID", reason: "Paid." }));
    expect(await status(id)).toBe("PAID");
    expect(await publishedSoFar()).toEqual([`order:${id}`]);

    // A second delivery of the same news moves nothing and publishes nothing.
    expect(await transitionOrder(onItsOwn, { orderId: id, to: "PAID", from: ["PENDING"], reason: "Paid." })).toBe(
      false,
    );
    expect(await publishedSoFar()).toEqual([]);
  });

  test("on its own: committed and published at once; whileHolding needs the order's hold", async () => {
    const unheld = await pendingOrder(false);
    const held = await pendingOrder(true);
    await publishedSoFar();
    const paidAt = new Date();
    const paid = (orderId: string) =>
      transitionOrder(onItsOwn, {
        orderId,
        to: "PAID",
        from: ["PENDING"],
        reason: "Paid.",
        data: { paidAt },
        whileHolding: true,
      });

    expect(await paid(unheld)).toBe(false);
    expect(await status(unheld)).toBe("PENDING");
    expect(await paid(held)).toBe(true);
    expect(await status(held)).toBe("PAID");
    expect(await publishedSoFar()).toEqual([`order:${held}`]);
    const events = await db().orderEvent.findMany({ where: { orderId: held }, orderBy: { createdAt: "asc" } });
    expect(events.map((event) => event.status)).toEqual(["PENDING", "PAID"]);
    // PAID keeps the hold; the order's paidAt is set.
    expect(await db().nameReservation.count({ where: { orderId: held } })).toBe(1);
    expect((await db().order.findUniqueOrThrow({ where: { id: held } })).paidAt).toEqual(paidAt);
    expect((await db().order.findUniqueOrThrow({ where: { id: unheld } })).paidAt).toBeNull();
  });
});

describe("a registration", () => {
  test("publishes its name, owner, wallets and parent at commit; nothing when rolled back or refused", async () => {
    const name = `reg${randomUUID().slice(0, 6)}.${parentName}`;
    const input = {
      name,
      ownerAddress: OWNER,
      wallets: [{ coin: "ETH", version: "NATIVE", coinType: 60, address: ETH_WALLET }],
    };
    await publishedSoFar();

    await expect(
      db().$transaction(async (tx) => {
        await registerName(tx, input);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await db().domain.count({ where: { name } })).toBe(0);
    expect(await publishedSoFar()).toEqual([]);

    await db().$transaction((tx) => registerName(tx, input));
    expect((await publishedSoFar()).sort()).toEqual(
      [
        `name:${name}`,
        `address:${OWNER.toLowerCase()}`,
        `address:${ETH_WALLET.toLowerCase()}`,
        `name:${parentName}`,
      ].sort(),
    );

    // The same name again is refused, and tells nothing.
    await expect(db().$transaction((tx) => registerName(tx, input))).rejects.toMatchObject({ status: 409 });
    expect(await publishedSoFar()).toEqual([]);
  });
});
