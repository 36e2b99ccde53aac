// Attacks on Sign-In with Ethereum and on the owner session token, sent as real bytes on a socket:
// a signature relayed from a phishing site with its Host, forged and replayed messages, forged
// nonces, and tokens of one kind passed off as the other.
import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "@/lib/db";
import { createPartner } from "@/lib/partners/create-partner";
import { encodeJwtHeader, signCompactJwt, signToken } from "@/lib/partners/jwt";
import { startTestApp, TEST_JWT_SECRET, type TestApp } from "@/tests/support/app";
import {
  getNonce,
  newAccount,
  registerOwned,
  SIGN_IN_HOST,
  signIn,
  signInMessage,
} from "@/tests/support/owner-fixtures";
import { rawRequest, type RawResponse } from "../support/raw-http";

let app: TestApp;
let partnerToken: string;

beforeAll(async () => {
  app = await startTestApp();
  await db().tld.createMany({ data: [{ name: "web3" }], skipDuplicates: true });
  partnerToken = (await createPartner("Owner security")).token.value;
});
afterAll(() => app.close());

/** One request written byte for byte on a fresh socket (Connection: close), and its answer. */
function raw(method: string, path: string, headers: Record<string, string>, body = ""): Promise<RawResponse> {
  const { Host: host, ...others } = headers;
  return rawRequest(app.baseUrl, { method, target: path, host, headers: others, body: body || undefined });
}

const postSession = (host: string, json: unknown) =>
  raw("POST", "/v1/owner/session", { Host: host, "Content-Type": "application/json" }, JSON.stringify(json));

const infoOf = (answer: RawResponse) => (JSON.parse(answer.body) as { info: string }).info;

describe("forged and relayed sign-in messages", () => {
  test("a signature a phishing site collected for its own domain, relayed with its Host, is refused", async () => {
    const victim = newAccount();
    // evil.example shows the victim a message for evil.example (no wallet warns) with our nonce,
    // then posts the signature to us with `Host: evil.example`.
    const relayed = await signInMessage(app, victim, { domain: "evil.example", uri: "https://evil.example/login" });
    const answer = await postSession("evil.example", relayed);
    expect(answer.status).toBe(401);
    expect(infoOf(answer)).toMatch(/does not accept sign-in for evil\.example/);
    expect(await db().ownerSession.count({ where: { address: victim.address.toLowerCase() } })).toBe(0);
  });

  test("a message naming the victim but signed by the attacker is refused", async () => {
    const victim = newAccount();
    const attacker = newAccount();
    const { message } = await signInMessage(app, victim);
    const answer = await postSession(SIGN_IN_HOST, { message, signature: await attacker.signMessage({ message }) });
    expect(answer.status).toBe(401);
    expect(await db().ownerSession.count({ where: { address: victim.address.toLowerCase() } })).toBe(0);
  });

  test("the high-s twin of a valid signature is refused; the signature as signed works", async () => {
    const account = newAccount();
    const signed = await signInMessage(app, account);
    const n = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
    const r = signed.signature.slice(2, 66);
    const s = BigInt(`0x${signed.signature.slice(66, 130)}`);
    const v = parseInt(signed.signature.slice(130), 16);
    const twin = `0x${r}${(n - s).toString(16).padStart(64, "0")}${(v === 27 ? 28 : 27).toString(16)}`;
    const refused = await postSession(SIGN_IN_HOST, { ...signed, signature: twin });
    expect(refused.status).toBe(401);
    expect(infoOf(refused)).toMatch(/upper half of the curve order/);
    expect(await db().ownerSession.count({ where: { address: account.address.toLowerCase() } })).toBe(0);
    expect((await postSession(SIGN_IN_HOST, signed)).status).toBe(201);
  });

  test("a captured message and signature work once only", async () => {
    const signed = await signInMessage(app, newAccount());
    expect((await postSession(SIGN_IN_HOST, signed)).status).toBe(201);
    const replay = await postSession(SIGN_IN_HOST, signed);
    expect(replay.status).toBe(401);
    expect(infoOf(replay)).toMatch(/already used/);
  });

  test("a nonce with its issue time moved forward, or a nonce of our own making, is refused", async () => {
    const account = newAccount();
    const issued = await getNonce(app);
    // The random part is 32 hex digits, the issue time 11, the MAC 32: move the time an hour on.
    const time = parseInt(issued.slice(32, 43), 16) + 3_600_000;
    const moved = issued.slice(0, 32) + time.toString(16).padStart(11, "0") + issued.slice(43);
    const answer = await postSession(SIGN_IN_HOST, await signInMessage(app, account, { nonce: moved }));
    expect(answer.status).toBe(401);
    expect(infoOf(answer)).toMatch(/not issued by this service/);
    // A nonce MACed with the partner signing secret (the attacker guessing the derivation) fails too.
    const body = issued.slice(0, 43);
    const guessed = body + createHmac("sha256", TEST_JWT_SECRET).update(body).digest("hex").slice(0, 32);
    expect((await postSession(SIGN_IN_HOST, await signInMessage(app, account, { nonce: guessed }))).status).toBe(401);
  });

  test("a message carrying a second block of fields is not EIP-4361's exact form", async () => {
    // Parsers take the first `URI:` block; a wallet shows the whole text. A block hidden above the
    // real one must not be what the server reads.
    const account = newAccount();
    const real = (await signInMessage(app, account)).message;
    const decoy = (await signInMessage(app, account, { uri: "http://localhost:3000/other" })).message;
    const split = (text: string) => text.indexOf("URI: ");
    const smuggled = `${real.slice(0, split(real))}${decoy.slice(split(decoy))}\n\n${real.slice(split(real))}`;
    const answer = await postSession(SIGN_IN_HOST, {
      message: smuggled,
      signature: await account.signMessage({ message: smuggled }),
    });
    expect(answer.status).toBe(400);
    expect(await db().ownerSession.count({ where: { address: account.address.toLowerCase() } })).toBe(0);
  });
});

describe("token confusion", () => {
  test("a partner ADMIN token cannot call an owner endpoint", async () => {
    for (const [method, path, body] of [
      ["GET", "/v1/owner/names", ""],
      ["PUT", "/v1/owner/reverse", JSON.stringify({ name: null })],
      ["PUT", "/v1/owner/names/alice.web3/records", JSON.stringify({ txtRecords: [] })],
    ] as const) {
      const answer = await raw(
        method,
        path,
        { Host: SIGN_IN_HOST, Authorization: `Bearer ${partnerToken}`, "Content-Type": "application/json" },
        body,
      );
      expect(answer.status, path).toBe(403);
      expect(infoOf(answer)).toMatch(/partner access token/);
    }
  });

  test("an owner session token cannot call a partner endpoint", async () => {
    const ownerToken = await signIn(app, newAccount());
    for (const path of ["/v1/resolve/alice.web3", "/v1/partner/access-token", "/v1/partner/purchases"]) {
      const answer = await raw("GET", path, { Host: SIGN_IN_HOST, Authorization: `Bearer ${ownerToken}` });
      expect(answer.status, path).toBe(401);
    }
  });

  test("owner tokens forged with the partner signing secret, or with the partner header, are refused", async () => {
    const victim = newAccount();
    const name = `forged${Date.now()}.web3`;
    await registerOwned(name, victim.address);
    const real = await signIn(app, victim);
    const claims = JSON.parse(Buffer.from(real.split(".")[1], "base64url").toString("utf8")) as object;
    const ownerHeader = encodeJwtHeader({ alg: "HS256", typ: "owner-session+jwt" });
    // If owner tokens were signed with the partner secret, an attacker knowing it could mint these.
    const withPartnerSecret = signCompactJwt(ownerHeader, claims, TEST_JWT_SECRET);
    const headerSwapped = `${encodeJwtHeader({ alg: "HS256", typ: "JWT" })}.${real.split(".").slice(1).join(".")}`;
    const algNone = `${encodeJwtHeader({ alg: "none", typ: "owner-session+jwt" })}.${real.split(".")[1]}.`;
    for (const token of [withPartnerSecret, algNone]) {
      const answer = await raw("GET", "/v1/owner/names", { Host: SIGN_IN_HOST, Authorization: `Bearer ${token}` });
      expect(answer.status).toBe(401);
    }
    const swapped = await raw("GET", "/v1/owner/names", {
      Host: SIGN_IN_HOST,
      Authorization: `Bearer ${headerSwapped}`,
    });
    expect([401, 403]).toContain(swapped.status);
    // Nor does the owner token pass as a partner token once re-signed under the partner header by
    // someone without the secret; a partner token with the victim's address as subject is not an owner's.
    const partnerShaped = signToken(
      {
        sub: "00000000-0000-4000-8000-000000000000",
        jti: "00000000-0000-4000-8000-000000000001",
        typ: "ADMIN",
        nbf: 0,
        exp: 4_000_000_000,
        iat: 0,
      },
      TEST_JWT_SECRET,
    );
    const put = await raw(
      "PUT",
      `/v1/owner/names/${name}/owner`,
      { Host: SIGN_IN_HOST, Authorization: `Bearer ${partnerShaped}`, "Content-Type": "application/json" },
      JSON.stringify({ ownerAddress: newAccount().address }),
    );
    expect(put.status).toBe(403);
    expect((await db().domain.findUniqueOrThrow({ where: { name } })).ownerKey).toBe(victim.address.toLowerCase());
  });

  test("no other origin can drive the owner API from a browser", async () => {
    const preflight = await raw("OPTIONS", "/v1/owner/session", {
      Host: SIGN_IN_HOST,
      Origin: "https://evil.example",
      "Access-Control-Request-Method": "POST",
      "Access-Control-Request-Headers": "content-type",
    });
    expect(preflight.headers["access-control-allow-origin"]).toBeUndefined();
    const nonce = await raw("GET", "/v1/owner/nonce", { Host: SIGN_IN_HOST, Origin: "https://evil.example" });
    expect(nonce.status).toBe(200);
    expect(nonce.headers["access-control-allow-origin"]).toBeUndefined();
  });
});
