// A partner's row is locked while its access tokens or webhook endpoints are counted against their
// bound (lib/partners/partner-lock.ts). The lock must hold off another counter and nothing else: an
// order naming the partner (a purchase) is written while it is held. PostgreSQL only: PGlite runs
// one transaction at a time, so nothing there can be written beside an open one.
import { randomUUID } from "node:crypto";
import { config } from "@/lib/config";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "@/lib/db";
import { writeOrder } from "@/lib/market/order-rows";
import { createAccessToken } from "@/lib/partners/access-tokens";
import { createPartner } from "@/lib/partners/create-partner";
import { lockPartnerRow } from "@/lib/partners/partner-lock";
import { startTestApp, type TestApp } from "@/tests/support/app";
import { holdOpenTransaction, untilLockWait } from "@/tests/support/lock-waits";
import { newCardOrder } from "@/tests/support/market-fixtures";

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

/** Opens a transaction that takes the partner's lock and keeps it until `release` is called. */
function holdLock(partnerId: string) {
  return holdOpenTransaction((tx) => lockPartnerRow(partnerId, tx));
}

describe.skipIf(!process.env.TEST_DATABASE_URL)("the partner's lock", () => {
  test("an order naming the partner is written while the lock is held", async () => {
    const { partner } = await createPartner(`Lock ${randomUUID().slice(0, 6)}`);
    const lock = holdLock(partner.id);
    await lock.holding;
    try {
      const { order, payment } = newCardOrder(`locked${randomUUID().slice(0, 6)}.web3`, new Date(Date.now() + 60_000));
      const write = writeOrder(db(), { ...order, partnerId: partner.id }, payment, "Awaiting card payment.");
      const outcome = await Promise.race([
        write.then(() => "written"),
        new Promise((resolve) => setTimeout(() => resolve("still waiting after 5 s"), 5_000)),
      ]);
      expect(outcome).toBe("written");
      expect(await db().order.count({ where: { id: order.id, partnerId: partner.id } })).toBe(1);
    } finally {
      lock.release();
      await lock.done;
    }
  });

  test("a second holder waits for the first", async () => {
    const { partner } = await createPartner(`Lock ${randomUUID().slice(0, 6)}`);
    const first = holdLock(partner.id);
    await first.holding;
    const second = holdLock(partner.id);
    let secondHeld = false;
    void second.holding.then(() => (secondHeld = true));
    try {
      await untilLockWait("the second holder never waited", 'from "partner"');
      expect(secondHeld).toBe(false);
    } finally {
      first.release();
      await first.done;
    }
    await second.holding;
    second.release();
    await second.done;
  });

  // The creation is one statement (create_access_token): it must count the tokens that committed
  // while it waited for the row, not those its statement saw when it began.
  test("a token creation waiting for the lock counts the token its holder wrote", async () => {
    const { partner } = await createPartner(`Lock ${randomUUID().slice(0, 6)}`);
    const most = config().ACCESS_TOKENS_PER_PARTNER;
    const hour = 3_600_000;
    const input = (label: string) => ({
      label,
      type: "CUSTOMER" as const,
      validFrom: new Date(),
      validTill: new Date(Date.now() + hour),
    });
    // createPartner made its ADMIN token; fill to one under the bound.
    for (let live = await db().accessToken.count({ where: { partnerId: partner.id } }); live < most - 1; live++)
      await createAccessToken(partner.id, input(`t${live}`));
    const holder = holdOpenTransaction(async (tx) => {
      await lockPartnerRow(partner.id, tx);
      await tx.accessToken.create({
        data: { id: randomUUID(), partnerId: partner.id, hint: "holder", ...input("last") },
      });
    });
    await holder.holding;
    const creation = createAccessToken(partner.id, input("over")).then(
      () => "created",
      (error: { status?: number }) => error.status,
    );
    try {
      await untilLockWait("the creation never waited for the partner's row", "create_access_token");
    } finally {
      holder.release();
      await holder.done;
    }
    expect(await creation).toBe(409);
    expect(await db().accessToken.count({ where: { partnerId: partner.id } })).toBe(most);
  });
});
