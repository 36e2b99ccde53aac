// Issue 31 item 6 (actions): every hand action of the operator changes what it says, and only with
// an operator token and a reason, and each leaves its audit row (who, when, why, what, target) in
// the append-only log; a refused action changes nothing and logs nothing.
import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { database, db } from "@/lib/db";
import { onCryptoPaymentCredited } from "@/lib/market/crypto-payment-events";
import { settlePayment } from "@/lib/market/settle-payment";
import { signOperatorToken, verifyOperatorToken } from "@/lib/operator/operator-token";
import { recordTransfers } from "@/lib/payments/crypto/record-transfers";
import { startTestApp, type TestApp } from "@/tests/support/app";
import { ETH_WALLET, OWNER, seedCatalogue } from "@/tests/support/market-fixtures";

let app: TestApp;
let shop: Awaited<ReturnType<typeof seedCatalogue>>;
let operator: string;
let operatorId: string;

beforeAll(async () => {
  app = await startTestApp({ UNPAID_HOLDS_PER_CLIENT: 0, UNPAID_HOLDS_PER_OWNER: 0 });
  shop = await seedCatalogue();
  operator = signOperatorToken(1).token;
  operatorId = verifyOperatorToken(operator)!.jti;
});
afterAll(() => app?.close());

const act = (json: unknown, token = operator) => app.fetch("/v1/operator/actions", { method: "POST", json, token });
const auditOf = (target: string) => db().operatorAudit.findMany({ where: { target }, orderBy: { at: "asc" } });
const domain = () => `op${randomUUID().slice(0, 8)}.web3`;

/** A USDC order of 10 USD (10_000_000 units), credited `amount`. */
async function cryptoSale(name: string, amount: bigint) {
  const res = await app.fetch("/v1/market/crypto/purchase", {
    method: "POST",
    json: {
      currency: "USDC",
      domain: name,
      ownerAddress: OWNER,
      ownerEmail: "buyer@example.com",
      ownerName: "Ada Buyer",
      partnerId: shop.partnerId,
      walletAddrs: [{ coinId: 60, addr: ETH_WALLET }],
      years: 1,
    },
  });
  expect(res.status).toBe(200);
  const { orderId, paymentId } = (await res.json()) as { orderId: string; paymentId: string };
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
  await onCryptoPaymentCredited(paymentId);
  return { orderId, paymentId };
}

async function cardSale(name: string) {
  const res = await app.fetch("/v1/market/purchase", {
    method: "POST",
    json: {
      checkoutId: randomUUID(),
      domain: name,
      ownerAddress: OWNER,
      walletAddrs: [{ coinId: 60, addr: ETH_WALLET }],
      years: 1,
    },
  });
  const { orderId, processorCheckoutSession } = await res.json();
  const paid = await app.fetch("/api/test-processor/pay", {
    method: "POST",
    json: { clientSecret: processorCheckoutSession, cardNumber: "4242424242424242" },
  });
  expect(paid.status).toBe(200);
  return orderId as string;
}

const statusOf = async (orderId: string) =>
  (await db().order.findUniqueOrThrow({ where: { id: orderId } })).orderStatus;

describe("operator actions, each audited", () => {
  test("accept an underpaid order: it completes, and the log says who, why and the amounts", async () => {
    const name = domain();
    const { orderId, paymentId } = await cryptoSale(name, 9_000_000n);
    expect(await statusOf(orderId)).toBe("PENDING");
    const res = await act({ action: "accept-underpaid", orderId, reason: "Buyer's exchange kept a 1 USDC fee" });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.outcome).toContain("COMPLETED");
    expect(await statusOf(orderId)).toBe("COMPLETED");
    expect((await db().payment.findUniqueOrThrow({ where: { id: paymentId } })).amountDue).toEqual("9000000");
    const [row] = await auditOf(`order:${orderId}`);
    expect(row).toMatchObject({
      operator: "operator",
      tokenId: operatorId,
      action: "accept-underpaid",
      reason: "Buyer's exchange kept a 1 USDC fee",
      detail: { orderStatus: "PENDING", amountDueBefore: "10 USDC", amountDueAfter: "9 USDC" },
    });
    expect(body.audit).toMatchObject({ id: row!.id, target: `order:${orderId}` });
    // A second time there is nothing short: 409, and no second row.
    expect((await act({ action: "accept-underpaid", orderId, reason: "again" })).status).toBe(409);
    expect(await auditOf(`order:${orderId}`)).toHaveLength(1);
  });

  test("write off dust: a refund worth at most OPERATOR_DUST_USD is never owed again; more is refused", async () => {
    const { orderId, paymentId } = await cryptoSale(domain(), 10_500_000n);
    const [dust] = await db().refund.findMany({ where: { orderId } });
    expect(dust).toMatchObject({ status: "DUE", amountAtomic: "500000" });
    const res = await act({ action: "write-off-dust", refundId: dust!.id, reason: "Network fee exceeds it" });
    expect(res.status).toBe(200);
    expect((await db().refund.findUniqueOrThrow({ where: { id: dust!.id } })).status).toBe("WRITTEN_OFF");
    await db().payment.update({ where: { id: paymentId }, data: { settlementDue: true } });
    await settlePayment(paymentId);
    expect(await db().refund.count({ where: { orderId, status: "DUE" } })).toBe(0);
    expect(await auditOf(`refund:${dust!.id}`)).toMatchObject([
      {
        action: "write-off-dust",
        reason: "Network fee exceeds it",
        detail: { amount: "0.5 USDC", usd: "0.50", orderId },
      },
    ]);
    // The books add up: what was received is kept, refunded, owed or written off, and says which.
    const from = new Date(Date.now() - 3600_000).toISOString();
    const to = new Date(Date.now() + 3600_000).toISOString();
    const books = await app.fetch(`/v1/operator/reconciliation?from=${from}&to=${to}&pageSize=500`, {
      token: operator,
    });
    expect(books.status).toBe(200);
    const answer = await books.json();
    expect(answer.orders.find((order: { orderId: string }) => order.orderId === orderId)).toMatchObject({
      receivedAtomic: "10500000",
      refundedAtomic: "0",
      owedAtomic: "0",
      writtenOffAtomic: "500000",
      writtenOffUsd: "0.50",
    });
    expect(Number(answer.totals.writtenOffUsd)).toBeGreaterThanOrEqual(0.5);

    const big = await cryptoSale(domain(), 15_000_000n);
    const [owed] = await db().refund.findMany({ where: { orderId: big.orderId } });
    const refused = await act({ action: "write-off-dust", refundId: owed!.id, reason: "too much" });
    expect(refused.status).toBe(409);
    expect((await refused.json()).field).toBe("refundId");
    expect((await db().refund.findUniqueOrThrow({ where: { id: owed!.id } })).status).toBe("DUE");
    expect(await auditOf(`refund:${owed!.id}`)).toHaveLength(0);
  });

  test("refund a completed crypto order: REFUNDED, name suspended, everything owed back", async () => {
    const name = domain();
    const { orderId } = await cryptoSale(name, 10_000_000n);
    expect(await statusOf(orderId)).toBe("COMPLETED");
    const res = await act({ action: "refund-order", orderId, reason: "Bought by mistake; buyer asked" });
    expect(res.status).toBe(200);
    expect(await statusOf(orderId)).toBe("REFUNDED");
    expect((await db().domain.findUniqueOrThrow({ where: { name } })).suspendedAt).not.toBeNull();
    expect(await db().refund.findMany({ where: { orderId } })).toMatchObject([
      { method: "crypto", status: "DUE", amountAtomic: "10000000" },
    ]);
    expect(await auditOf(`order:${orderId}`)).toMatchObject([
      { action: "refund-order", detail: { method: "crypto", amount: "10 USDC" } },
    ]);
  });

  test("refund a completed card order through the processor", async () => {
    const orderId = await cardSale(domain());
    expect(await statusOf(orderId)).toBe("COMPLETED");
    const res = await act({ action: "refund-order", orderId, reason: "Chargeback threatened" });
    expect(res.status).toBe(200);
    expect(await statusOf(orderId)).toBe("REFUNDED");
    const [refund] = await db().refund.findMany({ where: { orderId } });
    expect(refund).toMatchObject({ method: "card", status: "PAID", amountAtomic: "1000" });
    expect(refund!.processorRefundId).toBeTruthy();
    expect(await auditOf(`order:${orderId}`)).toMatchObject([
      { action: "refund-order", reason: "Chargeback threatened", detail: { method: "card", amount: "10 USD" } },
    ]);
    expect((await act({ action: "refund-order", orderId, reason: "twice" })).status).toBe(409);
  });

  test("suspend, unsuspend and release a name", async () => {
    const name = domain();
    await cryptoSale(name, 10_000_000n);
    const target = `name:${name}`;
    expect((await act({ action: "suspend-name", name, reason: "Phishing reported" })).status).toBe(200);
    expect((await db().domain.findUniqueOrThrow({ where: { name } })).suspendedReason).toContain("Phishing reported");
    expect((await act({ action: "suspend-name", name, reason: "again" })).status).toBe(409);
    expect((await act({ action: "unsuspend-name", name, reason: "Report was wrong" })).status).toBe(200);
    expect((await db().domain.findUniqueOrThrow({ where: { name } })).suspendedAt).toBeNull();
    const search = async () =>
      (await (await app.fetch(`/v1/market/search?q=${encodeURIComponent(name)}`)).json()).results[0].available;
    expect(await search()).toBe(false);
    expect((await act({ action: "release-name", name, reason: "Court order" })).status).toBe(200);
    expect(await search()).toBe(true);
    expect((await auditOf(target)).map((r) => [r.action, r.reason])).toEqual([
      ["suspend-name", "Phishing reported"],
      ["unsuspend-name", "Report was wrong"],
      ["release-name", "Court order"],
    ]);
    expect((await act({ action: "suspend-name", name: "nobody-here.web3", reason: "x y z" })).status).toBe(404);
  });

  test("a token printed for a named operator puts that name in the log", async () => {
    const name = domain();
    await cryptoSale(name, 10_000_000n);
    const ada = signOperatorToken(1, Date.now(), "ada@ops").token;
    expect((await act({ action: "suspend-name", name, reason: "Abuse report 42" }, ada)).status).toBe(200);
    expect(await auditOf(`name:${name}`)).toMatchObject([
      { operator: "operator:ada@ops", tokenId: verifyOperatorToken(ada)!.jti, reason: "Abuse report 42" },
    ]);
  });

  test("only the operator, only with a reason; the log pages newest first and cannot be rewritten", async () => {
    const name = domain();
    await cryptoSale(name, 10_000_000n);
    const partner = await act({ action: "suspend-name", name, reason: "not mine" }, shop.adminToken);
    expect(partner.status).toBe(401);
    const noReason = await act({ action: "suspend-name", name });
    expect(noReason.status).toBe(400);
    expect((await noReason.json()).field).toBe("reason");
    expect((await act({ action: "delete-everything", name, reason: "why not" })).status).toBe(400);
    expect(await auditOf(`name:${name}`)).toHaveLength(0);
    expect((await db().domain.findUniqueOrThrow({ where: { name } })).suspendedAt).toBeNull();

    const first = await app.fetch("/v1/operator/audit?pageSize=2", { token: operator });
    expect(first.status).toBe(200);
    const page = await first.json();
    expect(page.entries).toHaveLength(2);
    expect(Date.parse(page.entries[0].at)).toBeGreaterThanOrEqual(Date.parse(page.entries[1].at));
    const next = await (
      await app.fetch(`/v1/operator/audit?pageSize=2&after=${page.nextAfter}`, { token: operator })
    ).json();
    expect(next.entries.map((e: { id: string }) => e.id)).not.toContain(page.entries[0].id);
    expect((await app.fetch("/v1/operator/audit", { token: shop.adminToken })).status).toBe(401);

    await expect(database().query(`UPDATE operator_audit SET reason = 'nothing happened'`)).rejects.toThrow(
      /append-only/,
    );
    await expect(database().query(`DELETE FROM operator_audit`)).rejects.toThrow(/append-only/);
  });
});
