import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { db } from "@/lib/db";
import { deliverDueWebhooks } from "@/lib/webhooks/deliver";
import { recordEvent } from "@/lib/webhooks/outbox";
import { servedByNext, startTestApp, type TestApp } from "@/tests/support/app";
import { seedCatalogue } from "@/tests/support/market-fixtures";

// Issue 32: events of one object reach the receiver in the order their changes committed. On
// PostgreSQL two transactions can write events of the same order under different locks (a refund
// under the payment's, a move under the order's), so the one that wrote first can commit last; its
// event must then come second, whenever the deliverer runs. PGlite runs one transaction at a time
// on its single connection, so this order holds there by construction and two open transactions
// cannot be interleaved: these tests run on PostgreSQL only.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL) && !servedByNext;

let app: TestApp;
let partnerId: string;
let receiver: Server;
const received: { type: string; objectKey: string; step: unknown }[] = [];

beforeAll(async () => {
  if (!onPostgres) return;
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as {
        type: string;
        data: Record<string, unknown>;
      };
      received.push({ type: body.type, objectKey: String(body.data.objectKey), step: body.data.step });
      response.end("ok");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  app = await startTestApp({ WEBHOOKS_ALLOW_PRIVATE_URLS: true });
  const catalogue = await seedCatalogue();
  partnerId = catalogue.partnerId;
  const res = await app.fetch("/v1/partner/webhooks", {
    method: "POST",
    token: catalogue.adminToken,
    json: {
      url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`,
      events: ["order.paid", "refund.owed"],
    },
  });
  expect(res.status).toBe(201);
});
afterAll(async () => {
  await app?.close();
  if (receiver) await new Promise((resolve) => receiver.close(resolve));
});
beforeEach(() => {
  received.length = 0;
});

async function drain(): Promise<void> {
  for (let pass = 0; pass < 20; pass++) if ((await deliverDueWebhooks()) === 0) return;
}

/** A gate a transaction waits at until the test opens it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

/** One transaction that writes these events, then waits for `commit` before it commits. */
function transactionWriting(
  events: { type: "order.paid" | "refund.owed"; objectKey: string; step: string }[],
  commit: Promise<void>,
) {
  const written = gate();
  const done = db().$transaction(
    async (tx) => {
      for (const event of events)
        await recordEvent(tx, partnerId, event.type, event.objectKey, { objectKey: event.objectKey, step: event.step });
      written.open();
      await commit;
    },
    { timeout: 20_000 },
  );
  return { written: written.opened, done };
}

const seqsOf = async (objectKey: string) =>
  (await db().partnerEvent.findMany({ where: { objectKey }, orderBy: { seq: "asc" } })).map((event) => ({
    step: (event.data as { step: string }).step,
    seq: event.seq,
  }));

/**
 * "early" writes an event of `objectKey` and holds its transaction open; "late" writes one of the
 * same object after it and commits first; then "early" commits (`between` runs between the commits).
 */
async function writtenFirstCommittedLast(objectKey: string, between?: () => Promise<void>) {
  const firstCommit = gate();
  const lastCommit = gate();
  const early = transactionWriting([{ type: "refund.owed", objectKey, step: "early" }], lastCommit.opened);
  await early.written;
  const late = transactionWriting([{ type: "order.paid", objectKey, step: "late" }], firstCommit.opened);
  await late.written;
  firstCommit.open();
  await late.done;
  await between?.();
  lastCommit.open();
  await early.done;
}

describe.runIf(onPostgres)("one object's events in commit order (PostgreSQL)", () => {
  test("the transaction that wrote first but committed last is numbered and delivered last", async () => {
    const objectKey = `order:${randomUUID()}`;
    await writtenFirstCommittedLast(objectKey);

    // Numbered in commit order, the deliveries with their events.
    const events = await seqsOf(objectKey);
    expect(events.map((event) => event.step)).toEqual(["late", "early"]);
    const deliveries = await db().webhookDelivery.findMany({ where: { objectKey }, orderBy: { seq: "asc" } });
    expect(deliveries.map((delivery) => delivery.seq)).toEqual(events.map((event) => event.seq));

    // The deliverer, running after both committed, sends them in that order.
    await drain();
    expect(received.filter((event) => event.objectKey === objectKey).map((event) => event.step)).toEqual([
      "late",
      "early",
    ]);
  });

  test("a delivery pass between the two commits sends the first commit's event, then the second's", async () => {
    const objectKey = `subname:${randomUUID()}`;
    await writtenFirstCommittedLast(objectKey, drain);
    await drain();
    expect(received.filter((event) => event.objectKey === objectKey).map((event) => event.step)).toEqual([
      "late",
      "early",
    ]);
    expect((await seqsOf(objectKey)).map((event) => event.step)).toEqual(["late", "early"]);
  });

  test("two transactions writing events of the same two objects in opposite orders both commit", async () => {
    const first = `order:${randomUUID()}`;
    const second = `order:${randomUUID()}`;
    const commit = gate();
    const forwards = transactionWriting(
      [
        { type: "order.paid", objectKey: first, step: "forwards" },
        { type: "order.paid", objectKey: second, step: "forwards" },
      ],
      commit.opened,
    );
    const backwards = transactionWriting(
      [
        { type: "order.paid", objectKey: second, step: "backwards" },
        { type: "order.paid", objectKey: first, step: "backwards" },
      ],
      commit.opened,
    );
    await Promise.all([forwards.written, backwards.written]);
    commit.open();
    // Locks taken in one global order at commit: no deadlock, so neither is cancelled.
    const outcomes = await Promise.allSettled([forwards.done, backwards.done]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(["fulfilled", "fulfilled"]);
    // Whichever committed first is first on both objects.
    const onFirst = (await seqsOf(first)).map((event) => event.step);
    const onSecond = (await seqsOf(second)).map((event) => event.step);
    expect(onFirst).toHaveLength(2);
    expect(onSecond).toEqual(onFirst);
  });

  test("an event written and rolled back is never numbered or delivered", async () => {
    const objectKey = `order:${randomUUID()}`;
    await expect(
      db().$transaction(async (tx) => {
        await recordEvent(tx, partnerId, "order.paid", objectKey, { objectKey, step: "rolled back" });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    await db().$transaction((tx) => recordEvent(tx, partnerId, "order.paid", objectKey, { objectKey, step: "kept" }));
    await drain();
    expect(received.filter((event) => event.objectKey === objectKey).map((event) => event.step)).toEqual(["kept"]);
    expect(await seqsOf(objectKey)).toHaveLength(1);
  });
});

// The numbering at commit runs on PGlite as on PostgreSQL: one transaction's events keep the order
// it wrote them in, and its deliveries carry its events' numbers.
test.skipIf(onPostgres)(
  "one transaction's events keep their written order and are numbered at its commit",
  async () => {
    const local = await startTestApp({ WEBHOOKS_ALLOW_PRIVATE_URLS: true });
    try {
      const catalogue = await seedCatalogue();
      const res = await local.fetch("/v1/partner/webhooks", {
        method: "POST",
        token: catalogue.adminToken,
        json: { url: "http://127.0.0.1:9/hooks", events: ["order.paid", "refund.owed"] },
      });
      expect(res.status).toBe(201);
      const objectKey = `order:${randomUUID()}`;
      await db().$transaction(async (tx) => {
        for (const step of ["one", "two", "three"])
          await recordEvent(tx, catalogue.partnerId, "order.paid", objectKey, { objectKey, step });
        // A number given out while the transaction is open (on PostgreSQL, another writer's).
        await tx.$queryRawUnsafe(`SELECT nextval('partner_event_seq_seq')::text`);
      });
      const events = await seqsOf(objectKey);
      expect(events.map((event) => event.step)).toEqual(["one", "two", "three"]);
      const deliveries = await db().webhookDelivery.findMany({ where: { objectKey }, orderBy: { seq: "asc" } });
      expect(deliveries.map((delivery) => delivery.seq)).toEqual(events.map((event) => event.seq));
      // Numbered again at commit: above every number given out before the transaction ended.
      const latest = await db().$queryRawUnsafe<{ last_value: bigint }[]>(
        `SELECT last_value FROM partner_event_seq_seq`,
      );
      expect(events.at(-1)!.seq).toBe(latest[0]!.last_value);
    } finally {
      await local.close();
    }
  },
);
