// Issue 33, item 4: what an owner may write. A transfer to the zero address would burn the name;
// bidirectional control characters in a text record would make /resolve and the pages show
// something else than what the record holds. Both are a 400 naming the field, and change nothing.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "@/lib/db";
import { createPartner } from "@/lib/partners/create-partner";
import { startTestApp, type TestApp } from "@/tests/support/app";
import { ethWallet, newAccount, registerOwned, signIn } from "@/tests/support/owner-fixtures";

let app: TestApp;
let partnerToken: string;

beforeAll(async () => {
  app = await startTestApp();
  await db().tld.createMany({ data: [{ name: "web3" }], skipDuplicates: true });
  partnerToken = (await createPartner("Owner inputs")).token.value;
});
afterAll(() => app.close());

const resolve = async (name: string) =>
  (await app.fetch(`/v1/resolve/${encodeURIComponent(name)}`, { token: partnerToken })).json();

async function ownedName(prefix: string) {
  const owner = newAccount();
  const name = `${prefix}${randomUUID().slice(0, 8)}.web3`;
  await registerOwned(name, owner.address, { wallets: [ethWallet(owner.address)] });
  return { owner, name, token: await signIn(app, owner) };
}

describe("a transfer", () => {
  test("to the zero address is a 400 naming ownerAddress; the name stays its owner's", async () => {
    const zero = "0x0000000000000000000000000000000000000000";
    const { name, token } = await ownedName("burn");
    const before = await resolve(name);
    const res = await app.fetch(`/v1/owner/names/${name}/owner`, {
      method: "PUT",
      token,
      json: { ownerAddress: zero },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ field: "ownerAddress", info: expect.stringMatching(/zero address/) });
    expect(await resolve(name)).toEqual(before);
  });

  test("to another address still works", async () => {
    const { name, token } = await ownedName("move");
    const buyer = newAccount();
    const res = await app.fetch(`/v1/owner/names/${name}/owner`, {
      method: "PUT",
      token,
      json: { ownerAddress: buyer.address },
    });
    expect(res.status).toBe(200);
  });
});

describe("text records", () => {
  const BIDI = ["\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069"];

  test.each(BIDI.map((c) => [`U+${c.codePointAt(0)!.toString(16).toUpperCase()}`, c] as const))(
    "%s in a key or a value is a 400 naming the field; nothing is written",
    async (_, control) => {
      const { name, token } = await ownedName("bidi");
      const before = await resolve(name);
      for (const [record, field] of [
        [{ key: `url${control}`, value: "https://example.com" }, "txtRecords.0.key"],
        [{ key: "com.twitter", value: `${control}moc.elpmaxe` }, "txtRecords.0.value"],
      ] as const) {
        const res = await app.fetch(`/v1/owner/names/${name}/records`, {
          method: "PUT",
          token,
          json: { txtRecords: [record] },
        });
        expect(res.status, field).toBe(400);
        const body = (await res.json()) as { field: string; info: string };
        expect(body.field).toBe(field);
        expect(body.info).toMatch(/bidirectional control characters/);
      }
      expect(await resolve(name)).toEqual(before);
    },
  );

  test("right-to-left text itself is still a value", async () => {
    const { name, token } = await ownedName("rtl");
    const res = await app.fetch(`/v1/owner/names/${name}/records`, {
      method: "PUT",
      token,
      json: { txtRecords: [{ key: "description", value: "שלום עולם" }] },
    });
    expect(res.status).toBe(200);
  });
});
