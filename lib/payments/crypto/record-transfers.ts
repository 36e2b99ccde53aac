import "server-only";
import { randomUUID } from "node:crypto";
import type { Prisma } from "@prisma/client";
import { config } from "@/lib/config";
import { db } from "@/lib/db";
import type { ClassifyPaymentInput } from "./classify-payment";

// The one place chain watchers write: transfers are credited once per (chain, txHash, logIndex),
// the payment's received total is recomputed from its transfers, and the chain cursor moves in the
// same transaction, so a crash between steps can neither lose nor double a credit.

/** Called after a payment received new confirmed transfers; the marketplace decides what follows. */
export type OnPaymentCredited = (paymentId: string) => void | Promise<void>;

export interface ObservedTransfer {
  paymentId: string;
  txHash: string;
  /** Log index for ERC-20 transfers, output index for Bitcoin, -1 for a native EVM transfer. */
  logIndex: number;
  blockNumber: bigint;
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

/** How long after its expiry a payment is still watched, so late payments are seen and reported. */
export const DEFAULT_MONITORING_WINDOW_MS = 24 * 60 * 60 * 1000;

export async function listWatchedPayments(
  chain: string,
  now: Date,
  monitoringWindowMs = DEFAULT_MONITORING_WINDOW_MS,
): Promise<WatchedPayment[]> {
  const rows = await db().payment.findMany({
    where: {
      chain,
      depositAddress: { not: null },
      OR: [{ expiresAt: null }, { expiresAt: { gt: new Date(now.getTime() - monitoringWindowMs) } }],
    },
    select: { id: true, depositAddress: true, tokenContract: true },
  });
  return rows.map((r) => ({
    id: r.id,
    depositAddress: r.depositAddress!.toLowerCase(),
    tokenContract: r.tokenContract?.toLowerCase() ?? null,
  }));
}

export async function readCursor(chain: string): Promise<bigint | null> {
  const row = await db().chainCursor.findUnique({ where: { chain } });
  return row ? row.block : null;
}

async function advanceCursor(tx: Prisma.TransactionClient, chain: string, block: bigint): Promise<void> {
  // GREATEST: a second watcher that finished a later range first must not be pulled back.
  await tx.$executeRaw`
    INSERT INTO "chain_cursor" ("chain", "block", "updated_at") VALUES (${chain}, ${block}::bigint, now())
    ON CONFLICT ("chain") DO UPDATE SET "block" = GREATEST("chain_cursor"."block", EXCLUDED."block"), "updated_at" = now()`;
}

/**
 * Records the transfers and advances the cursor to `cursorBlock` (when given) in one transaction.
 * Returns the ids of payments that received at least one transfer not recorded before.
 */
export async function recordTransfers(
  chain: string,
  transfers: ObservedTransfer[],
  options: { cursorBlock?: bigint; headBlock: bigint },
): Promise<string[]> {
  return db().$transaction(async (tx) => {
    const credited = new Set<string>();
    for (const t of transfers) {
      const inserted = await tx.$queryRaw<{ id: string }[]>`
        INSERT INTO "crypto_transfer" ("id", "payment_id", "chain", "tx_hash", "log_index", "block_number", "amount", "created_at", "from_address")
        VALUES (${randomUUID()}::uuid, ${t.paymentId}::uuid, ${chain}, ${t.txHash.toLowerCase()}, ${t.logIndex}::int,
                ${t.blockNumber}::bigint, ${t.amount.toString()}, ${t.blockTime}::timestamptz, ${senderOf(t)})
        ON CONFLICT ("chain", "tx_hash", "log_index") DO NOTHING
        RETURNING "id"`;
      if (inserted.length > 0) credited.add(t.paymentId);
    }
    for (const paymentId of credited) {
      const all = await tx.cryptoTransfer.findMany({
        where: { paymentId },
        select: { amount: true, blockNumber: true },
      });
      const received = all.reduce((sum, r) => sum + BigInt(r.amount), 0n);
      const newest = all.reduce((max, r) => (r.blockNumber > max ? r.blockNumber : max), 0n);
      const confirmations = Number(options.headBlock - newest + 1n);
      await tx.payment.update({
        where: { id: paymentId },
        // settlementDue: the order is settled against this credit by a job until it is (settlePayment).
        data: { amountReceived: received.toString(), confirmations, settlementDue: true },
      });
    }
    if (options.cursorBlock !== undefined) await advanceCursor(tx, chain, options.cursorBlock);
    return [...credited];
  });
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
): Promise<(ClassifyPaymentInput & { confirmations: number }) | null> {
  const payment = await db().payment.findUnique({
    where: { id: paymentId },
    select: {
      chain: true,
      tokenContract: true,
      decimals: true,
      amountDue: true,
      amountReceived: true,
      expiresAt: true,
      confirmations: true,
    },
  });
  if (!payment?.chain) return null;
  const first = await db().cryptoTransfer.findFirst({
    where: { paymentId },
    orderBy: { createdAt: "asc" },
    select: { createdAt: true },
  });
  const currency = payment.chain.startsWith("bitcoin:") ? "BTC" : payment.tokenContract ? "USDC" : "ETH";
  return {
    currency,
    decimals: payment.decimals ?? (currency === "BTC" ? 8 : currency === "USDC" ? 6 : 18),
    amountDue: payment.amountDue,
    amountReceived: payment.amountReceived,
    expiresAt: payment.expiresAt,
    firstSeenAt: first?.createdAt ?? null,
    confirmations: payment.confirmations,
  };
}
