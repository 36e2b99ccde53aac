import "server-only";
import { randomUUID } from "node:crypto";
import type { Prisma } from "@prisma/client";

// The ledger (issue 31): every money movement is one append-only row, written in the transaction
// that records the movement itself, and keyed so that a replayed event (a Stripe webhook sent
// twice, a watcher re-reading a block) writes nothing twice. Balances are sums over it; the table
// refuses UPDATE and DELETE (migration 20261208100000_ledger).

type Tx = Prisma.TransactionClient;

export const LEDGER_KINDS = [
  "sale",
  "processor_fee",
  "platform_fee",
  "partner_share",
  "refund",
  "dispute",
  "reorg_loss",
  "payout",
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export interface LedgerInput {
  /** Unique per movement: `<kind>:<what the processor or chain calls it>`. */
  key: string;
  kind: LedgerKind;
  currency: string;
  decimals: number;
  /** Signed (see the model's comment in prisma/schema.prisma). */
  amountAtomic: bigint;
  usdCents: bigint | null;
  partnerId: string | null;
  orderId: string | null;
  reference: string;
  occurredAt?: Date;
  transferred?: boolean;
}

/** Appends the entries not written before; answers how many were new. */
export async function appendLedger(tx: Tx, entries: LedgerInput[]): Promise<number> {
  const rows = entries.filter((e) => e.amountAtomic !== 0n || e.kind === "sale");
  if (rows.length === 0) return 0;
  const { count } = await tx.ledgerEntry.createMany({
    data: rows.map((e) => ({
      id: randomUUID(),
      entryKey: e.key,
      kind: e.kind,
      currency: e.currency,
      decimals: e.decimals,
      amountAtomic: e.amountAtomic.toString(),
      usdCents: e.usdCents,
      partnerId: e.partnerId,
      orderId: e.orderId,
      reference: e.reference,
      occurredAt: e.occurredAt ?? new Date(),
      transferred: e.transferred ?? false,
    })),
    skipDuplicates: true,
  });
  return count;
}

const RATE_SCALE = 10n ** 12n;

/**
 * The value in US cents of `amountAtomic` at `usdPerUnit` dollars per whole coin, rounded half
 * away from zero; null without a rate. Cents are their own value.
 */
export function usdCentsOf(amountAtomic: bigint, decimals: number, usdPerUnit: string | null): bigint | null {
  if (usdPerUnit === null) return null;
  const match = /^(\d+)(?:\.(\d+))?$/.exec(usdPerUnit.trim());
  if (!match) return null;
  const fraction = (match[2] ?? "").slice(0, 12).padEnd(12, "0");
  const rate = BigInt(match[1]!) * RATE_SCALE + BigInt(fraction);
  const denominator = RATE_SCALE * 10n ** BigInt(decimals);
  const numerator = amountAtomic * rate * 100n;
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  const rounded = (magnitude + denominator / 2n) / denominator;
  return negative ? -rounded : rounded;
}

/** What a split entry is worth in USD: the same share of the sale's USD value as of its amount. */
export function proportionalUsd(part: bigint, whole: bigint, wholeUsd: bigint | null): bigint | null {
  if (wholeUsd === null || whole === 0n) return null;
  const numerator = part * wholeUsd;
  const half = whole / 2n;
  return numerator >= 0n ? (numerator + half) / whole : -((-numerator + half) / whole);
}

/**
 * A partner's sale split between the platform's fee and the partner's share (`feeAtomic` capped at
 * the amount). `transferred`: the share went to the partner's connected account at the processor.
 */
export function partnerSplit(input: {
  keyOf: string;
  orderId: string;
  partnerId: string;
  currency: string;
  decimals: number;
  amountAtomic: bigint;
  feeAtomic: bigint;
  usdCents: bigint | null;
  reference: string;
  occurredAt?: Date;
  transferred: boolean;
}): LedgerInput[] {
  const fee = input.feeAtomic < input.amountAtomic ? input.feeAtomic : input.amountAtomic;
  const share = input.amountAtomic - fee;
  const common = {
    currency: input.currency,
    decimals: input.decimals,
    partnerId: input.partnerId,
    orderId: input.orderId,
    reference: input.reference,
    occurredAt: input.occurredAt,
  };
  return [
    {
      ...common,
      key: `platform_fee:${input.keyOf}`,
      kind: "platform_fee",
      amountAtomic: fee,
      usdCents: proportionalUsd(fee, input.amountAtomic, input.usdCents),
    },
    {
      ...common,
      key: `partner_share:${input.keyOf}`,
      kind: "partner_share",
      amountAtomic: share,
      usdCents: proportionalUsd(share, input.amountAtomic, input.usdCents),
      transferred: input.transferred,
    },
  ];
}

/**
 * Money a refund or a lost dispute took back from a partner's sale, taken from the split in
 * proportion: afterwards the fee is the original fee times what is still kept over what was
 * received (all of it gone back: nothing left of either). Writes nothing for an order without a
 * split. `keyOf`: the refund's or dispute's own id.
 */
export async function reverseSplit(
  tx: Tx,
  input: { orderId: string; keyOf: string; amountAtomic: bigint; reference: string; occurredAt?: Date },
): Promise<void> {
  const entries = await tx.ledgerEntry.findMany({
    where: { orderId: input.orderId, kind: { in: ["sale", "platform_fee", "partner_share", "refund", "dispute"] } },
    select: {
      kind: true,
      amountAtomic: true,
      usdCents: true,
      currency: true,
      decimals: true,
      partnerId: true,
      transferred: true,
      entryKey: true,
    },
  });
  if (entries.some((e) => e.entryKey === `partner_share:${input.keyOf}`)) return;
  const own = new Set([`refund:${input.keyOf}`, `dispute:${input.keyOf}`]);
  const sumOf = (kind: string, positive = false) =>
    entries
      .filter((e) => e.kind === kind && !own.has(e.entryKey) && (!positive || e.amountAtomic.gt(0)))
      .reduce((sum, e) => sum + BigInt(e.amountAtomic.toFixed(0)), 0n);
  const share = entries.find((e) => e.kind === "partner_share" && e.amountAtomic.gte(0));
  if (!share?.partnerId) return;
  const received = sumOf("sale");
  if (received <= 0n) return;
  const taken = -(sumOf("refund") + sumOf("dispute")) + input.amountAtomic;
  const kept = received - taken > 0n ? received - taken : 0n;
  const feeNow = sumOf("platform_fee");
  const feeTarget = (sumOf("platform_fee", true) * kept + received / 2n) / received;
  const shareNow = sumOf("partner_share");
  const feeBack = feeTarget - feeNow;
  const shareBack = kept === 0n ? -shareNow : -input.amountAtomic - feeBack;
  const saleUsd = entries
    .filter((e) => e.kind === "sale")
    .reduce<bigint | null>((sum, e) => (sum === null || e.usdCents === null ? null : sum + e.usdCents), 0n);
  const common = {
    currency: share.currency,
    decimals: share.decimals,
    partnerId: share.partnerId,
    orderId: input.orderId,
    reference: input.reference,
    occurredAt: input.occurredAt,
  };
  await appendLedger(tx, [
    {
      ...common,
      key: `platform_fee:${input.keyOf}`,
      kind: "platform_fee",
      amountAtomic: feeBack,
      usdCents: proportionalUsd(feeBack, received, saleUsd),
    },
    {
      ...common,
      key: `partner_share:${input.keyOf}`,
      kind: "partner_share",
      amountAtomic: shareBack,
      usdCents: proportionalUsd(shareBack, received, saleUsd),
      transferred: share.transferred,
    },
  ]);
}

/**
 * Takes back the rows written under `keys` (a card refund Stripe reported succeeded and then
 * failed): each gets its negation, keyed `undo:<key>`, so the ledger stays append-only.
 */
export async function undoEntries(tx: Tx, keys: string[], at = new Date()): Promise<void> {
  if (keys.length === 0) return;
  const rows = await tx.ledgerEntry.findMany({ where: { entryKey: { in: keys } } });
  await appendLedger(
    tx,
    rows.map((row) => ({
      key: `undo:${row.entryKey}`,
      kind: row.kind as LedgerKind,
      currency: row.currency,
      decimals: row.decimals,
      amountAtomic: -BigInt(row.amountAtomic.toFixed(0)),
      usdCents: row.usdCents === null ? null : -row.usdCents,
      partnerId: row.partnerId,
      orderId: row.orderId,
      reference: row.reference,
      occurredAt: at,
      transferred: row.transferred,
    })),
  );
}
