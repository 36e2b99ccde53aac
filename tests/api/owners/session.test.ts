// Sign-In with Ethereum: nonces, sessions, and which credentials the owner endpoints take.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "@/lib/db";
import { createPartner } from "@/lib/partners/create-partner";
import { startTestApp, type TestApp } from "@/tests/support/app";
import {
  getNonce,
  newAccount,
  postSession,
  registerOwned,
  SIGN_IN_HOST,
  signIn,
  signInMessage,
} from "@/tests/support/owner-fixtures";

let app: TestApp;
let partnerToken: string;

beforeAll(async () => {
  app = await startTestApp();
  await db().tld.createMany({ data: [{ name: "web3" }, { name: "meta" }], skipDuplicates: true });
  partnerToken = (await createPartner("Owner session tests")).token.value;
});
afterAll(() => app.close());

const names = (token?: string) => app.fetch("/v1/owner/names", { token });

describe("GET /v1/owner/nonce", () => {
  test("a fresh alphanumeric nonce of at least 16 characters each time, never cached", async () => {
    const res = await app.fetch("/v1/owner/nonce");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const { nonce } = (await res.json()) as { nonce: string };
    expect(nonce).toMatch(/^[A-Za-z0-9]{16,}$/);
    expect(await getNonce(app)).not.toBe(nonce);
  });
});

describe("POST /v1/owner/session", () => {
  test("a message signed by the address gives a session for it, about a day long", async () => {
    const account = newAccount();
    const before = Date.now();
    const res = await postSession(app, await signInMessage(app, account));
    expect(res.status).toBe(201);
    const session = (await res.json()) as { token: string; address: string; expiresAt: string };
    expect(Object.keys(session).sort()).toEqual(["address", "expiresAt", "token"]);
    expect(session.address).toBe(account.address);
    const lifetime = new Date(session.expiresAt).getTime() - before;
    expect(lifetime).toBeGreaterThan(23.9 * 3_600_000);
    expect(lifetime).toBeLessThan(24.1 * 3_600_000);
    expect(session.token.split(".")).toHaveLength(3);

    const listed = await names(session.token);
    expect(listed.status).toBe(200);
    expect(await listed.json()).toEqual({ names: [], nextPaginationToken: "" });
  });

  test("times written without milliseconds are the same message", async () => {
    const account = newAccount();
    const { message } = await signInMessage(app, account);
    const rewritten = message.replace(/^Issued At: (.+)\.\d{3}Z$/m, "Issued At: $1Z");
    expect(rewritten).not.toBe(message);
    const res = await postSession(app, {
      message: rewritten,
      signature: await account.signMessage({ message: rewritten }),
    });
    expect(res.status).toBe(201);
  });

  test("a text that is not an EIP-4361 message is 400 naming message", async () => {
    const account = newAccount();
    for (const message of [
      "hello",
      `localhost:3000 wants you to sign in with your Ethereum account:\n${account.address}\n\nNo fields.`,
    ]) {
      const res = await postSession(app, { message, signature: await account.signMessage({ message }) });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ field: "message" });
    }
  });

  test("a message not in its exact form is 400: lower-case address, extra lines", async () => {
    const account = newAccount();
    const { message } = await signInMessage(app, account);
    for (const altered of [
      message.replace(account.address, account.address.toLowerCase()),
      `${message}\nExtra: line`,
      `Before\n${message}`,
    ]) {
      const res = await postSession(app, {
        message: altered,
        signature: await account.signMessage({ message: altered }),
      });
      expect(res.status, altered).toBe(400);
    }
  });

  test("a bad request body is 400 naming the field", async () => {
    const account = newAccount();
    const signed = await signInMessage(app, account);
    const cases: [unknown, string][] = [
      [{ message: signed.message }, "signature"],
      [{ ...signed, signature: "0x1234" }, "signature"],
      // Longer than a plain key's is a smart-contract wallet's form; an odd number of digits is no bytes.
      [{ ...signed, signature: `${signed.signature}0` }, "signature"],
      [{ ...signed, signature: `0x${"ab".repeat(8193)}` }, "signature"],
      [{ ...signed, extra: 1 }, "body"],
      [{ ...signed, message: "x".repeat(5000) }, "message"],
    ];
    for (const [body, field] of cases) {
      const res = await postSession(app, body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { field: string }).field).toBe(field);
    }
  });

  test("a message for another domain is 401, and so is a Host this service does not answer as", async () => {
    const account = newAccount();
    const evil = await signInMessage(app, account, { domain: "evil.example" });
    let res = await postSession(app, evil);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ field: "Authorization", info: expect.stringMatching(/evil\.example/) });
    // The message and the request agree on a host, but it is not one of this service's.
    res = await postSession(app, await signInMessage(app, account, { domain: "evil.example" }), "evil.example");
    expect(res.status).toBe(401);
    expect(((await res.json()) as { info: string }).info).toMatch(/OWNER_SIGN_IN_DOMAINS/);
    // The URI must be on the same host.
    res = await postSession(app, await signInMessage(app, account, { uri: "https://evil.example/" }));
    expect(res.status).toBe(401);
    expect(await names()).toHaveProperty("status", 401);
  });

  test("a reused nonce is 401, whether replayed or in a new message", async () => {
    const account = newAccount();
    const nonce = await getNonce(app);
    const first = await signInMessage(app, account, { nonce });
    expect((await postSession(app, first)).status).toBe(201);
    const replay = await postSession(app, first);
    expect(replay.status).toBe(401);
    expect(((await replay.json()) as { info: string }).info).toMatch(/already used/);
    const again = await postSession(app, await signInMessage(app, account, { nonce, statement: "Again." }));
    expect(again.status).toBe(401);
  });

  test("concurrent uses of one signed message make exactly one session", async () => {
    const signed = await signInMessage(app, newAccount());
    const statuses = await Promise.all(Array.from({ length: 6 }, () => postSession(app, signed).then((r) => r.status)));
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
  });

  test("a nonce this service did not issue is 401", async () => {
    const account = newAccount();
    const issued = await getNonce(app);
    const forged = [
      randomBytes(8).toString("hex") + "abcdef0123",
      issued.slice(0, -1) + (issued.endsWith("0") ? "1" : "0"),
      `${issued.slice(0, 10)}${"f".repeat(issued.length - 10)}`,
    ];
    for (const nonce of forged) {
      const res = await postSession(app, await signInMessage(app, account, { nonce }));
      expect(res.status, nonce).toBe(401);
      expect(((await res.json()) as { info: string }).info).toMatch(/not issued by this service/);
    }
  });

  test("a stale message, one from the future and an expired one are 401", async () => {
    const account = newAccount();
    const cases = [
      { issuedAt: new Date(Date.now() - 11 * 60_000) },
      { issuedAt: new Date(Date.now() + 5 * 60_000) },
      { expirationTime: new Date(Date.now() - 1000) },
    ];
    for (const options of cases) {
      const res = await postSession(app, await signInMessage(app, account, options));
      expect(res.status, JSON.stringify(options)).toBe(401);
    }
  });

  test("another chain id is 401", async () => {
    const res = await postSession(app, await signInMessage(app, newAccount(), { chainId: 5 }));
    expect(res.status).toBe(401);
    expect(((await res.json()) as { info: string }).info).toMatch(/Chain ID 1/);
  });

  test("a signature by another key, or of another message, is 401 and spends no nonce", async () => {
    const account = newAccount();
    const signed = await signInMessage(app, account);
    const other = await newAccount().signMessage({ message: signed.message });
    let res = await postSession(app, { message: signed.message, signature: other });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { info: string }).info).toMatch(/not .*'s signature/);
    res = await postSession(app, { message: signed.message, signature: await account.signMessage({ message: "x" }) });
    expect(res.status).toBe(401);
    // The nonce was not spent by the failed attempts: the right signature still signs in.
    expect((await postSession(app, signed)).status).toBe(201);
  });
});

describe("owner credentials", () => {
  test("no token, a malformed or forged token is 401 in ErrorResponse form", async () => {
    const token = await signIn(app, newAccount());
    const [header, payload] = token.split(".");
    for (const authorization of [undefined, "Bearer", "Basic abc", `Bearer ${header}.${payload}.AAAA`]) {
      const res = await app.fetch("/v1/owner/names", { headers: authorization ? { authorization } : {} });
      expect(res.status, authorization).toBe(401);
      expect(await res.json()).toMatchObject({ field: "Authorization" });
    }
  });

  test("a partner token is refused by owner endpoints (403), an owner token by partner endpoints (401)", async () => {
    const partner = await names(partnerToken);
    expect(partner.status).toBe(403);
    expect(((await partner.json()) as { info: string }).info).toMatch(/partner access token/);
    const ownerToken = await signIn(app, newAccount());
    for (const path of ["/v1/resolve/alice.web3", "/v1/partner/access-token"]) {
      const res = await app.fetch(path, { token: ownerToken });
      expect(res.status, path).toBe(401);
    }
  });

  test("signing out ends the session at once; an expired session is 401", async () => {
    const account = newAccount();
    const token = await signIn(app, account);
    expect((await names(token)).status).toBe(200);
    const out = await app.fetch("/v1/owner/session", { method: "DELETE", token });
    expect(out.status).toBe(204);
    const after = await names(token);
    expect(after.status).toBe(401);
    expect(((await after.json()) as { info: string }).info).toMatch(/signed out/);

    const second = await signIn(app, account);
    await db().ownerSession.updateMany({
      where: { address: account.address.toLowerCase() },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const expired = await names(second);
    expect(expired.status).toBe(401);
    expect(((await expired.json()) as { info: string }).info).toMatch(/expired/);
  });

  test("a session lists only its own address's names", async () => {
    const alice = newAccount();
    const bob = newAccount();
    await registerOwned("sessionalice.web3", alice.address);
    await registerOwned("sessionbob.web3", bob.address);
    const listed = (await (await names(await signIn(app, alice))).json()) as { names: { name: string }[] };
    expect(listed.names.map((n) => n.name)).toEqual(["sessionalice.web3"]);
  });

  test("the sign-in host is checked case-insensitively against the request's Host", async () => {
    const account = newAccount();
    const res = await postSession(app, await signInMessage(app, account), SIGN_IN_HOST.toUpperCase());
    expect(res.status).toBe(201);
  });
});
