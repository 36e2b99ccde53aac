import { afterAll, beforeAll, expect, test } from "vitest";
import { createPartner } from "@/lib/partners/create-partner";
import { startTestApp, type TestApp } from "@/tests/support/app";
import { newAccount, signIn } from "@/tests/support/owner-fixtures";

// Issue 32, item 4: a partner binds owner addresses; an owner signed in with Ethereum whose
// address is bound exchanges its session for a short-lived ADMIN token of that partner.

let app: TestApp;
let admin: string;
let partnerId: string;

beforeAll(async () => {
  app = await startTestApp();
  const created = await createPartner("Wallets");
  admin = created.token.value;
  partnerId = created.partner.id;
});
afterAll(() => app.close());

const exchange = (token: string) => app.fetch("/v1/partner/session", { method: "POST", token });

test("a bound wallet signs in: a 60-minute ADMIN token of the partner that works on its endpoints", async () => {
  const wallet = newAccount();
  const bound = await app.fetch("/v1/partner/owner-addresses", {
    method: "POST",
    token: admin,
    json: { address: wallet.address.toLowerCase() },
  });
  expect(bound.status).toBe(201);
  expect(await bound.json()).toEqual({ address: wallet.address, createdAt: expect.any(String) });

  const session = await signIn(app, wallet);
  const res = await exchange(session);
  expect(res.status).toBe(201);
  const token = await res.json();
  expect(token).toMatchObject({ partnerId, type: "ADMIN", label: `wallet ${wallet.address}` });
  const minutes = (Date.parse(token.validTill) - Date.now()) / 60_000;
  expect(minutes).toBeGreaterThan(58);
  expect(minutes).toBeLessThanOrEqual(60);
  const listed = await app.fetch("/v1/partner/access-token", { token: token.value });
  expect(listed.status).toBe(200);
  expect(((await listed.json()) as { id: string }[]).map((t) => t.id)).toContain(token.id);

  // The owner session itself is still no partner credential.
  expect((await app.fetch("/v1/partner/access-token", { token: session })).status).toBe(401);
});

test("an unbound wallet is 403, a partner token is no owner session, and unbinding stops new sign-ins", async () => {
  const stranger = newAccount();
  const refused = await exchange(await signIn(app, stranger));
  expect(refused.status).toBe(403);
  expect((await refused.json()).errors[0].info).toContain("not bound to any partner");
  // A partner token is refused as the owner API refuses it: it is no owner session.
  const partnerToken = await exchange(admin);
  expect(partnerToken.status).toBe(403);
  expect((await partnerToken.json()).errors[0]).toMatchObject({ field: "Authorization" });

  const wallet = newAccount();
  await app.fetch("/v1/partner/owner-addresses", { method: "POST", token: admin, json: { address: wallet.address } });
  const other = await createPartner("Someone else");
  const taken = await app.fetch("/v1/partner/owner-addresses", {
    method: "POST",
    token: other.token.value,
    json: { address: wallet.address },
  });
  expect(taken.status).toBe(409);
  const unbound = await app.fetch("/v1/partner/owner-addresses", {
    method: "DELETE",
    token: admin,
    json: { address: wallet.address },
  });
  expect(unbound.status).toBe(204);
  expect((await exchange(await signIn(app, wallet))).status).toBe(403);
  const list = await app.fetch("/v1/partner/owner-addresses", { token: admin });
  expect(((await list.json()) as { address: string }[]).map((a) => a.address)).not.toContain(wallet.address);
});
