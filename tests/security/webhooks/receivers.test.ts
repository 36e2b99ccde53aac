import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, test } from "vitest";
import { db } from "@/lib/db";
import { deliverDueWebhooks } from "@/lib/webhooks/deliver";
import { sealSecret } from "@/lib/webhooks/signing";
import { startTestApp, type TestApp } from "@/tests/support/app";
import { OWNER, seedCatalogue } from "@/tests/support/market-fixtures";

// Webhook receivers are requested from inside our network: without WEBHOOKS_ALLOW_PRIVATE_URLS
// only https on public addresses is registered, and a receiver whose address is (or became)
// private is never connected to at delivery.

let app: TestApp;
let admin: string;
let partnerId: string;
let parent: string;
let local: Server;
let hits = 0;

beforeAll(async () => {
  local = createServer((_request, response) => {
    hits++;
    response.end();
  });
  await new Promise<void>((resolve) => local.listen(0, "127.0.0.1", resolve));
  app = await startTestApp({ WEBHOOKS_ALLOW_PRIVATE_URLS: false });
  ({ adminToken: admin, partnerId, parentName: parent } = await seedCatalogue());
});
afterAll(async () => {
  await app?.close();
  await new Promise((resolve) => local?.close(resolve));
});

const register = (url: string) =>
  app.fetch("/v1/partner/webhooks", { method: "POST", token: admin, json: { url, events: ["subname.created"] } });

test.each([
  ["plain http", "http://93.184.215.14/hook", "url must be https."],
  ["loopback", "https://127.0.0.1/hook", "127.0.0.1 is not a public address"],
  ["loopback by name", "https://localhost/hook", "localhost is not a public address"],
  ["private", "https://10.1.2.3/hook", "10.1.2.3 is not a public address"],
  ["link-local metadata", "https://169.254.169.254/latest", "169.254.169.254 is not a public address"],
  ["IPv6 loopback", "https://[::1]/hook", "::1 is not a public address"],
  ["IPv4-mapped private", "https://[::ffff:192.168.0.1]/hook", "is not a public address"],
  ["credentials", "https://user:pw@93.184.215.14/hook", "url must not carry credentials."],
])("%s is refused at registration", async (_what, url, info) => {
  const res = await register(url);
  expect(res.status).toBe(400);
  expect(await res.json()).toEqual({ errors: [{ field: "url", info: expect.stringContaining(info) }] });
  expect(await db().webhookEndpoint.count()).toBe(0);
});

test("a public https receiver is registered", async () => {
  const res = await register("https://93.184.215.14/hook");
  expect(res.status).toBe(201);
  await app.fetch("/v1/partner/webhooks", { method: "DELETE", token: admin, json: { id: (await res.json()).id } });
});

test("a receiver row pointing inward is never connected to: the attempt fails and is logged", async () => {
  const { port } = local.address() as AddressInfo;
  const id = randomUUID();
  await db().webhookEndpoint.create({
    data: {
      id,
      partnerId,
      url: `http://127.0.0.1:${port}/hook`,
      events: ["subname.created"],
      secretCipher: sealSecret("whsec_x"),
    },
  });
  const issued = await app.fetch(`/v1/parentdomains/${parent}/subdomains`, {
    method: "POST",
    token: admin,
    json: { label: "inward", ownerAddress: OWNER },
  });
  expect(issued.status).toBe(201);
  await deliverDueWebhooks();
  expect(hits).toBe(0);
  const delivery = await db().webhookDelivery.findFirstOrThrow({ where: { endpointId: id } });
  expect(delivery).toMatchObject({ status: "pending", attempts: 1, lastStatusCode: null });
  expect(delivery.lastError).toContain("public address");
});
