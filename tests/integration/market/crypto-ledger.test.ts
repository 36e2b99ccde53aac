// Issue 31, the ledger of crypto sales on a local chain (ganache) and through the local Esplora
// server, after a scripted mix: a partner's sub-name paid exactly (a sale, and its split into the
// platform's fee and the partner's share the platform holds), overpaid (the excess paid back is a
// refund row with its transaction), underpaid past the offer (refunded in full, no split), a
// top-up that completes a failed order, a Bitcoin sale. Then the ledger balances order by order,
// and the partner's statement shows what the platform owes it.
import { randomUUID } from "node:crypto";
import { describe, expect, test } from "vitest";
import { parseEther } from "viem";
import { db } from "@/lib/db";
import { checkLedgerBalance } from "@/lib/operator/ledger-balance";
import { expireUnpaidOffers } from "@/lib/market/expire-offers";
import { BTC_SENDER, CHAIN_ID, useCryptoChain } from "./support/crypto-chain";

const world = useCryptoChain();
const { watch, offer, payEth, orderOf, refundsOf, recordPayout, endOffer } = world;

const sub = () => `led${randomUUID().slice(0, 8)}.${world.shop.parentName}`;
const ledgerOf = async (orderId: string) =>
  (await db().ledgerEntry.findMany({ where: { orderId }, orderBy: [{ kind: "asc" }, { occurredAt: "asc" }] })).map(
    (e) => ({ kind: e.kind, amount: e.amountAtomic.toFixed(0), usdCents: e.usdCents, transferred: e.transferred }),
  );
/** The fee of the default configuration (10% + 30 cents) on a $2.50 sub-name: 55 of 250 cents. */
const feeOf = (due: bigint) => (due * 55n) / 250n;

/** The shares of the partner's completed sub-name sales, which the platform holds for it. */
let expectedShares = 0n;

describe("the ledger of crypto sales", () => {
  test("a partner's sub-name paid exactly: the sale at the offer's rate, and its split once it completes", async () => {
    const o = await offer({ domain: sub() });
    const due = BigInt(o.paymentDetails.amountAtomic);
    await payEth(o.address, due);
    expect((await orderOf(o.orderId)).orderStatus).toBe("COMPLETED");
    // Re-reading the chain credits nothing twice.
    await watch();
    expectedShares += due - feeOf(due);
    expect(await ledgerOf(o.orderId)).toEqual([
      { kind: "partner_share", amount: String(due - feeOf(due)), usdCents: 195n, transferred: false },
      { kind: "platform_fee", amount: String(feeOf(due)), usdCents: 55n, transferred: false },
      { kind: "sale", amount: String(due), usdCents: 250n, transferred: false },
    ]);
    const [sale] = await db().ledgerEntry.findMany({ where: { orderId: o.orderId, kind: "sale" } });
    expect(sale!.reference).toMatch(new RegExp(`^eip155:${CHAIN_ID}:0x[0-9a-f]{64}$`));
  });

  test("overpaid: the excess paid back is a refund row with its payout; the split is the price's", async () => {
    const o = await offer({ domain: sub() });
    const due = BigInt(o.paymentDetails.amountAtomic);
    await payEth(o.address, due + parseEther("0.01"));
    const [owed] = (await refundsOf()).filter((r) => r.orderId === o.orderId);
    const hash = await world.operatorWallet.sendTransaction({
      to: world.payerAddress as `0x${string}`,
      value: BigInt(owed!.amountAtomic),
      account: world.operatorWallet.account!,
      chain: world.operatorWallet.chain,
    });
    await world.node.mine(1);
    expect((await recordPayout(owed!.id, { amountAtomic: owed!.amountAtomic, reference: hash })).status).toBe(200);
    expect((await recordPayout(owed!.id, { amountAtomic: owed!.amountAtomic, reference: hash })).status).toBe(200);
    const rows = await db().ledgerEntry.findMany({ where: { orderId: o.orderId } });
    const refund = rows.filter((r) => r.kind === "refund");
    expect(refund.map((r) => [r.amountAtomic.toFixed(0), r.reference])).toEqual([
      [`-${parseEther("0.01")}`, `eip155:${CHAIN_ID}:${hash.toLowerCase()}`],
    ]);
    // 0.01 ETH at $3000: $30.
    expect(refund[0]!.usdCents).toBe(-3000n);
    const split = rows.filter((r) => r.kind === "platform_fee" || r.kind === "partner_share");
    expect(split.reduce((sum, r) => sum + BigInt(r.amountAtomic.toFixed(0)), 0n)).toBe(due);
    expectedShares += due - feeOf(due);
  });

  test("underpaid past the offer and paid back: a sale and its refund, no split", async () => {
    const o = await offer({ domain: sub() });
    const half = BigInt(o.paymentDetails.amountAtomic) / 2n;
    await payEth(o.address, half);
    await endOffer(o.orderId, o.paymentId);
    await expireUnpaidOffers();
    const [owed] = (await refundsOf()).filter((r) => r.orderId === o.orderId);
    expect((await recordPayout(owed!.id, { amountAtomic: owed!.amountAtomic, reference: "0xback" })).status).toBe(200);
    expect((await orderOf(o.orderId)).orderStatus).toBe("REFUNDED");
    expect((await ledgerOf(o.orderId)).map((e) => [e.kind, e.amount])).toEqual([
      ["refund", String(-half)],
      ["sale", String(half)],
    ]);
  });

  test("a top-up completes a failed order: two sales, one split", async () => {
    const o = await offer({ domain: sub() });
    const due = BigInt(o.paymentDetails.amountAtomic);
    await payEth(o.address, due / 3n);
    await endOffer(o.orderId, o.paymentId);
    await expireUnpaidOffers();
    expect((await orderOf(o.orderId)).orderStatus).toBe("FAILED");
    await payEth(o.address, due - due / 3n);
    expect((await orderOf(o.orderId)).orderStatus).toBe("COMPLETED");
    const kinds = (await ledgerOf(o.orderId)).map((e) => e.kind).sort();
    expect(kinds).toEqual(["partner_share", "platform_fee", "sale", "sale"]);
    expectedShares += due - feeOf(due);
  });

  test("a Bitcoin overpayment of a second-level name: the registry's sale, no split", async () => {
    const o = await offer({ currency: "BTC" });
    const due = Number(o.paymentDetails.amountAtomic);
    world.esplora.tip += 1;
    world.esplora.addTx([{ address: o.address, value: due + 5000 }], world.esplora.tip, BTC_SENDER);
    await watch();
    expect((await orderOf(o.orderId)).orderStatus).toBe("COMPLETED");
    expect((await ledgerOf(o.orderId)).map((e) => [e.kind, e.amount])).toEqual([["sale", String(due + 5000)]]);
  });

  test("after the mix the ledger balances order by order; the statement shows what the platform holds", async () => {
    const balance = await checkLedgerBalance();
    // The Bitcoin overpayment's 5000 sats are still owed: counted as owed, not as kept.
    expect(balance.problems).toEqual([]);
    expect(balance.ok).toBe(true);
    const statement = await (await world.app.fetch("/v1/partner/statement", { token: world.shop.adminToken })).json();
    const eth = statement.totals.find((t: { currency: string }) => t.currency === "ETH");
    const owedWei = BigInt(parseEther(eth.owed));
    expect(owedWei).toBe(expectedShares);
    expect([eth.transferred, eth.paidOut]).toEqual(["0.000000000000000000", "0.000000000000000000"]);
  });
});
