// The outbox as a fragment of a built statement (lib/webhooks/outbox.ts, `outbox()`): each source
// row becomes an event with one delivery per receiver of its partner that wants its type, once
// per dedupe key, in the statement's own transaction; a partner without such a receiver gets none.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, test } from "vitest";
import { closeDatabase, db } from "@/lib/db";
import { first, run, sql, sqlBuilder } from "@/lib/db/sql";
import { createPartner } from "@/lib/partners/create-partner";
import { outbox } from "@/lib/webhooks/outbox";
import { openTestDatabase } from "@/tests/support/app";

let drop: () => Promise<void>;
let listening: string;
let endpoints: string[];
let deaf: string;
beforeAll(async () => {
  drop = (await openTestDatabase()).drop;
  listening = (await createPartner("Listening Partner")).partner.id;
  deaf = (await createPartner("Deaf Partner")).partner.id;
  endpoints = [randomUUID(), randomUUID()];
  for (const [index, id] of endpoints.entries())
    await db().webhookEndpoint.create({
      data: {
        id,
        partnerId: listening,
        url: `https://hooks.example/${index}`,
        events: ["refund.owed"],
        secretCipher: "x",
      },
    });
  // Wants another type only: no delivery of refund.owed goes to it.
  await db().webhookEndpoint.create({
    data: {
      id: randomUUID(),
      partnerId: listening,
      url: "https://hooks.example/other",
      events: ["order.paid"],
      secretCipher: "x",
    },
  });
});
afterAll(async () => {
  await closeDatabase();
  await drop();
});

/** One source row reported through the outbox; answers how many events were written. */
const report = (partnerId: string, objectKey: string, dedupeKey: string | null) =>
  sqlBuilder
    .with("outbox", () =>
      outbox(
        sqlBuilder.selectNoFrom([
          sql<string | null>`${partnerId}::uuid`.as("partner_id"),
          sql<string>`'refund.owed'`.as("type"),
          sql<string>`${objectKey}::text`.as("object_key"),
          sql<unknown>`jsonb_build_object('objectKey', ${objectKey}::text)`.as("data"),
          sql<string | null>`${dedupeKey}::text`.as("dedupe_key"),
        ]),
      ),
    )
    .selectFrom("outbox")
    .select(sql<number>`count(event_id)::int`.as("events"));

const eventsOf = (objectKey: string) =>
  run(
    sqlBuilder
      .selectFrom("partner_event as e")
      .leftJoin("webhook_delivery as d", "d.event_id", "e.id")
      .select(["e.partner_id", "e.type", "e.data", "d.endpoint_id", "d.status"])
      .where("e.object_key", "=", objectKey)
      .orderBy("d.endpoint_id"),
  );

test("a wanted event: one pending delivery per receiver that wants it, once per dedupe key", async () => {
  const objectKey = `order:${randomUUID()}`;
  expect(await db().$transaction((tx) => first(report(listening, objectKey, `k:${objectKey}`), tx))).toEqual({
    events: 1,
  });
  const expected = [...endpoints].sort().map((endpoint) => ({
    partner_id: listening,
    type: "refund.owed",
    data: { objectKey },
    endpoint_id: endpoint,
    status: "pending",
  }));
  expect(await eventsOf(objectKey)).toEqual(expected);
  // The same state reported again is the same event: nothing more is written.
  expect(await first(report(listening, objectKey, `k:${objectKey}`))).toEqual({ events: 0 });
  expect(await eventsOf(objectKey)).toEqual(expected);
});

test("nothing for a partner whose receivers do not want the type, nor when the transaction rolls back", async () => {
  const objectKey = `order:${randomUUID()}`;
  expect(await first(report(deaf, objectKey, null))).toEqual({ events: 0 });
  expect(await eventsOf(objectKey)).toEqual([]);
  const failure = new Error("roll back");
  await expect(
    db().$transaction(async (tx) => {
      expect(await first(report(listening, objectKey, null), tx)).toEqual({ events: 1 });
      throw failure;
    }),
  ).rejects.toBe(failure);
  expect(await eventsOf(objectKey)).toEqual([]);
});
