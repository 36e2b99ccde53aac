// Issue 31 item 5: with SMTP_URL set, a buyer who gave an e-mail address gets a receipt when the
// order completes and a notice when a refund is owed, through a real SMTP exchange with a local
// server; each mail once, a refused one again later; without SMTP_URL nothing is sent and nothing fails.
import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { setConfig, config } from "@/lib/config";
import { db } from "@/lib/db";
import { onCryptoPaymentCredited } from "@/lib/market/crypto-payment-events";
import { mailBuyers } from "@/lib/market/mail-buyers";
import { startMailingBuyers } from "@/lib/market/mail-jobs";
import { recordTransfers } from "@/lib/payments/crypto/record-transfers";
import { startTestApp, type TestApp } from "@/tests/support/app";
import { ETH_WALLET, OWNER, seedCatalogue } from "@/tests/support/market-fixtures";
import { startSmtpServer, type SmtpTestServer } from "@/tests/support/smtp-server";

let app: TestApp;
let smtp: SmtpTestServer;
let partnerId: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startTestApp({
    SMTP_URL: smtp.url,
    MAIL_FROM: "Names <no-reply@names.test>",
    PUBLIC_ORIGIN: "https://names.test",
    UNPAID_HOLDS_PER_CLIENT: 0,
    UNPAID_HOLDS_PER_OWNER: 0,
  });
  ({ partnerId } = await seedCatalogue());
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

const buy = async (domain: string, email: string) => {
  const res = await app.fetch("/v1/market/crypto/purchase", {
    method: "POST",
    json: {
      currency: "USDC",
      domain,
      ownerAddress: OWNER,
      ownerEmail: email,
      ownerName: "Ada Buyer",
      partnerId,
      walletAddrs: [{ coinId: 60, addr: ETH_WALLET }],
      years: 1,
    },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { orderId: string; paymentId: string };
};

async function pay(paymentId: string, amount: bigint) {
  const payment = await db().payment.findUniqueOrThrow({ where: { id: paymentId } });
  await recordTransfers(
    payment.chain!,
    [
      {
        paymentId,
        txHash: `0x${randomBytes(32).toString("hex")}`,
        logIndex: 0,
        blockNumber: 100n,
        blockTime: new Date(),
        amount,
      },
    ],
    { headBlock: 110n },
  );
  return onCryptoPaymentCredited(paymentId);
}

const mailTo = (email: string) => smtp.messages.filter((m) => m.to.includes(email));

describe("mails to buyers", () => {
  test("a completed order gets one receipt, with the name, the price and the order's page", async () => {
    const email = `r${randomUUID().slice(0, 6)}@buyer.test`;
    const domain = `mail${randomUUID().slice(0, 8)}.web3`;
    const offer = await buy(domain, email);
    expect(await pay(offer.paymentId, 10_000_000n)).toBe("COMPLETED");
    const sent = await mailBuyers();
    expect(sent).toContain(`receipt:${offer.orderId}`);
    expect(await mailBuyers()).not.toContain(`receipt:${offer.orderId}`);
    const [receipt, ...more] = mailTo(email);
    expect(more).toEqual([]);
    expect(receipt!.from).toBe("no-reply@names.test");
    expect(receipt!.raw).toContain(`Subject: Receipt: ${domain}`);
    expect(receipt!.raw).toContain("Paid: 10 USDC (10.00 USD)");
    expect(receipt!.raw).toContain(`https://names.test/orders/${offer.orderId}`);
  });

  test("an overpayment owes a refund: the buyer is told the amount and why", async () => {
    const email = `o${randomUUID().slice(0, 6)}@buyer.test`;
    const offer = await buy(`over${randomUUID().slice(0, 8)}.web3`, email);
    expect(await pay(offer.paymentId, 15_000_000n)).toBe("COMPLETED");
    const refund = await db().refund.findFirstOrThrow({ where: { orderId: offer.orderId } });
    const sent = await mailBuyers();
    expect(sent).toEqual(expect.arrayContaining([`receipt:${offer.orderId}`, `refund-owed:${refund.id}`]));
    const notice = mailTo(email).find((m) => m.raw.includes("is owed to you"));
    expect(notice?.raw).toContain("A refund of 5 USDC is owed to you");
  });

  test("a refused mail is kept and sent again later, once", async () => {
    const email = `x${randomUUID().slice(0, 6)}@buyer.test`;
    const offer = await buy(`retry${randomUUID().slice(0, 8)}.web3`, email);
    expect(await pay(offer.paymentId, 10_000_000n)).toBe("COMPLETED");
    smtp.setRefusing(true);
    expect(await mailBuyers()).not.toContain(`receipt:${offer.orderId}`);
    const row = await db().buyerMail.findUniqueOrThrow({ where: { key: `receipt:${offer.orderId}` } });
    expect(row).toMatchObject({ sentAt: null, attempts: 1, lastError: expect.stringContaining("550") });
    smtp.setRefusing(false);
    expect(await mailBuyers()).not.toContain(`receipt:${offer.orderId}`); // not before its backoff
    const later = new Date(Date.now() + 3 * 60_000);
    expect(await mailBuyers(later)).toContain(`receipt:${offer.orderId}`);
    expect(mailTo(email)).toHaveLength(1);
  });

  test("without SMTP_URL the job sends nothing, claims nothing and fails nothing", async () => {
    const email = `n${randomUUID().slice(0, 6)}@buyer.test`;
    const offer = await buy(`nomail${randomUUID().slice(0, 8)}.web3`, email);
    expect(await pay(offer.paymentId, 10_000_000n)).toBe("COMPLETED");
    const saved = config();
    setConfig({ ...saved, SMTP_URL: undefined });
    try {
      const stop = startMailingBuyers();
      await new Promise((resolve) => setTimeout(resolve, 200));
      await stop();
    } finally {
      setConfig(saved);
    }
    expect(mailTo(email)).toEqual([]);
    expect(await db().buyerMail.count({ where: { key: `receipt:${offer.orderId}` } })).toBe(0);
    // With SMTP_URL the same job's first pass sends it.
    const stop = startMailingBuyers();
    for (let wait = 0; wait < 40 && mailTo(email).length === 0; wait++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    await stop();
    expect(mailTo(email)).toHaveLength(1);
  });
});
