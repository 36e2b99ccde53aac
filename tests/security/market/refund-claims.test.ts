// Issue 31 item 4, over real HTTP: a crypto refund goes to an address its buyer claims, proven by
// signing in as the order's owner address or by a single-use link mailed to the order's e-mail.
// Anyone else is refused in the interface's error shape and changes nothing; a bad address is 400;
// the operator's payout must then pay the claimed address, not the sender's.
import { randomBytes, randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "@/lib/db";
import { settlePayment } from "@/lib/market/settle-payment";
import { btcAddressAt, testBtcXpub } from "@/lib/payments/crypto/derive-address";
import { recordTransfers } from "@/lib/payments/crypto/record-transfers";
import { startTestApp, type TestApp } from "@/tests/support/app";
import { seedCatalogue } from "@/tests/support/market-fixtures";
import { newAccount, signIn } from "@/tests/support/owner-fixtures";
import { startSmtpServer, type SmtpTestServer } from "@/tests/support/smtp-server";
import { rawRequest } from "../support/raw-http";

const SENDER = btcAddressAt(testBtcXpub("regtest"), "regtest", 777);
const CLAIMED = btcAddressAt(testBtcXpub("regtest"), "regtest", 901);
const buyer = newAccount();
const stranger = newAccount();

const chainTxs = new Map<
  string,
  { status: { confirmed: boolean }; vout: { scriptpubkey_address: string; value: number }[] }
>();
let esplora: Server;
let smtp: SmtpTestServer;
let app: TestApp;
let shop: Awaited<ReturnType<typeof seedCatalogue>>;

beforeAll(async () => {
  esplora = createServer((req, res) => {
    const tx = chainTxs.get(/^\/tx\/([0-9a-f]{64})$/.exec(req.url ?? "")?.[1] ?? "");
    res.writeHead(tx ? 200 : 404, { "content-type": tx ? "application/json" : "text/plain" });
    res.end(tx ? JSON.stringify(tx) : "Transaction not found");
  });
  await new Promise<void>((resolve) => esplora.listen(0, "127.0.0.1", resolve));
  smtp = await startSmtpServer();
  app = await startTestApp({
    PAYMENTS_BTC_ESPLORA_URL: `http://127.0.0.1:${(esplora.address() as AddressInfo).port}`,
    PAYMENTS_BTC_NETWORK: "regtest",
    PAYMENTS_BTC_CONFIRMATIONS: 1,
    PAYMENTS_ALLOW_TEST_DEFAULTS: true,
    CRYPTO_RATES_JSON: '{"ETH":"3000","BTC":"60000"}',
    UNPAID_HOLDS_PER_CLIENT: 0,
    UNPAID_HOLDS_PER_OWNER: 0,
    SMTP_URL: smtp.url,
    PUBLIC_ORIGIN: "https://names.test",
  });
  shop = await seedCatalogue();
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
  await new Promise((resolve) => esplora?.close(resolve));
});

const txid = () => randomBytes(32).toString("hex");
let block = 100n;

/** A BTC order owned by `buyer`, paid 5000 satoshi too much from SENDER: a DUE refund of 5000. */
async function overpaidOrder(email = "buyer@example.com") {
  const res = await app.fetch("/v1/market/crypto/purchase", {
    method: "POST",
    json: {
      currency: "BTC",
      domain: `claim${randomUUID().slice(0, 8)}.web3`,
      ownerAddress: buyer.address,
      ownerEmail: email,
      ownerName: "Buyer",
      partnerId: shop.partnerId,
      years: 1,
    },
  });
  expect(res.status).toBe(200);
  const offer = (await res.json()) as { orderId: string; paymentId: string; paymentDetails: { amountAtomic: string } };
  block += 1n;
  await recordTransfers(
    "bitcoin:regtest",
    [
      {
        paymentId: offer.paymentId,
        txHash: txid(),
        logIndex: 0,
        blockNumber: block,
        blockTime: new Date(),
        amount: BigInt(offer.paymentDetails.amountAtomic) + 5000n,
        fromAddress: SENDER,
      },
    ],
    { headBlock: block + 5n },
  );
  await settlePayment(offer.paymentId);
  const [refund] = await db().refund.findMany({ where: { orderId: offer.orderId, method: "crypto" } });
  expect(refund).toMatchObject({ status: "DUE", amountAtomic: "5000", senderAddress: SENDER, refundAddress: null });
  return { orderId: offer.orderId, refundId: refund!.id };
}

const claim = (orderId: string, json: unknown, token?: string) =>
  app.fetch(`/v1/market/order/${orderId}/refund-claim`, { method: "POST", json, token });
const refundRow = (id: string) => db().refund.findUniqueOrThrow({ where: { id } });
const recordPayout = (refundId: string, reference: string) =>
  app.fetch("/api/internal/refunds", {
    method: "POST",
    json: { refundId, amountAtomic: "5000", reference },
    headers: { "x-local-admin-secret": app.localAdminSecret() },
  });

/** The code of the newest claim link mailed to `to` (quoted-printable soft breaks undone). */
function mailedCode(to: string): string {
  const mail = [...smtp.messages].reverse().find((m) => m.to.includes(to) && /Claim your refund/.test(m.raw));
  const body = (mail?.raw ?? "").replace(/=\r?\n/g, "").replace(/=3D/g, "=");
  const code = /#claim=([A-Za-z0-9_-]{43})/.exec(body)?.[1];
  if (!code) throw new Error(`no claim link mailed to ${to}`);
  return code;
}

describe("claim by the signed-in owner (item 4)", () => {
  test("the order page's data offers the sender's address only as the default", async () => {
    const { orderId } = await overpaidOrder();
    const res = await app.fetch(`/v1/market/order/${orderId}/refunds`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.emailClaim).toBe(true);
    expect(body.refunds).toHaveLength(1);
    expect(body.refunds[0]).toMatchObject({
      method: "crypto",
      status: "DUE",
      currency: "BTC",
      amountAtomic: "5000",
      suggestedAddress: SENDER,
      refundAddress: null,
      claimable: true,
    });
  });

  test("a claim by the owner goes to the given address, and the payout must pay that address", async () => {
    const { orderId, refundId } = await overpaidOrder();
    const res = await claim(orderId, { refundAddress: CLAIMED }, await signIn(app, buyer));
    expect(res.status).toBe(200);
    expect((await res.json()).refunds[0]).toMatchObject({
      id: refundId,
      refundAddress: CLAIMED,
      suggestedAddress: SENDER,
    });
    const row = await refundRow(refundId);
    expect(row).toMatchObject({ refundAddress: CLAIMED, claimedBy: `owner:${buyer.address.toLowerCase()}` });

    // The operator's list shows where to pay; a payout to the sender no longer proves the refund paid.
    const toSender = txid();
    chainTxs.set(toSender, { status: { confirmed: true }, vout: [{ scriptpubkey_address: SENDER, value: 5000 }] });
    const refused = await recordPayout(refundId, toSender);
    expect(refused.status).toBe(409);
    expect((await refused.json()).field).toBe("reference");
    expect((await refundRow(refundId)).status).toBe("DUE");
    const toClaimed = txid();
    chainTxs.set(toClaimed, { status: { confirmed: true }, vout: [{ scriptpubkey_address: CLAIMED, value: 5000 }] });
    const paid = await recordPayout(refundId, toClaimed);
    expect(paid.status).toBe(200);
    expect(await paid.json()).toMatchObject({ status: "PAID", refundAddress: CLAIMED, payoutReference: toClaimed });
  });

  test("anyone else is refused with 403 and nothing changes; no proof at all is 401", async () => {
    const { orderId, refundId } = await overpaidOrder();
    const other = await claim(orderId, { refundAddress: CLAIMED }, await signIn(app, stranger));
    expect(other.status).toBe(403);
    expect(await other.json()).toEqual({ field: "Authorization", info: expect.stringContaining("owner address") });
    const anonymous = await claim(orderId, { refundAddress: CLAIMED });
    expect(anonymous.status).toBe(401);
    expect((await anonymous.json()).field).toBe("Authorization");
    // A partner's token is not an owner's proof either.
    const partner = await claim(orderId, { refundAddress: CLAIMED }, shop.adminToken);
    expect(partner.status).toBe(403);
    expect(await refundRow(refundId)).toMatchObject({ refundAddress: null, claimedAt: null, claimedBy: null });
  });

  test("an address that cannot receive the refund's coin on its chain is 400 and changes nothing", async () => {
    const { orderId, refundId } = await overpaidOrder();
    const token = await signIn(app, buyer);
    const mainnet = btcAddressAt(testBtcXpub("mainnet"), "mainnet", 1);
    const broken = CLAIMED.slice(0, -1) + (CLAIMED.endsWith("q") ? "p" : "q");
    for (const refundAddress of [stranger.address, mainnet, broken, "not an address"]) {
      const res = await claim(orderId, { refundAddress }, token);
      expect(res.status).toBe(400);
      expect((await res.json()).field).toBe("refundAddress");
    }
    const missing = await claim(orderId, {}, token);
    expect(missing.status).toBe(400);
    expect(await refundRow(refundId)).toMatchObject({ refundAddress: null, claimedAt: null });
  });

  test("no other origin can drive a claim from a browser (the order's refunds stay readable)", async () => {
    const { orderId } = await overpaidOrder();
    for (const tail of ["refund-claim", "refund-claim-link"]) {
      const preflight = await rawRequest(app.baseUrl, {
        method: "OPTIONS",
        target: `/v1/market/order/${orderId}/${tail}`,
        headers: {
          Origin: "https://evil.example",
          "Access-Control-Request-Method": "POST",
          "Access-Control-Request-Headers": "content-type, authorization",
        },
      });
      expect(preflight.headers["access-control-allow-origin"]).toBeUndefined();
    }
    const read = await rawRequest(app.baseUrl, {
      method: "GET",
      target: `/v1/market/order/${orderId}/refunds`,
      headers: { Origin: "https://evil.example" },
    });
    expect(read.status).toBe(200);
    expect(read.headers["access-control-allow-origin"]).toBe("*");
  });

  test("once the payout has started the address is frozen (409)", async () => {
    const { orderId, refundId } = await overpaidOrder();
    const started = await app.fetch("/api/internal/refunds/start", {
      method: "POST",
      json: { refundId },
      headers: { "x-local-admin-secret": app.localAdminSecret() },
    });
    expect(started.status).toBe(200);
    const res = await claim(orderId, { refundAddress: CLAIMED }, await signIn(app, buyer));
    expect(res.status).toBe(409);
    expect(await refundRow(refundId)).toMatchObject({ status: "PAYING", refundAddress: null });
  });
});

describe("claim through a link mailed to the order's e-mail (item 4)", () => {
  test("the link claims once; used again, expired or for another order it is 403 and changes nothing", async () => {
    const email = `b${randomUUID().slice(0, 6)}@example.com`;
    const { orderId, refundId } = await overpaidOrder(email);
    const sent = await app.fetch(`/v1/market/order/${orderId}/refund-claim-link`, { method: "POST" });
    expect(sent.status).toBe(202);
    expect((await sent.json()).sentTo).toBe(`${email[0]}***@example.com`);
    const code = mailedCode(email);
    // Only its hash is stored.
    const stored = await db().refundClaimLink.findMany({ where: { orderId } });
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).not.toContain(code);

    const other = await overpaidOrder(`o${email}`);
    const elsewhere = await claim(other.orderId, { refundAddress: CLAIMED, claimToken: code });
    expect(elsewhere.status).toBe(403);

    // A bad address does not use the link up.
    const bad = await claim(orderId, { refundAddress: stranger.address, claimToken: code });
    expect(bad.status).toBe(400);
    const first = await claim(orderId, { refundAddress: CLAIMED, claimToken: code });
    expect(first.status).toBe(200);
    expect(await refundRow(refundId)).toMatchObject({ refundAddress: CLAIMED, claimedBy: "email" });
    const again = await claim(orderId, { refundAddress: SENDER, claimToken: code });
    expect(again.status).toBe(403);
    expect(await again.json()).toEqual({ field: "Authorization", info: expect.stringContaining("claim link") });
    expect((await refundRow(refundId)).refundAddress).toBe(CLAIMED);
    expect(await refundRow(other.refundId)).toMatchObject({ refundAddress: null });

    await app.fetch(`/v1/market/order/${orderId}/refund-claim-link`, { method: "POST" });
    const late = mailedCode(email);
    await db().refundClaimLink.updateMany({
      where: { orderId, usedAt: null },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const expired = await claim(orderId, { refundAddress: SENDER, claimToken: late });
    expect(expired.status).toBe(403);
    expect((await refundRow(refundId)).refundAddress).toBe(CLAIMED);
  });

  test("links are bounded per order, and need an e-mail on the order", async () => {
    const email = `r${randomUUID().slice(0, 6)}@example.com`;
    const { orderId } = await overpaidOrder(email);
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await app.fetch(`/v1/market/order/${orderId}/refund-claim-link`, { method: "POST" })).status);
    expect(statuses).toEqual([202, 202, 202, 429]);
    // Renewals and orders of partners' own checkouts may carry no e-mail.
    const noEmail = await overpaidOrder(`n${email}`);
    await db().order.update({ where: { id: noEmail.orderId }, data: { ownerEmail: null } });
    const res = await app.fetch(`/v1/market/order/${noEmail.orderId}/refund-claim-link`, { method: "POST" });
    expect(res.status).toBe(409);
    expect((await res.json()).field).toBe("orderID");
  });
});
