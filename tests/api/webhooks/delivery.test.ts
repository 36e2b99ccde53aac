import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { database, db } from "@/lib/db";
import { deliverDueWebhooks, retryDelayMs } from "@/lib/webhooks/deliver";
import { recordExpiredParents, recordExpiringSubnames } from "@/lib/webhooks/expiring";
import { startTestApp, type TestApp } from "@/tests/support/app";
import { OWNER, seedCatalogue } from "@/tests/support/market-fixtures";
import { newAccount, signIn } from "@/tests/support/owner-fixtures";

// Issue 32, item 1: the outbox is written with the change, deliveries are signed as Stripe signs,
// carry one id per event, arrive in order per object, are retried with backoff, survive a process
// that died holding them, and a receiver failing for 3 days is disabled. The receiver here is on
// loopback, so these run with WEBHOOKS_ALLOW_PRIVATE_URLS=1 (tests/security/webhooks/receivers.test.ts
// checks that it is refused without).

interface Received {
  body: string;
  signature: string;
  eventId: string;
  type: string;
}

let app: TestApp;
let admin: string;
let parent: string;
let receiver: Server;
let receiverUrl: string;
const received: Received[] = [];
/** Statuses the receiver answers with next, in order; 200 once empty. */
let answers: number[] = [];

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({
        body: Buffer.concat(chunks).toString("utf8"),
        signature: String(request.headers["namesvc-signature"] ?? ""),
        eventId: String(request.headers["namesvc-event-id"] ?? ""),
        type: String(request.headers["namesvc-event-type"] ?? ""),
      });
      response.statusCode = answers.shift() ?? 200;
      response.end("ok");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  app = await startTestApp({ WEBHOOKS_ALLOW_PRIVATE_URLS: true });
  ({ adminToken: admin, parentName: parent } = await seedCatalogue());
});
afterAll(async () => {
  await app?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});
beforeEach(async () => {
  received.length = 0;
  answers = [];
  // Each test starts with its own receivers.
  for (const endpoint of (await (await app.fetch("/v1/partner/webhooks", { token: admin })).json()) as { id: string }[])
    await app.fetch("/v1/partner/webhooks", { method: "DELETE", token: admin, json: { id: endpoint.id } });
});

async function register(events = ["subname.created", "subname.revoked"]) {
  const res = await app.fetch("/v1/partner/webhooks", {
    method: "POST",
    token: admin,
    json: { url: receiverUrl, events },
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string; secret: string; url: string; events: string[] };
}

const issue = (label: string) =>
  app.fetch(`/v1/parentdomains/${parent}/subdomains`, {
    method: "POST",
    token: admin,
    json: { label, ownerAddress: OWNER },
  });
const revoke = (label: string) =>
  app.fetch(`/v1/parentdomains/${parent}/subdomains/${label}`, { method: "DELETE", token: admin });
const deliveries = async (id: string) =>
  (
    (await (await app.fetch(`/v1/partner/webhooks/${id}/deliveries`, { token: admin })).json()) as {
      deliveries: { id: string; eventId: string; status: string; attempts: number; lastStatusCode: number | null }[];
    }
  ).deliveries;

/** What a receiver does: recompute the signature over "t.body" with its secret. */
function verify(secret: string, delivery: Received): boolean {
  const parts = Object.fromEntries(delivery.signature.split(",").map((part) => part.split("=", 2)));
  const expected = createHmac("sha256", secret).update(`${parts.t}.${delivery.body}`).digest();
  const given = Buffer.from(parts.v1 ?? "", "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

describe("registering a receiver", () => {
  test("the secret is shown once; listings never show it", async () => {
    const created = await register();
    expect(created.secret).toMatch(/^whsec_[\w-]{32}$/);
    const listed = (await (await app.fetch("/v1/partner/webhooks", { token: admin })).json()) as object[];
    expect(listed).toEqual([
      {
        id: created.id,
        url: receiverUrl,
        events: created.events,
        createdAt: expect.any(String),
        disabledAt: null,
        disabledReason: null,
      },
    ]);
    expect(JSON.stringify(listed)).not.toContain(created.secret);
    const row = await db().webhookEndpoint.findUniqueOrThrow({ where: { id: created.id } });
    expect(row.secretCipher).not.toContain(created.secret.slice(6));
  });

  test("unknown event types and bad URLs are 400 naming the field", async () => {
    const bad = await app.fetch("/v1/partner/webhooks", {
      method: "POST",
      token: admin,
      json: { url: receiverUrl, events: ["order.eaten"] },
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors[0].field).toBe("events.0");
    const notUrl = await app.fetch("/v1/partner/webhooks", {
      method: "POST",
      token: admin,
      json: { url: "ftp://x", events: ["subname.created"] },
    });
    expect((await notUrl.json()).errors[0]).toEqual({ field: "url", info: "url must be https." });
  });
});

describe("delivering the outbox", () => {
  test("signed, one id per event, in order per sub-name; a change that fails writes no event", async () => {
    const { id, secret } = await register();
    expect((await issue("hooked")).status).toBe(201);
    expect((await revoke("hooked")).status).toBe(200);
    expect((await issue("hooked")).status).toBe(201);
    const eventsBefore = await db().partnerEvent.count();
    expect((await issue("hooked")).status).toBe(409);
    expect(await db().partnerEvent.count()).toBe(eventsBefore);

    // One delivery at a time per object: three passes for three events of one name.
    for (let pass = 0; pass < 3; pass++) await deliverDueWebhooks();
    expect(received.map((r) => r.type)).toEqual(["subname.created", "subname.revoked", "subname.created"]);
    for (const delivery of received) {
      expect(verify(secret, delivery)).toBe(true);
      expect(verify("whsec_wrong", delivery)).toBe(false);
      const body = JSON.parse(delivery.body);
      expect(body).toMatchObject({ id: delivery.eventId, type: delivery.type, data: { name: `hooked.${parent}` } });
      expect(Math.abs(Number(/t=(\d+)/.exec(delivery.signature)![1]) - Date.now() / 1000)).toBeLessThan(60);
    }
    expect(new Set(received.map((r) => r.eventId)).size).toBe(3);
    const log = await deliveries(id);
    expect(log.map((d) => [d.status, d.attempts, d.lastStatusCode])).toEqual([
      ["delivered", 1, 200],
      ["delivered", 1, 200],
      ["delivered", 1, 200],
    ]);
  });

  test("a non-2xx answer is retried with backoff, and holds back the object's later events", async () => {
    const { id } = await register();
    answers = [500];
    await issue("retried");
    await revoke("retried");
    await deliverDueWebhooks();
    expect(received.map((r) => r.type)).toEqual(["subname.created"]);
    const [pendingRow] = await database().query<{ next_attempt_at: Date; attempts: number; last_status_code: number }>(
      `SELECT next_attempt_at, attempts, last_status_code FROM webhook_delivery
        WHERE endpoint_id = $1::uuid AND status = 'pending' ORDER BY seq LIMIT 1`,
      [id],
    );
    expect(pendingRow).toMatchObject({ attempts: 1, last_status_code: 500 });
    expect(new Date(pendingRow.next_attempt_at).getTime() - Date.now()).toBeGreaterThan(retryDelayMs(1) - 5_000);

    // Not due yet: nothing is sent, and the revocation waits behind the creation.
    await deliverDueWebhooks();
    expect(received).toHaveLength(1);
    const later = () => new Date(Date.now() + retryDelayMs(1) + 1_000);
    await deliverDueWebhooks(later);
    await deliverDueWebhooks(later);
    expect(received.map((r) => r.type)).toEqual(["subname.created", "subname.created", "subname.revoked"]);
    expect(received[0].eventId).toBe(received[1].eventId);
    expect(retryDelayMs(2)).toBe(2 * retryDelayMs(1));
    expect(retryDelayMs(40)).toBe(6 * 3600_000);
  });

  test("a delivery claimed by a process that died is delivered once its lease ends", async () => {
    await register();
    await issue("crashed");
    // What a claim leaves behind when its process is killed before the POST answers (a real
    // process killed mid-delivery: tests/integration/faults/webhook-restart.test.ts).
    await database().query(
      `UPDATE webhook_delivery SET next_attempt_at = now() + interval '30 seconds' WHERE status = 'pending'`,
    );
    await deliverDueWebhooks();
    expect(received).toHaveLength(0);
    await deliverDueWebhooks(() => new Date(Date.now() + 31_000));
    expect(received.map((r) => r.type)).toEqual(["subname.created"]);
    await deliverDueWebhooks(() => new Date(Date.now() + 120_000));
    expect(received).toHaveLength(1);
  });

  test("after 3 days of failures the delivery fails and the endpoint is disabled, as its listing says", async () => {
    const { id } = await register();
    await issue("doomed");
    answers = [503];
    await database().query(
      `UPDATE webhook_delivery SET created_at = now() - interval '3 days 1 minute' WHERE endpoint_id = $1::uuid`,
      [id],
    );
    await deliverDueWebhooks();
    expect(received).toHaveLength(1);
    const [endpoint] = (await (await app.fetch("/v1/partner/webhooks", { token: admin })).json()) as {
      disabledAt: string | null;
      disabledReason: string | null;
    }[];
    expect(endpoint.disabledAt).not.toBeNull();
    expect(endpoint.disabledReason).toContain("failed for 3 days");
    expect((await deliveries(id))[0]).toMatchObject({ status: "failed", attempts: 1, lastStatusCode: 503 });
    // Nothing more goes to a disabled endpoint.
    await issue("doomed2");
    await deliverDueWebhooks();
    expect(received).toHaveLength(1);
  });

  test("redeliver one delivery (same event id) and send a test event", async () => {
    const { id, secret } = await register();
    await issue("again");
    await deliverDueWebhooks();
    const [first] = await deliveries(id);
    const redelivered = await app.fetch(`/v1/partner/webhooks/${id}/deliveries/${first.id}/redeliver`, {
      method: "POST",
      token: admin,
    });
    expect(redelivered.status).toBe(202);
    expect(await redelivered.json()).toMatchObject({ id: first.id, eventId: first.eventId, status: "pending" });
    await deliverDueWebhooks();
    expect(received.map((r) => r.eventId)).toEqual([first.eventId, first.eventId]);

    const tested = await app.fetch(`/v1/partner/webhooks/${id}/test`, { method: "POST", token: admin });
    expect(tested.status).toBe(202);
    await deliverDueWebhooks();
    const last = received[received.length - 1];
    expect(last.type).toBe("webhook.test");
    expect(verify(secret, last)).toBe(true);
  });

  test("an owner's transfer and record edit of a sub-name are events of the parent's partner, in order", async () => {
    const { secret } = await register(["subname.transferred", "subname.records_updated"]);
    const owner = newAccount();
    const issued = await app.fetch(`/v1/parentdomains/${parent}/subdomains`, {
      method: "POST",
      token: admin,
      json: { label: "owned", ownerAddress: owner.address },
    });
    expect(issued.status).toBe(201);
    const session = await signIn(app, owner);
    const name = `owned.${parent}`;
    const edited = await app.fetch(`/v1/owner/names/${name}/records`, {
      method: "PUT",
      token: session,
      json: { txtRecords: [{ key: "url", value: "https://example.com" }] },
    });
    expect(edited.status).toBe(200);
    const moved = await app.fetch(`/v1/owner/names/${name}/owner`, {
      method: "PUT",
      token: session,
      json: { ownerAddress: OWNER },
    });
    expect(moved.status).toBe(200);
    await deliverDueWebhooks();
    await deliverDueWebhooks();
    expect(received.map((r) => r.type)).toEqual(["subname.records_updated", "subname.transferred"]);
    expect(JSON.parse(received[1].body).data).toEqual({ name, parentDomain: parent, ownerAddress: OWNER });
    expect(received.every((r) => verify(secret, r))).toBe(true);
  });

  test("subname.expiring: once 30 days before and once 7 days before; a renewal starts anew", async () => {
    await register(["subname.expiring"]);
    await issue("ageing");
    const DAY = 86_400_000;
    const expiresAt = new Date(Date.now() + 20 * DAY);
    await db().domain.update({ where: { name: `ageing.${parent}` }, data: { expiresAt } });
    const queued = async (at: Date) => {
      await recordExpiringSubnames(at);
      await deliverDueWebhooks(() => at);
    };
    await queued(new Date());
    await queued(new Date(Date.now() + 60_000));
    const daysOf = () => received.map((r) => JSON.parse(r.body).data.daysBefore);
    expect(daysOf()).toEqual([30]);
    expect(JSON.parse(received[0].body).data).toMatchObject({
      name: `ageing.${parent}`,
      expiresAt: expiresAt.toISOString(),
    });
    await queued(new Date(expiresAt.getTime() - 6 * DAY));
    await queued(new Date(expiresAt.getTime() - 5 * DAY));
    expect(daysOf()).toEqual([30, 7]);
    // Renewed: the new expiry is told again when its time comes.
    const renewed = new Date(expiresAt.getTime() + 365 * DAY);
    await db().domain.update({ where: { name: `ageing.${parent}` }, data: { expiresAt: renewed } });
    await queued(new Date(renewed.getTime() - 3 * DAY));
    expect(daysOf()).toEqual([30, 7, 7]);
  });

  test("parent.misconfigured when endpoint 3 turns false: a settings change, or the parent's expiry", async () => {
    await register(["parent.misconfigured"]);
    const patch = (json: unknown) => app.fetch(`/v1/parentdomains/${parent}`, { method: "PATCH", token: admin, json });
    const reasons = () => received.map((r) => JSON.parse(r.body).data.reason as string);
    try {
      expect((await patch({ subdomainsEnabled: false })).status).toBe(200);
      expect((await patch({ subdomainPriceUsd: null })).status).toBe(200); // still misconfigured: no new event
      await deliverDueWebhooks();
      expect(received.map((r) => r.type)).toEqual(["parent.misconfigured"]);
      expect(reasons()[0]).toContain(`Sub-domain issuance is not enabled for ${parent}.`);
      await patch({ subdomainsEnabled: true, subdomainPriceUsd: 2.5 });
      await deliverDueWebhooks();
      expect(received).toHaveLength(1);

      const expiresAt = new Date(Date.now() - 3_600_000);
      await db().domain.update({ where: { name: parent }, data: { expiresAt } });
      await recordExpiredParents();
      await recordExpiredParents();
      await deliverDueWebhooks();
      expect(reasons()).toEqual([expect.any(String), `${parent} expired.`]);
    } finally {
      await db().domain.update({ where: { name: parent }, data: { expiresAt: null, subdomainsEnabled: true } });
      await patch({ subdomainPriceUsd: 2.5 });
    }
  });
});
