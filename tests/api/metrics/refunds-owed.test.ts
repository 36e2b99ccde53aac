// GET /metrics reports the refunds owed (DUE) per method and currency: how many, and their sum in
// whole units of the currency, summed exactly over the numeric amounts (issue 35).
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, test } from "vitest";
import { db } from "@/lib/db";
import { startTestApp, type TestApp } from "@/tests/support/app";

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

/** An order and its payment, with one refund per entry of `refunds`. */
async function owe(currency: string, decimals: number, refunds: { status: "DUE" | "PAID"; amountAtomic: string }[]) {
  const orderId = randomUUID();
  const paymentId = randomUUID();
  await db().order.create({
    data: {
      id: orderId,
      domain: `owed${orderId.slice(0, 8)}.web3`,
      ownerAddress: "0x8ba1f109551bd432803012645ac136ddd64dba72",
      years: 1,
      basePriceCents: 1000,
      currency,
      price: "10",
      paymentType: currency === "USD" ? "card" : "crypto",
      paymentReferenceId: paymentId,
      payment: { create: { id: paymentId, processor: "test", amountDue: "1000" } },
    },
  });
  for (const refund of refunds)
    await db().refund.create({
      data: {
        id: randomUUID(),
        orderId,
        paymentId,
        method: currency === "USD" ? "card" : "crypto",
        reason: "test",
        currency,
        decimals,
        ...refund,
      },
    });
}

test("refunds owed: their count and exact sum per method and currency; paid ones are not owed", async () => {
  await owe("ETH", 18, [
    { status: "DUE", amountAtomic: "5000000000000000" },
    { status: "DUE", amountAtomic: "1" },
    { status: "PAID", amountAtomic: "7000000000000000000" },
  ]);
  await owe("USD", 2, [{ status: "DUE", amountAtomic: "250" }]);
  const text = await (await app.fetch("/metrics")).text();
  const lines = text.split("\n").filter((line) => line.startsWith("namesvc_refunds_owed"));
  // 0.005 ETH and 1 wei, summed exactly in SQL; the gauge itself is a double.
  expect(lines.sort()).toEqual([
    'namesvc_refunds_owed_amount{method="card",currency="USD"} 2.5',
    'namesvc_refunds_owed_amount{method="crypto",currency="ETH"} 0.005000000000000001',
    'namesvc_refunds_owed{method="card",currency="USD"} 1',
    'namesvc_refunds_owed{method="crypto",currency="ETH"} 2',
  ]);
});
