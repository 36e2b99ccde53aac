import "server-only";
import type { Prisma } from "@prisma/client";
import {
  appendLedger,
  partnerSplit,
  proportionalUsd,
  reverseSplit,
  undoEntries,
  usdCentsOf,
} from "@/lib/ledger/entries";
import { platformFeeCents } from "./platform-fee";
import { atomic, decimalText, type StoredAmount } from "@/lib/db/amounts";

// The marketplace's rows of the ledger, each written by the transaction that moves the money:
// the split of a partner's crypto sale when its order completes (its card sales are split when
// the charge is recorded, card-payment-events.ts), card refunds and lost disputes with the part
// of the split they take back, and crypto refunds paid out by the operator.

type Tx = Prisma.TransactionClient;

const CRYPTO = new Set(["evm", "bitcoin"]);

/**
 * A partner's crypto sale completed: the price is split into the platform's fee (the configured
 * fee's share of the USD price, applied to the amount in coin) and the partner's share, which the
 * platform owes the partner until it records a payout. Overpayments are the buyer's, not split.
 */
export async function splitCompletedCryptoSale(tx: Tx, orderId: string, now = new Date()): Promise<void> {
  const order = await tx.order.findUnique({
    where: { id: orderId },
    select: {
      partnerId: true,
      parentId: true,
      currency: true,
      basePriceCents: true,
      payment: {
        select: {
          processor: true,
          amountDue: true,
          arrivalAmountDue: true,
          decimals: true,
          usdPerUnit: true,
          arrivalUsdPerUnit: true,
          platformFeeCents: true,
        },
      },
    },
  });
  const payment = order?.payment;
  if (!order?.partnerId || !order.parentId || !payment || !CRYPTO.has(payment.processor)) return;
  // A late payment is held to (and split at) the price at the rate of its arrival.
  const amount = atomic(payment.arrivalAmountDue ?? payment.amountDue);
  const decimals = payment.decimals ?? 0;
  // The fee decided with the order; orders written before it was kept are split at today's.
  const feeShare = payment.platformFeeCents ?? (order.basePriceCents > 0 ? platformFeeCents(order.basePriceCents) : 0);
  const fee = order.basePriceCents > 0 ? (amount * BigInt(feeShare)) / BigInt(order.basePriceCents) : 0n;
  await appendLedger(
    tx,
    partnerSplit({
      keyOf: `order:${orderId}`,
      orderId,
      partnerId: order.partnerId,
      currency: order.currency,
      decimals,
      amountAtomic: amount,
      feeAtomic: fee,
      usdCents: usdCentsOf(amount, decimals, decimalText(payment.arrivalUsdPerUnit ?? payment.usdPerUnit)),
      reference: `order:${orderId}`,
      occurredAt: now,
      transferred: false,
    }),
  );
}

/**
 * A completed crypto sale reversed (its money owed back to the buyer): what is left of its split is
 * taken back in full, so the partner is no longer owed a share of a sale that did not stand. Card
 * splits are taken back by the refund or dispute rows themselves.
 */
export async function takeBackCryptoSplit(tx: Tx, orderId: string, now = new Date()): Promise<void> {
  const payment = await tx.payment.findUnique({ where: { orderId }, select: { processor: true } });
  if (!payment || !CRYPTO.has(payment.processor)) return;
  const rows = await tx.ledgerEntry.findMany({
    where: { orderId, kind: { in: ["platform_fee", "partner_share"] } },
  });
  const left = (kind: string) =>
    rows.filter((r) => r.kind === kind).reduce((sum, r) => sum + BigInt(r.amountAtomic.toFixed(0)), 0n);
  const usdLeft = (kind: string) =>
    rows
      .filter((r) => r.kind === kind)
      .reduce<bigint | null>((sum, r) => (sum === null || r.usdCents === null ? null : sum + r.usdCents), 0n);
  const share = rows.find((r) => r.kind === "partner_share");
  if (!share) return;
  const common = {
    currency: share.currency,
    decimals: share.decimals,
    partnerId: share.partnerId,
    orderId,
    reference: `order:${orderId}`,
    occurredAt: now,
  };
  await appendLedger(tx, [
    {
      ...common,
      key: `platform_fee:reversed:${orderId}`,
      kind: "platform_fee",
      amountAtomic: -left("platform_fee"),
      usdCents: usdLeft("platform_fee") === null ? null : -usdLeft("platform_fee")!,
    },
    {
      ...common,
      key: `partner_share:reversed:${orderId}`,
      kind: "partner_share",
      amountAtomic: -left("partner_share"),
      usdCents: usdLeft("partner_share") === null ? null : -usdLeft("partner_share")!,
    },
  ]);
}

/**
 * A card refund the processor made: money back to the buyer, and the split taken back in
 * proportion; or, when the partner kept its transferred share (a dashboard refund without
 * "reverse transfer"), the whole refund comes out of the platform's fee.
 */
export function recordCardRefundPaid(
  tx: Tx,
  input: {
    orderId: string;
    partnerId: string | null;
    refundId: string;
    amountCents: bigint;
    partnerKeepsShare?: boolean;
    at: Date;
  },
): Promise<void> {
  return recordCardMoneyBack(tx, "refund", { ...input, reference: input.refundId });
}

/** A card refund Stripe said succeeded and then failed: the money is back, its rows are taken back. */
export function undoCardRefund(tx: Tx, refundId: string, at: Date): Promise<void> {
  return undoEntries(tx, [`refund:${refundId}`, `platform_fee:${refundId}`, `partner_share:${refundId}`], at);
}

/** A lost dispute: the amount went back to the buyer through the bank, the split taken back likewise. */
export function recordDisputeLost(
  tx: Tx,
  input: { orderId: string; partnerId: string | null; disputeId: string; amountCents: bigint; at: Date },
): Promise<void> {
  return recordCardMoneyBack(tx, "dispute", { ...input, reference: input.disputeId });
}

/**
 * Card money back to the buyer (`reference`: Stripe's re_… or dp_… id): its row, and the split
 * taken back, or all of it from the platform's fee when the partner keeps its share (under the
 * key a proportional booking's fee row has, so a refund that fails afterwards is undone alike).
 */
async function recordCardMoneyBack(
  tx: Tx,
  kind: "refund" | "dispute",
  input: {
    orderId: string;
    partnerId: string | null;
    reference: string;
    amountCents: bigint;
    partnerKeepsShare?: boolean;
    at: Date;
  },
): Promise<void> {
  const row = {
    currency: "USD",
    decimals: 2,
    amountAtomic: -input.amountCents,
    usdCents: -input.amountCents,
    partnerId: input.partnerId,
    orderId: input.orderId,
    reference: input.reference,
    occurredAt: input.at,
  };
  if (input.partnerKeepsShare)
    await appendLedger(tx, [{ ...row, key: `platform_fee:${input.reference}`, kind: "platform_fee" }]);
  else
    await reverseSplit(tx, {
      orderId: input.orderId,
      keyOf: input.reference,
      amountAtomic: input.amountCents,
      reference: input.reference,
      occurredAt: input.at,
    });
  await appendLedger(tx, [{ ...row, key: `${kind}:${input.reference}`, kind }]);
}

/**
 * A crypto refund the operator paid out: valued at the rate of the payment's own sale rows (what
 * the money was worth when it came), reference `chain:txHash` where the payout was on chain.
 */
export async function recordCryptoRefundPaid(
  tx: Tx,
  refund: {
    id: string;
    orderId: string;
    partnerId: string | null;
    currency: string;
    decimals: number;
    amountAtomic: StoredAmount;
    chain: string | null;
  },
  reference: string,
  at: Date,
): Promise<void> {
  const sales = await tx.ledgerEntry.findMany({
    where: { orderId: refund.orderId, kind: "sale" },
    select: { amountAtomic: true, usdCents: true },
  });
  const received = sales.reduce((sum, s) => sum + BigInt(s.amountAtomic.toFixed(0)), 0n);
  const receivedUsd = sales.reduce<bigint | null>(
    (sum, s) => (sum === null || s.usdCents === null ? null : sum + s.usdCents),
    0n,
  );
  const amount = atomic(refund.amountAtomic);
  await appendLedger(tx, [
    {
      key: `refund:${refund.id}`,
      kind: "refund",
      currency: refund.currency,
      decimals: refund.decimals,
      amountAtomic: -amount,
      usdCents: proportionalUsd(-amount, received, receivedUsd),
      partnerId: refund.partnerId,
      orderId: refund.orderId,
      reference:
        /^0x[0-9a-fA-F]{64}$|^[0-9a-fA-F]{64}$/.test(reference) && refund.chain
          ? `${refund.chain}:${reference.toLowerCase()}`
          : reference,
      occurredAt: at,
    },
  ]);
}
