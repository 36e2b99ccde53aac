// Crypto payments paid for real on a local chain (ganache) and through the local Esplora server:
// the offer's `amount` is the exact decimal the URI carries, and a client that pays the amount it
// parsed as a double (a few wei short) completes within the dust tolerance; over-, under- and late
// payments become amounts owed to the sender, listed for the partner's ADMIN, and marked paid when
// the payout is recorded (an order whose money all went back is REFUNDED).
import { randomUUID } from "node:crypto";
import { describe, expect, test } from "vitest";
import { parseEther } from "viem";
import { db } from "@/lib/db";
import { expireUnpaidOffers } from "@/lib/market/expire-offers";
import { settleDuePayments } from "@/lib/market/settle-payment";
import { pollEvmOnce } from "@/lib/payments/crypto/evm-watcher";
import { BTC_SENDER, useCryptoChain } from "./support/crypto-chain";

const world = useCryptoChain({ otherPartner: true });
const { watch, offer, payEth, orderOf, refundsOf, recordPayout, endOffer } = world;

describe("settlement driven by durable state", () => {
  test(
    "a settlement callback that fails leaves the credit due; the expiry job settles it instead of expiring " +
      "the order",
    async () => {
      const o = await offer();
      await world.payer.sendTransaction({
        to: o.address,
        value: BigInt(o.paymentDetails.amountAtomic),
        account: world.payer.account!,
        chain: world.payer.chain,
      });
      await world.node.mine(1);
      for (let step = 0; step < 50; step++) {
        const polled = await pollEvmOnce({
          onPaymentCredited: () => Promise.reject(new Error("database went away")),
          log: () => {},
        });
        if (polled.caughtUp) break;
      }
      expect((await orderOf(o.orderId)).orderStatus).toBe("PENDING");
      expect(await db().payment.findUniqueOrThrow({ where: { id: o.paymentId } })).toMatchObject({
        settlementDue: true,
      });

      // The offer ends before any job ran: the order is settled, not expired.
      await endOffer(o.orderId, o.paymentId);
      await expireUnpaidOffers();
      expect((await orderOf(o.orderId)).orderStatus).toBe("COMPLETED");
      expect(await db().payment.findUniqueOrThrow({ where: { id: o.paymentId } })).toMatchObject({
        settlementDue: false,
      });
      expect(await db().orderEvent.count({ where: { orderId: o.orderId, status: "EXPIRED" } })).toBe(0);
    },
  );

  test("the settlement job settles every credit left due", async () => {
    const o = await offer();
    await world.payer.sendTransaction({
      to: o.address,
      value: BigInt(o.paymentDetails.amountAtomic),
      account: world.payer.account!,
      chain: world.payer.chain,
    });
    await world.node.mine(1);
    for (let step = 0; step < 50; step++) {
      if ((await pollEvmOnce({ log: () => {} })).caughtUp) break;
    }
    expect((await orderOf(o.orderId)).orderStatus).toBe("PENDING");
    expect(await settleDuePayments(() => {})).toContain(o.paymentId);
    expect((await orderOf(o.orderId)).orderStatus).toBe("COMPLETED");
    expect(await settleDuePayments(() => {})).not.toContain(o.paymentId);
  });
});

describe("exact amounts", () => {
  test(
    "amount is the URI's exact decimal as a JSON number; " + "paying what a double reads (4 wei short) completes",
    async () => {
      // $10 a year for ten years at $3000 per ETH: 0.0333… ETH, rounded up to the wei.
      const o = await offer({ years: 10, domain: `exact${randomUUID().slice(0, 8)}.web3` });
      expect(o.paymentDetails.amountAtomic).toBe("33333333333333334");
      expect(o.text).toContain('"amount":0.033333333333333334,');
      expect(o.uri).toContain("value=33333333333333334");
      const order = await (await world.app.fetch(`/v1/market/order/${o.orderId}`)).text();
      expect(order).toContain('"price":0.033333333333333334,');

      const asParsed = parseEther(String(o.amount));
      expect(asParsed).toBe(33_333_333_333_333_330n);
      await payEth(o.address, asParsed);
      const done = await orderOf(o.orderId);
      expect(done.orderStatus).toBe("COMPLETED");
      expect(done.orderStatusReason).toContain("within the dust tolerance");
      expect(await db().refund.count({ where: { orderId: o.orderId } })).toBe(0);
    },
  );
});

describe("amounts owed back", () => {
  test("overpaid: the order completes and the excess is owed to the sender until the payout is recorded", async () => {
    const o = await offer();
    const due = BigInt(o.paymentDetails.amountAtomic);
    await payEth(o.address, due + parseEther("0.01"));
    expect((await orderOf(o.orderId)).orderStatus).toBe("COMPLETED");
    const [owed] = (await refundsOf()).filter((r) => r.orderId === o.orderId);
    expect(owed).toMatchObject({
      method: "crypto",
      status: "DUE",
      currency: "ETH",
      amount: 0.01,
      amountAtomic: "10000000000000000",
      senderAddress: world.payerAddress,
    });
    // Not another partner's to see.
    expect((await refundsOf(world.other.adminToken)).map((r) => r.id)).not.toContain(owed.id);
    // The partner, even the one that sold the name, records no payout: the crypto is the operator's.
    const byPartner = await world.app.fetch(`/v1/partner/refunds/${owed.id}/payout`, {
      method: "POST",
      token: world.shop.adminToken,
      json: { amountAtomic: owed.amountAtomic, reference: "0xabc" },
    });
    expect(byPartner.status).toBe(404);
    const wrongAmount = await recordPayout(owed.id, { amountAtomic: "1", reference: "0xabc" });
    expect(wrongAmount.status).toBe(409);
    expect(await wrongAmount.json()).toEqual({ field: "amountAtomic", info: expect.any(String) });

    // A transaction hash is checked on the chain: one paying a wei less proves nothing.
    const payBack = async (value: bigint) => {
      const hash = await world.operatorWallet.sendTransaction({
        to: world.payerAddress as `0x${string}`,
        value,
        account: world.operatorWallet.account!,
        chain: world.operatorWallet.chain,
      });
      await world.node.mine(1);
      return hash;
    };
    const short = await payBack(BigInt(owed.amountAtomic) - 1n);
    const refused = await recordPayout(owed.id, { amountAtomic: owed.amountAtomic, reference: short });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ field: "reference", info: expect.stringContaining("not the") });
    const payout = await payBack(BigInt(owed.amountAtomic));
    const recorded = await recordPayout(owed.id, { amountAtomic: owed.amountAtomic, reference: payout });
    expect(recorded.status).toBe(200);
    expect(await recorded.json()).toMatchObject({ id: owed.id, status: "PAID", payoutReference: payout });
    expect((await recordPayout(owed.id, { amountAtomic: owed.amountAtomic, reference: payout })).status).toBe(200);
    expect((await recordPayout(owed.id, { amountAtomic: owed.amountAtomic, reference: "0xother" })).status).toBe(409);
    expect((await orderOf(o.orderId)).orderStatus).toBe("COMPLETED");
    expect((await refundsOf(world.shop.adminToken, "?status=DUE")).map((r) => r.id)).not.toContain(owed.id);
  });

  test("underpaid when the offer ends: FAILED with the amount owed; the payout makes it REFUNDED", async () => {
    const o = await offer();
    const half = BigInt(o.paymentDetails.amountAtomic) / 2n;
    await payEth(o.address, half);
    expect((await orderOf(o.orderId)).orderStatus).toBe("PENDING");
    expect((await refundsOf()).filter((r) => r.orderId === o.orderId)).toEqual([]);

    await endOffer(o.orderId, o.paymentId);
    await expireUnpaidOffers();
    const failed = await orderOf(o.orderId);
    expect(failed.orderStatus).toBe("FAILED");
    expect(failed.orderStatusReason).toContain("owed back to the sender");
    const [owed] = (await refundsOf()).filter((r) => r.orderId === o.orderId);
    expect(owed).toMatchObject({ status: "DUE", amountAtomic: half.toString(), senderAddress: world.payerAddress });

    expect((await recordPayout(owed.id, { amountAtomic: owed.amountAtomic, reference: "0xback" })).status).toBe(200);
    const refunded = await orderOf(o.orderId);
    expect(refunded.orderStatus).toBe("REFUNDED");
    expect(refunded.orderStatusReason).toContain(`was sent back to ${world.payerAddress} (0xback)`);
  });

  test(
    "late, after someone else bought the name: the whole payment is owed; a top-up of an underpayment before " +
      "the payout completes instead",
    async () => {
      const late = await offer();
      const { domain } = await db().order.findUniqueOrThrow({ where: { id: late.orderId } });
      await endOffer(late.orderId, late.paymentId);
      await expireUnpaidOffers();
      expect((await orderOf(late.orderId)).orderStatus).toBe("EXPIRED");
      const rival = await offer({ domain });
      await payEth(rival.address, BigInt(rival.paymentDetails.amountAtomic));
      expect((await orderOf(rival.orderId)).orderStatus).toBe("COMPLETED");
      await payEth(late.address, BigInt(late.paymentDetails.amountAtomic));
      expect((await orderOf(late.orderId)).orderStatus).toBe("FAILED");
      const [owed] = (await refundsOf()).filter((r) => r.orderId === late.orderId);
      expect(owed).toMatchObject({ status: "DUE", amountAtomic: late.paymentDetails.amountAtomic });

      const topped = await offer();
      const due = BigInt(topped.paymentDetails.amountAtomic);
      await payEth(topped.address, due / 3n);
      await endOffer(topped.orderId, topped.paymentId);
      await expireUnpaidOffers();
      expect((await orderOf(topped.orderId)).orderStatus).toBe("FAILED");
      expect((await refundsOf()).filter((r) => r.orderId === topped.orderId)).toHaveLength(1);
      await payEth(topped.address, due - due / 3n);
      expect((await orderOf(topped.orderId)).orderStatus).toBe("COMPLETED");
      expect((await refundsOf()).filter((r) => r.orderId === topped.orderId)).toEqual([]);
    },
  );

  test("Bitcoin: the sender of an overpayment is the address its first input spends", async () => {
    const o = await offer({ currency: "BTC" });
    const due = Number(o.paymentDetails.amountAtomic);
    world.esplora.tip += 1;
    world.esplora.addTx([{ address: o.address, value: due + 5000 }], world.esplora.tip, BTC_SENDER);
    await watch();
    expect((await orderOf(o.orderId)).orderStatus).toBe("COMPLETED");
    const [owed] = (await refundsOf()).filter((r) => r.orderId === o.orderId);
    expect(owed).toMatchObject({ currency: "BTC", amountAtomic: "5000", amount: 0.00005, senderAddress: BTC_SENDER });
  });
});
