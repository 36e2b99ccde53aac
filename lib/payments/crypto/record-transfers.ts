import "server-only";
import { randomUUID } from "node:crypto";
import type { Prisma, PrismaClient } from "@prisma/client";
import { config } from "@/lib/config";
import { db } from "@/lib/db";
import { atomic, atomicText, decimalText } from "@/lib/db/amounts";
import { run, sql, sqlBuilder } from "@/lib/db/sql";
import { recordCryptoSale, recordReorgLoss } from "@/lib/ledger/crypto-entries";
import { dustTolerance, type ClassifyPaymentInput } from "./classify-payment";
import type { CryptoCurrencyCode, PaymentCurrency } from "./currencies";
import { currentRates, quote } from "./rates";

// The one place chain watchers write: transfers are credited once per (chain, txHash, logIndex),
// the payment's received total is recomputed from its transfers, and the chain cursor moves in the
// same transaction, so a crash between steps can neither lose nor double a credit. A chain
// reorganisation is undone here too: credits the chain no longer holds are moved to
// reversed_transfer, the payment's total is recomputed and the marketplace's hook runs, all in one
// transaction, and the cursor goes back to where the chains agree.

/** Called after a payment received new confirmed transfers; the marketplace decides what follows. */
export type OnPaymentCredited = (paymentId: string) => void | Promise<void>;

/**
 * Called inside the transaction that took credits away from a payment (or credited one that had
 * credits taken away), so the order follows in the same commit.
 */
export type OnPaymentReorganised = (tx: Prisma.TransactionClient, paymentId: string) => Promise<void>;

export interface ObservedTransfer {
  paymentId: string;
  txHash: string;
  /** Log index for ERC-20 transfers, output index for Bitcoin, -1 (native) or -2 (internal) on EVM chains. */
  logIndex: number;
  blockNumber: bigint;
  /** Hash of the block that holds the transfer; compared again after a reorganisation. */
  blockHash?: string;
  /** Time of the block that holds the transfer; stored as the transfer's createdAt. */
  blockTime: Date;
  amount: bigint;
  /** The sender where the chain says (EVM `from`, the first Bitcoin input's address): where a refund goes. */
  fromAddress?: string | null;
}

export interface WatchedPayment {
  id: string;
  depositAddress: string;
  tokenContract: string | null;
}

/** A block the cursor stopped at. */
export interface ChainPoint {
  block: bigint;
  hash: string;
  time: Date;
}

export interface CursorState {
  block: bigint;
  /** Null for a cursor stored before hashes were kept, or rewound past the stored history. */
  hash: string | null;
  time: Date | null;
}

/** How long after its expiry a payment is still watched, so late payments are seen and reported. */
export const DEFAULT_MONITORING_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Cursor positions kept per chain, far deeper than any reorganisation the confirmations let through. */
const CHAIN_HISTORY_BLOCKS = 4096n;

type DbClient = PrismaClient | Prisma.TransactionClient;

// The marketplace's hook runs inside these transactions; on the embedded database they queue for
// its one connection, so they wait longer than Prisma's 2 s / 5 s defaults before giving up.
const TRANSACTION_OPTIONS = { maxWait: 15_000, timeout: 20_000 } as const;

/**
 * Payments whose deposit address is watched for blocks from `blockTime` on: those not yet past
 * their monitoring window at that block's time. Choosing by the block's time rather than the wall
 * clock keeps on-time payments in view while a watcher catches up after an outage.
 */
export async function listWatchedPayments(
  chain: string,
  blockTime: Date,
  monitoringWindowMs = DEFAULT_MONITORING_WINDOW_MS,
): Promise<WatchedPayment[]> {
  const rows = await db().payment.findMany({
    where: {
      chain,
      depositAddress: { not: null },
      // An address released before addresses stopped being reused serves a newer order; its old
      // payment is never looked at again.
      OR: [{ addressReuse: null }, { addressReuse: { not: "released" } }],
      AND: { OR: [{ expiresAt: null }, { expiresAt: { gt: new Date(blockTime.getTime() - monitoringWindowMs) } }] },
    },
    select: { id: true, depositAddress: true, tokenContract: true },
    orderBy: { createdAt: "asc" },
  });
  return rows.map((r) => ({
    id: r.id,
    depositAddress: r.depositAddress!.toLowerCase(),
    tokenContract: r.tokenContract?.toLowerCase() ?? null,
  }));
}

export async function readCursor(chain: string): Promise<CursorState | null> {
  const row = await db().chainCursor.findUnique({ where: { chain } });
  return row ? { block: row.block, hash: row.blockHash, time: row.blockTime } : null;
}

async function advanceCursor(tx: Prisma.TransactionClient, chain: string, point: ChainPoint): Promise<void> {
  // Only forward: a second watcher that finished a later range first must not be pulled back.
  const block = point.block.toString();
  await run(
    sqlBuilder
      .insertInto("chain_cursor")
      .values({ chain, block, block_hash: point.hash, block_time: point.time, updated_at: sql`now()` })
      .onConflict((oc) =>
        oc
          .column("chain")
          .doUpdateSet((eb) => ({
            block: eb.ref("excluded.block"),
            block_hash: eb.ref("excluded.block_hash"),
            block_time: eb.ref("excluded.block_time"),
            updated_at: sql`now()`,
          }))
          .whereRef("chain_cursor.block", "<=", "excluded.block"),
      ),
    tx,
  );
  await run(
    sqlBuilder
      .insertInto("chain_block")
      .values({ chain, number: block, hash: point.hash, time: point.time })
      .onConflict((oc) =>
        oc
          .columns(["chain", "number"])
          .doUpdateSet((eb) => ({ hash: eb.ref("excluded.hash"), time: eb.ref("excluded.time") })),
      ),
    tx,
  );
  await run(
    sqlBuilder
      .deleteFrom("chain_block")
      .where("chain", "=", chain)
      .where("number", "<", (point.block - CHAIN_HISTORY_BLOCKS).toString()),
    tx,
  );
}

/** Recomputes what the payment received from the transfers it still has. */
async function recomputePayment(tx: Prisma.TransactionClient, paymentId: string, headBlock?: bigint): Promise<void> {
  const all = await tx.cryptoTransfer.findMany({ where: { paymentId }, select: { amount: true, blockNumber: true } });
  const received = all.reduce((sum, r) => sum + atomic(r.amount), 0n);
  const newest = all.reduce((max, r) => (r.blockNumber > max ? r.blockNumber : max), 0n);
  // settlementDue: the order is settled against what was received by a job until it is (settlePayment).
  const data: Prisma.PaymentUpdateInput = { amountReceived: received.toString(), settlementDue: true };
  if (all.length === 0) data.confirmations = 0;
  else if (headBlock !== undefined) data.confirmations = Number(headBlock - newest + 1n);
  await tx.payment.update({ where: { id: paymentId }, data });
}

/** Payments with reorganised credits the marketplace has yet to see, or has yet to see made good. */
async function paymentsWithOpenReversals(tx: Prisma.TransactionClient, paymentIds: string[]): Promise<string[]> {
  if (paymentIds.length === 0) return [];
  const rows = await tx.reversedTransfer.findMany({
    where: { paymentId: { in: paymentIds }, OR: [{ handledAt: null }, { resolvedAt: null }] },
    select: { paymentId: true },
    distinct: ["paymentId"],
  });
  return rows.map((r) => r.paymentId);
}

/**
 * Records the transfers and advances the cursor to `cursor` (when given) in one transaction.
 * Returns the ids of payments that received at least one transfer not recorded before.
 */
export async function recordTransfers(
  chain: string,
  transfers: ObservedTransfer[],
  options: { cursor?: ChainPoint; headBlock: bigint; onPaymentReorganised?: OnPaymentReorganised },
): Promise<string[]> {
  const arrivals = await arrivalRates(transfers);
  return db().$transaction(async (tx) => {
    const credited = new Set<string>();
    for (const t of transfers) {
      const inserted = await run(
        sqlBuilder
          .insertInto("crypto_transfer")
          .values({
            id: randomUUID(),
            payment_id: t.paymentId,
            chain,
            tx_hash: t.txHash.toLowerCase(),
            log_index: t.logIndex,
            block_number: t.blockNumber.toString(),
            block_hash: t.blockHash?.toLowerCase() ?? null,
            amount: t.amount.toString(),
            created_at: t.blockTime,
            from_address: senderOf(t),
          })
          .onConflict((oc) => oc.columns(["chain", "tx_hash", "log_index"]).doNothing())
          .returning("id"),
        tx,
      );
      if (inserted.length > 0) {
        credited.add(t.paymentId);
        const arrival =
          t.blockTime.getTime() > (arrivals.get(t.paymentId)?.expiresAt ?? Infinity)
            ? arrivals.get(t.paymentId)
            : undefined;
        if (arrival?.rate)
          await run(
            sqlBuilder
              .updateTable("payment")
              .set({
                arrival_usd_per_unit: arrival.rate.usdPerUnit,
                arrival_rate_source: arrival.rate.source,
                arrival_amount_due: arrival.rate.amountDue,
              })
              .where("id", "=", t.paymentId)
              .where("arrival_usd_per_unit", "is", null),
            tx,
          );
        await recordCryptoSale(tx, inserted[0]!.id, arrival?.rate?.usdPerUnit);
      }
    }
    for (const paymentId of credited) await recomputePayment(tx, paymentId, options.headBlock);
    if (options.onPaymentReorganised) {
      for (const paymentId of await paymentsWithOpenReversals(tx, [...credited]))
        await options.onPaymentReorganised(tx, paymentId);
    }
    if (options.cursor) await advanceCursor(tx, chain, options.cursor);
    return [...credited];
  }, TRANSACTION_OPTIONS);
}

/** What a watcher found when it looked again at a credited transfer after a reorganisation. */
export type Recheck =
  | { id: string; verdict: "keep" }
  | { id: string; verdict: "reverse" }
  | {
      id: string;
      verdict: "move";
      blockNumber: bigint;
      blockHash: string;
      blockTime: Date;
      logIndex: number;
    };

export interface CreditedTransfer {
  id: string;
  paymentId: string;
  txHash: string;
  logIndex: number;
  blockNumber: bigint;
  blockHash: string | null;
  amount: bigint;
  depositAddress: string;
  tokenContract: string | null;
}

/** Credited transfers of the chain in blocks after `block`, the ones a reorganisation may have taken. */
export async function listTransfersAfter(chain: string, block: bigint): Promise<CreditedTransfer[]> {
  const rows = await db().cryptoTransfer.findMany({
    where: { chain, blockNumber: { gt: block } },
    include: { payment: { select: { depositAddress: true, tokenContract: true } } },
    orderBy: [{ blockNumber: "asc" }, { logIndex: "asc" }],
  });
  return rows.map((r) => ({
    id: r.id,
    paymentId: r.paymentId,
    txHash: r.txHash,
    logIndex: r.logIndex,
    blockNumber: r.blockNumber,
    blockHash: r.blockHash,
    amount: atomic(r.amount),
    depositAddress: r.payment.depositAddress?.toLowerCase() ?? "",
    tokenContract: r.payment.tokenContract?.toLowerCase() ?? null,
  }));
}

/**
 * The newest stored cursor position the chain still holds, found by binary search over the
 * history (if a block is still there, so are all before it). Null when none is.
 */
export async function findCommonBlock(
  chain: string,
  canonicalHash: (block: bigint) => Promise<string | null>,
): Promise<ChainPoint | null> {
  const rows = await db().chainBlock.findMany({ where: { chain }, orderBy: { number: "asc" } });
  let lo = 0;
  let hi = rows.length - 1;
  let found: ChainPoint | null = null;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const row = rows[mid];
    if ((await canonicalHash(row.number)) === row.hash) {
      found = { block: row.number, hash: row.hash, time: row.time };
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return found;
}

/**
 * Where to resume when the chain holds none of the stored positions: the fork is somewhere below
 * the oldest of them, so everything credited up to a full history's depth before it is looked at again.
 */
export async function rewindPastHistory(chain: string, cursor: CursorState): Promise<CursorState> {
  const row = await db().chainBlock.findFirst({ where: { chain }, orderBy: { number: "asc" } });
  const oldest = row?.number ?? cursor.block;
  return { block: oldest > CHAIN_HISTORY_BLOCKS ? oldest - CHAIN_HISTORY_BLOCKS : 0n, hash: null, time: null };
}

/**
 * Applies a reorganisation in one transaction: credits the chain no longer holds become
 * reversed_transfer rows, moved ones take their new block, the payments' totals are recomputed and
 * the marketplace's hook runs for each, and the cursor goes back to `rewindTo` with the history
 * after it dropped. Returns the ids of payments that lost a credit.
 */
export async function applyReorganisation(
  chain: string,
  input: { rechecks: Recheck[]; rewindTo: CursorState; onPaymentReorganised?: OnPaymentReorganised },
): Promise<string[]> {
  return db().$transaction(async (tx) => {
    const touched = new Set<string>();
    const lost = new Set<string>();
    for (const check of input.rechecks) {
      if (check.verdict === "keep") continue;
      if (check.verdict === "move") {
        const row = await tx.cryptoTransfer.findUnique({ where: { id: check.id } });
        if (!row) continue;
        const clash = await tx.cryptoTransfer.findFirst({
          where: { chain, txHash: row.txHash, logIndex: check.logIndex, NOT: { id: row.id } },
          select: { id: true },
        });
        // Another watcher recorded the transfer at its new place already: this row is a duplicate,
        // and its credit in the ledger is taken back.
        if (clash) {
          await tx.cryptoTransfer.delete({ where: { id: row.id } });
          await recordReorgLoss(tx, {
            key: `duplicate:${row.id}`,
            paymentId: row.paymentId,
            chain,
            txHash: row.txHash,
            amount: atomicText(row.amount),
          });
        } else
          await tx.cryptoTransfer.update({
            where: { id: row.id },
            data: {
              blockNumber: check.blockNumber,
              blockHash: check.blockHash.toLowerCase(),
              createdAt: check.blockTime,
              logIndex: check.logIndex,
            },
          });
        touched.add(row.paymentId);
        continue;
      }
      const removed = await run(
        sqlBuilder
          .deleteFrom("crypto_transfer")
          .where("id", "=", check.id)
          .returning([
            "payment_id",
            "tx_hash",
            "log_index",
            "block_number",
            "block_hash",
            sql<string>`amount::text`.as("amount"),
            "created_at",
          ]),
        tx,
      );
      // Another watcher may have handled the same reorganisation first.
      if (removed.length === 0) continue;
      const row = removed[0];
      const payment = await tx.payment.findUniqueOrThrow({ where: { id: row.payment_id }, select: { orderId: true } });
      const reversedId = randomUUID();
      await recordReorgLoss(tx, {
        key: reversedId,
        paymentId: row.payment_id,
        chain,
        txHash: row.tx_hash,
        amount: row.amount,
      });
      await tx.reversedTransfer.create({
        data: {
          id: reversedId,
          paymentId: row.payment_id,
          orderId: payment.orderId,
          chain,
          txHash: row.tx_hash,
          logIndex: Number(row.log_index),
          blockNumber: BigInt(row.block_number),
          blockHash: row.block_hash,
          amount: row.amount,
          creditedAt: row.created_at,
        },
      });
      touched.add(row.payment_id);
      lost.add(row.payment_id);
    }
    for (const paymentId of touched) await recomputePayment(tx, paymentId);
    if (input.onPaymentReorganised) {
      for (const paymentId of await paymentsWithOpenReversals(tx, [...touched]))
        await input.onPaymentReorganised(tx, paymentId);
    }
    const block = input.rewindTo.block.toString();
    await run(
      sqlBuilder
        .updateTable("chain_cursor")
        .set({ block, block_hash: input.rewindTo.hash, block_time: input.rewindTo.time, updated_at: sql`now()` })
        .where("chain", "=", chain),
      tx,
    );
    await run(sqlBuilder.deleteFrom("chain_block").where("chain", "=", chain).where("number", ">", block), tx);
    return [...lost];
  }, TRANSACTION_OPTIONS);
}

/**
 * Hands the marketplace reorganised credits it has not seen (reversals recorded while no hook was
 * given); returns the payments handled.
 */
export async function handleUnseenReversals(
  chain: string,
  onPaymentReorganised: OnPaymentReorganised,
): Promise<string[]> {
  const rows = await db().reversedTransfer.findMany({
    where: { chain, handledAt: null },
    select: { paymentId: true },
    distinct: ["paymentId"],
    take: 100,
  });
  for (const { paymentId } of rows)
    await db().$transaction((tx) => onPaymentReorganised(tx, paymentId), TRANSACTION_OPTIONS);
  return rows.map((r) => r.paymentId);
}

interface Arrival {
  expiresAt: number;
  /** The rate now and the order's price at it; null when no rate could be read (the offer's amount stands). */
  rate: { usdPerUnit: string; source: string; amountDue: string } | null;
}

/**
 * The payments among `transfers` whose money arrives after their offer expired, none of it
 * credited or seen in time (in flight): late in classifyPayment's sense, such a payment is valued
 * at the rate of its arrival, read here, before the transaction, so no transaction waits on a rate
 * source. A top-up of money paid in time keeps the offer's price.
 */
async function arrivalRates(transfers: ObservedTransfer[]): Promise<Map<string, Arrival>> {
  const arrivals = new Map<string, Arrival>();
  const latest = new Map<string, number>();
  for (const t of transfers) latest.set(t.paymentId, Math.max(latest.get(t.paymentId) ?? 0, t.blockTime.getTime()));
  if (latest.size === 0) return arrivals;
  const rows = await run(
    sqlBuilder
      .selectFrom("payment as p")
      .innerJoin("order as o", "o.id", "p.order_id")
      .select(["p.id", "p.expires_at", "o.currency", "p.decimals", "o.base_price_cents as cents"])
      .where("p.id", "=", (eb) => eb.fn.any(sql<string[]>`${[...latest.keys()]}::uuid[]`))
      .where("p.expires_at", "is not", null)
      .where("p.chain", "is not", null)
      .where("p.arrival_usd_per_unit", "is", null)
      .where("p.in_flight_until", "is", null)
      .where((eb) =>
        eb.and([
          eb.not(
            eb.and([
              eb("p.unconfirmed_since", "is not", null),
              eb("p.unconfirmed_since", "<=", eb.ref("p.expires_at")),
            ]),
          ),
          eb.not(
            eb.exists(
              eb
                .selectFrom("crypto_transfer as t")
                .select(sql.lit(1).as("one"))
                .whereRef("t.payment_id", "=", "p.id")
                .whereRef("t.created_at", "<=", "p.expires_at"),
            ),
          ),
        ]),
      )
      .$narrowType<{ expires_at: Date }>(),
  );
  const late = rows.filter((row) => (latest.get(row.id) ?? 0) > new Date(row.expires_at).getTime());
  if (late.length === 0) return arrivals;
  const rates = await currentRates().catch(() => null);
  for (const row of late) {
    const code = row.currency as CryptoCurrencyCode;
    let rate: Arrival["rate"] = null;
    if (rates?.usdPerUnit[code] && row.decimals !== null && row.cents > 0) {
      const priced = quote(row.cents, { code, decimals: row.decimals } as PaymentCurrency, rates);
      rate = { usdPerUnit: priced.usdPerUnit, source: priced.rateSource, amountDue: priced.amountAtomic.toString() };
    }
    arrivals.set(row.id, { expiresAt: new Date(row.expires_at).getTime(), rate });
  }
  return arrivals;
}

function senderOf(transfer: ObservedTransfer): string | null {
  const from = transfer.fromAddress?.trim();
  if (!from) return null;
  return from.startsWith("0x") ? from.toLowerCase() : from;
}

/**
 * Calls the hook for each credited payment: the fast path of settlement. One failing hook neither
 * stops the others nor undoes the credit; the credit left the payment `settlementDue`, so the
 * market's settlement job settles it later whatever happened here.
 */
export async function notifyCredited(
  paymentIds: string[],
  onPaymentCredited: OnPaymentCredited | undefined,
  log: (message: string) => void,
): Promise<void> {
  if (!onPaymentCredited) return;
  // Crash test hook: dies like a power cut after the credit committed and before settlement.
  if (paymentIds.length > 0 && config().FAULT_INJECT === "after-credit") process.kill(process.pid, "SIGKILL");
  for (const paymentId of paymentIds) {
    try {
      await onPaymentCredited(paymentId);
    } catch (error) {
      log(`onPaymentCredited(${paymentId}) failed: ${(error as Error).message}`);
    }
  }
}

/** The inputs of classifyPayment for a stored crypto payment, or null when there is no such payment. */
export async function readPaymentProgress(
  paymentId: string,
  client: DbClient = db(),
): Promise<(ClassifyPaymentInput & { confirmations: number }) | null> {
  const payment = await client.payment.findUnique({
    where: { id: paymentId },
    select: {
      chain: true,
      tokenContract: true,
      decimals: true,
      amountDue: true,
      arrivalAmountDue: true,
      arrivalUsdPerUnit: true,
      amountReceived: true,
      expiresAt: true,
      confirmations: true,
    },
  });
  if (!payment?.chain) return null;
  const first = await client.cryptoTransfer.findFirst({
    where: { paymentId },
    orderBy: { createdAt: "asc" },
    select: { createdAt: true },
  });
  const currency = payment.chain.startsWith("bitcoin:") ? "BTC" : payment.tokenContract ? "USDC" : "ETH";
  return {
    currency,
    decimals: payment.decimals ?? (currency === "BTC" ? 8 : currency === "USDC" ? 6 : 18),
    // A payment that arrived after its offer expired is held to the price at the rate of its arrival.
    amountDue: atomicText(payment.arrivalAmountDue ?? payment.amountDue),
    arrivalUsdPerUnit: decimalText(payment.arrivalUsdPerUnit),
    amountReceived: atomicText(payment.amountReceived),
    expiresAt: payment.expiresAt,
    firstSeenAt: first?.createdAt ?? null,
    confirmations: payment.confirmations,
  };
}

/** Money seen sent to a deposit address that is not credited yet: in the mempool or too shallow. */
export interface UnconfirmedTransfer {
  paymentId: string;
  amount: bigint;
  /** 0 in the mempool; below the required count in a block. */
  confirmations: number;
}

/** Called after what a watcher sees unconfirmed for a payment changed; the marketplace words it. */
export type OnPaymentSeen = (paymentId: string) => void | Promise<void>;

/**
 * Stores what each watched payment has unconfirmed (`seen`, none for the others of `watchedIds`):
 * its amount, its fewest confirmations, since when it is seen, and, while the money received and
 * seen covers the amount due and was first seen before the offer expired, until when the order
 * keeps its hold (the end of the payment's monitoring window, when the watcher stops looking).
 * Writes only what changed; answers the payments whose row changed.
 */
export async function recordUnconfirmed(
  watchedIds: string[],
  seen: UnconfirmedTransfer[],
  options: { confirmationsRequired: number; now: Date; monitoringWindowMs?: number },
): Promise<string[]> {
  const observed = new Map<string, { amount: bigint; confirmations: number }>();
  for (const t of seen) {
    if (t.amount <= 0n) continue;
    const entry = observed.get(t.paymentId);
    if (entry) {
      entry.amount += t.amount;
      entry.confirmations = Math.min(entry.confirmations, t.confirmations);
    } else observed.set(t.paymentId, { amount: t.amount, confirmations: t.confirmations });
  }
  const window = options.monitoringWindowMs ?? DEFAULT_MONITORING_WINDOW_MS;
  const rows = await db().payment.findMany({
    where: {
      OR: [
        { id: { in: [...observed.keys()] } },
        { id: { in: watchedIds }, OR: [{ unconfirmedAmount: { not: "0" } }, { inFlightUntil: { not: null } }] },
      ],
    },
    select: {
      id: true,
      chain: true,
      tokenContract: true,
      decimals: true,
      amountDue: true,
      amountReceived: true,
      expiresAt: true,
      unconfirmedAmount: true,
      unconfirmedConfirmations: true,
      unconfirmedSince: true,
      confirmationsRequired: true,
      inFlightUntil: true,
    },
  });
  const changed: string[] = [];
  for (const row of rows) {
    const now = observed.get(row.id);
    const amount = now?.amount ?? 0n;
    const since =
      amount === 0n
        ? null
        : !row.unconfirmedAmount.isZero() && row.unconfirmedSince
          ? row.unconfirmedSince
          : await firstSeenAgain(row.id, options.now);
    const currency = row.chain?.startsWith("bitcoin:") ? "BTC" : row.tokenContract ? "USDC" : "ETH";
    const decimals = row.decimals ?? (currency === "BTC" ? 8 : currency === "USDC" ? 6 : 18);
    const due = atomic(row.amountDue);
    const covers = amount > 0n && atomic(row.amountReceived) + amount >= due - dustTolerance(due, decimals, currency);
    const inFlightUntil =
      covers && since && row.expiresAt && since.getTime() <= row.expiresAt.getTime()
        ? new Date(row.expiresAt.getTime() + window)
        : null;
    const next = {
      unconfirmedAmount: amount.toString(),
      unconfirmedConfirmations: now?.confirmations ?? 0,
      confirmationsRequired: options.confirmationsRequired,
      unconfirmedSince: since,
      inFlightUntil,
    };
    if (
      next.unconfirmedAmount === atomicText(row.unconfirmedAmount) &&
      next.unconfirmedConfirmations === row.unconfirmedConfirmations &&
      next.confirmationsRequired === row.confirmationsRequired &&
      next.unconfirmedSince?.getTime() === row.unconfirmedSince?.getTime() &&
      next.inFlightUntil?.getTime() === row.inFlightUntil?.getTime()
    )
      continue;
    await db().payment.update({ where: { id: row.id }, data: next });
    changed.push(row.id);
  }
  return changed;
}

/**
 * When money seen unconfirmed was first there: now, or for a credit a reorganisation took back into
 * the mempool, the time of the block that first held it (its order's claim dates from then).
 */
async function firstSeenAgain(paymentId: string, now: Date): Promise<Date> {
  const reversed = await db().reversedTransfer.findFirst({
    where: { paymentId, resolvedAt: null },
    orderBy: { creditedAt: "asc" },
    select: { creditedAt: true },
  });
  return reversed && reversed.creditedAt.getTime() < now.getTime() ? reversed.creditedAt : now;
}

/** Calls the hook for each payment whose unconfirmed money changed; a failing hook stops no other. */
export async function notifySeen(
  paymentIds: string[],
  onPaymentSeen: OnPaymentSeen | undefined,
  log: (message: string) => void,
): Promise<void> {
  if (!onPaymentSeen) return;
  for (const paymentId of paymentIds) {
    try {
      await onPaymentSeen(paymentId);
    } catch (error) {
      log(`onPaymentSeen(${paymentId}) failed: ${(error as Error).message}`);
    }
  }
}
