import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createPartner } from "@/lib/partners/create-partner";
import { startTestApp, type TestApp } from "@/tests/support/app";

let app: TestApp;
let admin: string;
let partnerId: string;

beforeAll(async () => {
  app = await startTestApp();
  const created = await createPartner("Acme");
  admin = created.token.value;
  partnerId = created.partner.id;
});
afterAll(() => app.close());

const hour = 3600_000;
const window = (fromOffset: number, tillOffset: number) => ({
  validFrom: new Date(Date.now() + fromOffset).toISOString(),
  validTill: new Date(Date.now() + tillOffset).toISOString(),
});

describe("access tokens (7, 8, 9)", () => {
  test("create returns the value once; listing redacts it; the new token works", async () => {
    const res = await app.fetch("/v1/partner/access-token", {
      method: "POST",
      token: admin,
      json: { label: "ci", ...window(-hour, hour) },
    });
    expect(res.status).toBe(201);
    const token = await res.json();
    expect(Object.keys(token).sort()).toEqual([
      "createdAt",
      "id",
      "label",
      "partnerId",
      "type",
      "updatedAt",
      "validFrom",
      "validTill",
      "value",
    ]);
    expect(token).toMatchObject({ label: "ci", type: "CUSTOMER", partnerId });
    expect(token.value.split(".")).toHaveLength(3);

    const list = await (await app.fetch("/v1/partner/access-token", { token: admin })).json();
    const listed = list.find((t: { id: string }) => t.id === token.id);
    expect(listed.value).not.toBe(token.value);
    expect(listed.value).toContain(token.value.slice(-6));

    // A CUSTOMER token may not manage tokens.
    const asCustomer = await app.fetch("/v1/partner/access-token", { token: token.value });
    expect(asCustomer.status).toBe(403);
    expect(await asCustomer.json()).toEqual({
      errors: [{ field: "Authorization", info: expect.stringContaining("ADMIN") }],
    });
  });

  test("delete answers 204 with no body, and the token is refused at once", async () => {
    const created = await (
      await app.fetch("/v1/partner/access-token", {
        method: "POST",
        token: admin,
        json: { label: "tmp", type: "ADMIN", ...window(-hour, hour) },
      })
    ).json();
    expect((await app.fetch("/v1/partner/access-token", { token: created.value })).status).toBe(200);
    const res = await app.fetch("/v1/partner/access-token", {
      method: "DELETE",
      token: admin,
      body: JSON.stringify({ id: created.id }),
      headers: { "content-type": "text/plain" },
    });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe("");
    const after = await app.fetch("/v1/partner/access-token", { token: created.value });
    expect(after.status).toBe(401);
    expect((await after.json()).errors[0].info).toMatch(/deleted/);
  });

  test("bad create bodies are 400 with the field named, and create nothing", async () => {
    const before = (await (await app.fetch("/v1/partner/access-token", { token: admin })).json()).length;
    const cases: [unknown, string][] = [
      [{ validFrom: new Date().toISOString(), validTill: new Date(Date.now() + hour).toISOString() }, "label"],
      [{ label: "x", validFrom: "yesterday", validTill: new Date().toISOString() }, "validFrom"],
      [{ label: "x", ...window(hour, -hour) }, "validTill"],
      [{ label: "x", type: "ROOT", ...window(0, hour) }, "type"],
      [{ label: "x", extra: 1, ...window(0, hour) }, "body"],
    ];
    for (const [json, field] of cases) {
      const res = await app.fetch("/v1/partner/access-token", { method: "POST", token: admin, json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      const body = await res.json();
      expect(body.errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    const malformed = await app.fetch("/v1/partner/access-token", {
      method: "POST",
      token: admin,
      body: "{",
      headers: { "content-type": "application/json" },
    });
    expect(malformed.status).toBe(400);
    expect((await (await app.fetch("/v1/partner/access-token", { token: admin })).json()).length).toBe(before);
  });

  test("deleting an unknown or malformed id", async () => {
    const unknown = await app.fetch("/v1/partner/access-token", {
      method: "DELETE",
      token: admin,
      json: { id: crypto.randomUUID() },
    });
    expect(unknown.status).toBe(404);
    const malformed = await app.fetch("/v1/partner/access-token", {
      method: "DELETE",
      token: admin,
      json: { id: "nope" },
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ errors: [{ field: "id", info: expect.any(String) }] });
  });

  test("purchases list is empty before any sale", async () => {
    const res = await app.fetch("/v1/partner/purchases", { token: admin });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ purchases: [] });
  });
});
