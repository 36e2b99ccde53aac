// Issue 18 item 6: direct sub-domain issuance respects the marketplace's holds. Issuing a name
// someone is paying for is 409, so the buyer gets the name rather than "a refund is due"; an
// issuance racing a purchase of the same name ends with exactly one of them.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "@/lib/db";
import { startTestApp, type TestApp } from "@/tests/support/app";
import { ETH_WALLET, OWNER, seedCatalogue } from "@/tests/support/market-fixtures";

let app: TestApp;
let shop: Awaited<ReturnType<typeof seedCatalogue>>;

beforeAll(async () => {
  app = await startTestApp({ UNPAID_HOLDS_PER_CLIENT: 0, UNPAID_HOLDS_PER_OWNER: 0 });
  shop = await seedCatalogue();
});
afterAll(() => app?.close());

const buy = (domain: string) =>
  app.fetch("/v1/market/purchase", {
    method: "POST",
    json: { checkoutId: randomUUID(), domain, ownerAddress: OWNER, years: 1 },
  });
const issue = (label: string) =>
  app.fetch(`/v1/parentdomains/${shop.parentName}/subdomains`, {
    method: "POST",
    token: shop.adminToken,
    json: { label, ownerAddress: ETH_WALLET },
  });

describe("issuing a sub-domain someone is paying for", () => {
  test("is 409 while the order holds it; the buyer then pays and gets the name", async () => {
    const label = `held${randomUUID().slice(0, 6)}`;
    const domain = `${label}.${shop.parentName}`;
    const bought = await buy(domain);
    expect(bought.status).toBe(200);
    const started = await bought.json();

    const issued = await issue(label);
    expect(issued.status).toBe(409);
    expect(await issued.json()).toEqual({ errors: [{ field: "domain", info: expect.stringContaining("holds it") }] });
    expect(await db().domain.count({ where: { name: domain } })).toBe(0);

    const paid = await app.fetch("/api/test-processor/pay", {
      method: "POST",
      json: { clientSecret: started.processorCheckoutSession, cardNumber: "4242424242424242" },
    });
    expect(await paid.json()).toMatchObject({ orderStatus: "COMPLETED" });
    expect((await db().domain.findUniqueOrThrow({ where: { name: domain } })).ownerAddress).toBe(OWNER);
    expect((await issue(label)).status).toBe(409);
  });

  test("a free name is issued, and the hold of an expired unpaid offer does not block it", async () => {
    const free = `free${randomUUID().slice(0, 6)}`;
    expect((await issue(free)).status).toBe(201);
    const stale = `stale${randomUUID().slice(0, 6)}`;
    const started = await (await buy(`${stale}.${shop.parentName}`)).json();
    await db().order.update({ where: { id: started.orderId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await issue(stale)).status).toBe(201);
    expect((await db().order.findUniqueOrThrow({ where: { id: started.orderId } })).orderStatus).toBe("EXPIRED");
  });

  test("an issuance racing a purchase of the same name: exactly one of them gets it, ten times over", async () => {
    for (let round = 0; round < 10; round++) {
      const label = `race${round}${randomUUID().slice(0, 6)}`;
      const [issued, bought] = await Promise.all([issue(label), buy(`${label}.${shop.parentName}`)]);
      expect([issued.status, bought.status].sort()).toEqual(issued.status === 201 ? [201, 409] : [200, 409]);
      const orders = await db().order.count({ where: { domain: `${label}.${shop.parentName}` } });
      expect(orders).toBe(bought.status === 200 ? 1 : 0);
      expect(await db().domain.count({ where: { name: `${label}.${shop.parentName}` } })).toBe(
        issued.status === 201 ? 1 : 0,
      );
    }
  });
});
