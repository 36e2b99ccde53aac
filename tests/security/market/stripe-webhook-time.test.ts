// Issue 33, item 4: a Stripe webhook is taken only when its signed timestamp is within 5 minutes of
// this server's clock, in either direction. Stripe's library bounds only the past; a signature
// made for a time ahead (by whoever got hold of the signing secret once) would stay usable until
// then. The events are signed here as Stripe signs them and sent over HTTP.
import { createHmac, randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, test } from "vitest";
import { db } from "@/lib/db";
import { startTestApp, type TestApp } from "@/tests/support/app";

const SECRET = "whsec_time_test";
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({
    STRIPE_SECRET_KEY: "sk_test_local",
    STRIPE_PUBLISHABLE_KEY: "pk_test_local",
    STRIPE_WEBHOOK_SECRET: SECRET,
    STRIPE_API_BASE: "http://127.0.0.1:9",
  });
});
afterAll(() => app?.close());

const sign = (body: string, t: number) => `v1=${createHmac("sha256", SECRET).update(`${t}.${body}`).digest("hex")}`;

async function deliver(offsetSeconds: number, header?: (body: string, t: number) => string) {
  const id = `evt_${randomUUID().replace(/-/g, "")}`;
  // An event type the service only acknowledges: nothing but the id is recorded.
  const body = JSON.stringify({ id, object: "event", type: "customer.created", data: { object: {} } });
  const t = Math.floor(Date.now() / 1000) + offsetSeconds;
  const res = await app.fetch("/api/webhooks/stripe", {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": header?.(body, t) ?? `t=${t},${sign(body, t)}` },
    body,
  });
  const recorded = (await db().webhookEvent.count({ where: { id } })) === 1;
  return { status: res.status, body: (await res.json()) as unknown, recorded };
}

test("a timestamp within 5 minutes either way is taken", async () => {
  for (const offset of [0, -240, 240]) {
    const answer = await deliver(offset);
    expect(answer.status, String(offset)).toBe(200);
    expect(answer.recorded).toBe(true);
  }
});

test.each([600, 3600, 86_400 * 30, -600])("a timestamp %i s from now is a 400; nothing is recorded", async (offset) => {
  const answer = await deliver(offset);
  expect(answer.status).toBe(400);
  expect(answer.body).toEqual({ field: "Stripe-Signature", info: expect.any(String) });
  expect(answer.recorded).toBe(false);
});

test("a second, future t= behind a current one does not pass (Stripe's library reads the last)", async () => {
  const answer = await deliver(0, (body, t) => `t=${t},t=${t + 3600},${sign(body, t + 3600)}`);
  expect(answer.status).toBe(400);
  expect(answer.recorded).toBe(false);
});
