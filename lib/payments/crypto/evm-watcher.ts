import "server-only";
import {
  BlockNotFoundError,
  decodeEventLog,
  erc20Abi,
  parseAbiItem,
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
  type Block,
  type PublicClient,
} from "viem";
import { config } from "@/lib/config";
import { db } from "@/lib/db";
import { evmChainKey, evmConfirmations, evmConfirmFrom, paymentCurrency, type ConfirmFrom } from "./currencies";
import {
  creditedToAddress,
  listFinishedDeposits,
  recordFinalCheck,
  unattributedReason,
  type UnattributedFind,
} from "./derive-address";
import { evmClient } from "./evm-client";
import {
  applyReorganisation,
  DEFAULT_MONITORING_WINDOW_MS,
  findCommonBlock,
  handleUnseenReversals,
  listTransfersAfter,
  listWatchedPayments,
  notifyCredited,
  notifySeen,
  readCursor,
  recordUnconfirmed,
  recordTransfers,
  rewindPastHistory,
  type CreditedTransfer,
  type CursorState,
  type ObservedTransfer,
  type OnPaymentCredited,
  type OnPaymentReorganised,
  type OnPaymentSeen,
  type Recheck,
  type UnconfirmedTransfer,
  type WatchedPayment,
} from "./record-transfers";
import { startPollingLoop, type Watcher } from "@/lib/jobs/polling-loop";
import { logger } from "@/lib/log";
import { atomic } from "@/lib/db/amounts";

// Detects payments on an EVM chain through JSON-RPC. Native transfers: the transactions of each
// block sent straight to a deposit address, plus ETH that arrived inside another transaction (a
// Safe, an ERC-4337 account, any contract), which has no trace in a block's transaction list and is
// found as a balance the credited transfers do not explain. ERC-20 payments: Transfer logs filtered
// on the recipient. Only blocks with the required confirmations are read (a transfer in block b has
// head - b + 1 confirmations); a deeper reorganisation is noticed by the hash of the cursor's block,
// and the credits the chain no longer holds are taken back.

const TRANSFER_EVENT = parseAbiItem("event Transfer(address indexed from, address indexed to, uint256 value)");

/** A native transfer has no log; this index keeps (chain, txHash, logIndex) unique for it. */
export const NATIVE_TRANSFER_LOG_INDEX = -1;
/** ETH that reached a deposit address inside another transaction, seen as a change of its balance. */
export const INTERNAL_TRANSFER_LOG_INDEX = -2;
/** Internal transfers located in one step; more are found by the next step's balance check. */
const MAX_INTERNAL_TRANSFERS_PER_STEP = 16;
/** Finished deposit addresses given their final look per step. */
const FINAL_CHECK_BATCH = 20;
/** Newest blocks read for native transfers not yet confirmed (ERC-20 logs: the whole range, one call). */
const MAX_UNCONFIRMED_BLOCKS = 64n;

export interface EvmWatcherOptions {
  rpcUrl?: string;
  chainId?: number;
  confirmations?: number;
  /** Most blocks read in one step. */
  maxBlockRange?: number;
  /** Without a stored cursor, how many confirmed blocks before the current one are read first. */
  initialLookbackBlocks?: number;
  monitoringWindowMs?: number;
  /** Recipients per eth_getLogs call; nodes limit the size of a topic list. */
  maxAddressesPerLogQuery?: number;
  onPaymentCredited?: OnPaymentCredited;
  onPaymentReorganised?: OnPaymentReorganised;
  /** Called when what the watcher sees unconfirmed for a payment changed. */
  onPaymentSeen?: OnPaymentSeen;
  /**
   * The block confirmations count from: `latest` (the head), or the chain's `safe` / `finalized`
   * block (an L2's batch posted to / final on L1). Default: PAYMENTS_EVM_CONFIRM_FROM.
   */
  confirmFrom?: ConfirmFrom;
  client?: PublicClient;
  log?: (message: string) => void;
}

export interface EvmReorganisation {
  /** The cursor block whose hash changed. */
  detectedAt: bigint;
  /** Watching resumed after this block. */
  resumedAfter: bigint;
  /** Payments that lost at least one credit. */
  reversedPaymentIds: string[];
}

export interface EvmPollResult {
  chain: string;
  head: bigint;
  /** Range read in this step; null when there was nothing new to read. */
  fromBlock: bigint | null;
  toBlock: bigint | null;
  creditedPaymentIds: string[];
  /** Payments whose unconfirmed money changed in this step (only once caught up). */
  seenPaymentIds: string[];
  /** True when the cursor reached the newest block with enough confirmations. */
  caughtUp: boolean;
  reorganisation: EvmReorganisation | null;
  /** Amounts found on finished deposit addresses that no payment was credited with, in this step. */
  unattributedDeposits: number;
}

type ResolvedOptions = ReturnType<typeof resolveOptions>;

const defaultLog = (message: string) => logger("evm-watcher").warn(message);

function resolveOptions(options: EvmWatcherOptions) {
  const cfg = config();
  const rpcUrl = options.rpcUrl ?? cfg.PAYMENTS_EVM_RPC_URL;
  if (!options.client && !rpcUrl)
    throw new Error("PAYMENTS_EVM_RPC_URL is not set: the EVM payment watcher has no chain to read.");
  const chainId = options.chainId ?? cfg.PAYMENTS_EVM_CHAIN_ID;
  return {
    client: options.client ?? evmClient(rpcUrl!),
    chainId,
    chain: evmChainKey(chainId),
    confirmations: BigInt(
      options.confirmations !== undefined ? Math.max(1, options.confirmations) : evmConfirmations(cfg),
    ),
    maxBlockRange: BigInt(options.maxBlockRange ?? 100),
    initialLookbackBlocks: BigInt(options.initialLookbackBlocks ?? 100),
    monitoringWindowMs: options.monitoringWindowMs ?? DEFAULT_MONITORING_WINDOW_MS,
    maxAddressesPerLogQuery: options.maxAddressesPerLogQuery ?? 100,
    onPaymentReorganised: options.onPaymentReorganised,
    confirmFrom: options.confirmFrom ?? evmConfirmFrom(cfg),
    log: options.log ?? defaultLog,
  };
}

/**
 * The block confirmations are counted from. On a rollup the sequencer's head can be rewritten until
 * its batch is on L1, so where the node names a `safe` (or `finalized`) block, that block is the
 * base; a node that does not know the tag falls back to the head, and says so once.
 */
async function confirmationBase(o: ResolvedOptions, head: bigint): Promise<bigint> {
  if (o.confirmFrom === "latest") return head;
  try {
    const block = await o.client.getBlock({ blockTag: o.confirmFrom });
    return block.number !== null && block.number < head ? block.number : head;
  } catch (error) {
    if (!warnedNoTag.has(o.chain)) {
      warnedNoTag.add(o.chain);
      o.log(
        `the ${o.chain} node does not answer for the '${o.confirmFrom}' block (${(error as Error).message}); ` +
          "confirmations count from its head.",
      );
    }
    return head;
  }
}
const warnedNoTag = new Set<string>();

function chunk<T>(items: T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}

const timeOf = (block: Block) => new Date(Number(block.timestamp) * 1000);

/** Blocks read during one step, each fetched once. */
class BlockReader {
  private readonly headers = new Map<bigint, Promise<Block | null>>();
  private readonly full = new Map<bigint, Promise<Block>>();

  constructor(private readonly client: PublicClient) {}

  header(number: bigint): Promise<Block | null> {
    let block = this.headers.get(number);
    if (!block) {
      block = this.client.getBlock({ blockNumber: number }).catch((error: unknown) => {
        if (error instanceof BlockNotFoundError) return null;
        throw error;
      }) as Promise<Block | null>;
      this.headers.set(number, block);
    }
    return block;
  }

  async existingHeader(number: bigint): Promise<Block> {
    const block = await this.header(number);
    if (!block) throw new Error(`The EVM RPC has no block ${number}.`);
    return block;
  }

  withTransactions(number: bigint): Promise<Block> {
    let block = this.full.get(number);
    if (!block) {
      block = this.client.getBlock({ blockNumber: number, includeTransactions: true }) as Promise<Block>;
      this.full.set(number, block);
    }
    return block;
  }

  async hashAt(number: bigint): Promise<string | null> {
    return (await this.header(number))?.hash?.toLowerCase() ?? null;
  }
}

const isNotFound = (error: unknown) =>
  error instanceof TransactionNotFoundError || error instanceof TransactionReceiptNotFoundError;

/** Where a credited transfer stands on the chain as it is now. */
async function recheckTransfer(
  o: ResolvedOptions,
  reader: BlockReader,
  transfer: CreditedTransfer,
  head: bigint,
): Promise<Recheck> {
  const reverse: Recheck = { id: transfer.id, verdict: "reverse" };
  // The balance check of the same step finds internal ETH again wherever it now is.
  if (transfer.logIndex === INTERNAL_TRANSFER_LOG_INDEX) return reverse;
  const hash = transfer.txHash as `0x${string}`;
  let receipt;
  try {
    receipt = await o.client.getTransactionReceipt({ hash });
  } catch (error) {
    if (isNotFound(error)) return reverse;
    throw error;
  }
  if (receipt.status !== "success" || head - receipt.blockNumber + 1n < o.confirmations) return reverse;
  const block = await reader.header(receipt.blockNumber);
  if (!block?.hash || block.hash.toLowerCase() !== receipt.blockHash.toLowerCase()) return reverse;
  const moved = { id: transfer.id, verdict: "move" as const, blockNumber: receipt.blockNumber, blockHash: block.hash };

  if (transfer.logIndex === NATIVE_TRANSFER_LOG_INDEX) {
    const tx = await o.client.getTransaction({ hash });
    if (tx.to?.toLowerCase() !== transfer.depositAddress || tx.value !== transfer.amount) return reverse;
    return { ...moved, blockTime: timeOf(block), logIndex: NATIVE_TRANSFER_LOG_INDEX };
  }
  for (const log of receipt.logs) {
    if (log.address.toLowerCase() !== transfer.tokenContract) continue;
    try {
      const event = decodeEventLog({ abi: [TRANSFER_EVENT], data: log.data, topics: log.topics });
      if (event.args.to.toLowerCase() === transfer.depositAddress && event.args.value === transfer.amount)
        return { ...moved, blockTime: timeOf(block), logIndex: log.logIndex };
    } catch {
      // Not a Transfer event of this token.
    }
  }
  return reverse;
}

/**
 * The cursor's block is no longer on the chain: go back to the newest stored position that is,
 * look again at every transfer credited after it, and take back what the chain no longer holds.
 */
async function rewindAfterReorganisation(
  o: ResolvedOptions,
  reader: BlockReader,
  cursor: CursorState,
  head: bigint,
): Promise<EvmReorganisation & { cursor: CursorState }> {
  let rewindTo: CursorState | null = await findCommonBlock(o.chain, (n) => reader.hashAt(n));
  if (!rewindTo) {
    rewindTo = await rewindPastHistory(o.chain, cursor);
    o.log(
      `the chain holds none of the ${o.chain} blocks the cursor stopped at; re-reading after block ${rewindTo.block}.`,
    );
  }
  const rechecks: Recheck[] = [];
  for (const transfer of await listTransfersAfter(o.chain, rewindTo.block)) {
    const canonical = await reader.hashAt(transfer.blockNumber);
    rechecks.push(
      transfer.blockHash !== null && canonical === transfer.blockHash
        ? { id: transfer.id, verdict: "keep" }
        : await recheckTransfer(o, reader, transfer, head),
    );
  }
  const reversedPaymentIds = await applyReorganisation(o.chain, {
    rechecks,
    rewindTo,
    onPaymentReorganised: o.onPaymentReorganised,
  });
  o.log(
    `chain reorganisation on ${o.chain}: block ${cursor.block} changed; re-reading after block ${rewindTo.block}; ` +
      `${rechecks.filter((r) => r.verdict === "reverse").length} credit(s) taken back, ` +
      `${rechecks.filter((r) => r.verdict === "move").length} moved.`,
  );
  return { detectedAt: cursor.block, resumedAfter: rewindTo.block, reversedPaymentIds, cursor: rewindTo };
}

/** Native transfers sent straight to a watched deposit address in blocks from..to. */
async function topLevelTransfers(
  o: ResolvedOptions,
  reader: BlockReader,
  nativeByAddress: Map<string, string>,
  from: bigint,
  to: bigint,
): Promise<ObservedTransfer[]> {
  const transfers: ObservedTransfer[] = [];
  for (let number = from; number <= to; number++) {
    const block = await reader.withTransactions(number);
    for (const tx of block.transactions) {
      if (typeof tx === "string" || !tx.to || tx.value === 0n) continue;
      const paymentId = nativeByAddress.get(tx.to.toLowerCase());
      if (!paymentId) continue;
      // A reverted transaction moves no value even though it carries one.
      const receipt = await o.client.getTransactionReceipt({ hash: tx.hash });
      if (receipt.status !== "success") continue;
      transfers.push({
        paymentId,
        txHash: tx.hash,
        logIndex: NATIVE_TRANSFER_LOG_INDEX,
        blockNumber: number,
        blockHash: block.hash!,
        blockTime: timeOf(block),
        amount: tx.value,
        fromAddress: tx.from,
      });
    }
  }
  return transfers;
}

/** ERC-20 Transfer logs to watched deposit addresses in blocks from..to. */
async function tokenTransfers(
  o: ResolvedOptions,
  reader: BlockReader,
  tokenPayments: WatchedPayment[],
  from: bigint,
  to: bigint,
): Promise<ObservedTransfer[]> {
  if (tokenPayments.length === 0) return [];
  const tokenByKey = new Map(tokenPayments.map((p) => [`${p.tokenContract}:${p.depositAddress}`, p.id]));
  const contracts = [...new Set(tokenPayments.map((p) => p.tokenContract as `0x${string}`))];
  const recipients = [...new Set(tokenPayments.map((p) => p.depositAddress as `0x${string}`))];
  const transfers: ObservedTransfer[] = [];
  for (const group of chunk(recipients, o.maxAddressesPerLogQuery)) {
    const logs = await o.client.getLogs({
      address: contracts,
      event: TRANSFER_EVENT,
      args: { to: group },
      fromBlock: from,
      toBlock: to,
    });
    for (const log of logs) {
      if (log.removed || !log.args.to || log.args.value === undefined || log.args.value === 0n) continue;
      const paymentId = tokenByKey.get(`${log.address.toLowerCase()}:${log.args.to.toLowerCase()}`);
      if (!paymentId) continue;
      const block = await reader.existingHeader(log.blockNumber);
      transfers.push({
        paymentId,
        txHash: log.transactionHash,
        logIndex: log.logIndex,
        blockNumber: log.blockNumber,
        blockHash: block.hash!,
        blockTime: timeOf(block),
        amount: log.args.value,
        fromAddress: log.args.from,
      });
    }
  }
  return transfers;
}

/**
 * The smallest block in (from - 1, to] whose surplus is positive, given that `to`'s is. The search
 * widens downwards while the surplus at its lower end is still positive (a balance check skipped
 * in an earlier step), and settles for the earliest block it could read when the node no longer
 * has the state of older ones.
 */
async function firstBlockWithSurplus(
  surplus: (block: bigint) => Promise<bigint | null>,
  from: bigint,
  to: bigint,
): Promise<bigint> {
  let hi = to;
  let lo = from - 1n;
  for (let span = 1n; lo >= 0n; span *= 2n) {
    const atLo = await surplus(lo);
    if (atLo === null) return hi;
    if (atLo <= 0n) break;
    hi = lo;
    lo = lo - span >= 0n ? lo - span : -1n;
  }
  while (hi - lo > 1n) {
    const mid = lo + (hi - lo) / 2n;
    const atMid = await surplus(mid);
    if (atMid !== null && atMid > 0n) hi = mid;
    else lo = mid;
  }
  return hi;
}

/**
 * ETH that reached watched deposit addresses inside other transactions. A deposit address that has
 * never sent a transaction (nonce 0) holds exactly what it received, so its balance at block `to`
 * beyond the native transfers credited up to `to` came in some other way; each such surplus is
 * located to the first block whose balance shows it and credited there, keyed by that block's hash.
 */
async function internalTransfers(
  o: ResolvedOptions,
  reader: BlockReader,
  natives: WatchedPayment[],
  stepTransfers: ObservedTransfer[],
  from: bigint,
  to: bigint,
): Promise<ObservedTransfer[]> {
  if (natives.length === 0) return [];
  const stored = await db().cryptoTransfer.findMany({
    where: { paymentId: { in: natives.map((p) => p.id) } },
    select: { paymentId: true, txHash: true, logIndex: true, blockNumber: true, amount: true },
  });
  const credits = new Map<string, Map<string, { block: bigint; amount: bigint }>>();
  const creditsOf = (paymentId: string) => {
    let map = credits.get(paymentId);
    if (!map) credits.set(paymentId, (map = new Map()));
    return map;
  };
  for (const t of stored)
    creditsOf(t.paymentId).set(`${t.txHash}:${t.logIndex}`, { block: t.blockNumber, amount: atomic(t.amount) });
  for (const t of stepTransfers)
    creditsOf(t.paymentId).set(`${t.txHash.toLowerCase()}:${t.logIndex}`, { block: t.blockNumber, amount: t.amount });

  const found: ObservedTransfer[] = [];
  let unreadable = 0;
  for (const payment of natives) {
    const address = payment.depositAddress as `0x${string}`;
    let nonce: number;
    try {
      nonce = await o.client.getTransactionCount({ address, blockNumber: to });
    } catch {
      // A node without the state of block `to` (catching up on a pruned node): a later step checks.
      unreadable++;
      continue;
    }
    // An address that sent a transaction (a sweep) no longer holds all it received.
    if (nonce > 0) continue;
    const credited = [...creditsOf(payment.id).values()];
    const located: { block: bigint; amount: bigint }[] = [];
    const balances = new Map<bigint, Promise<bigint | null>>();
    const balanceAt = (block: bigint) => {
      let balance = balances.get(block);
      if (!balance) {
        balance = o.client.getBalance({ address, blockNumber: block }).catch(() => null);
        balances.set(block, balance);
      }
      return balance;
    };
    const surplus = async (block: bigint): Promise<bigint | null> => {
      const balance = await balanceAt(block);
      if (balance === null) return null;
      const explained = [...credited, ...located]
        .filter((c) => c.block <= block)
        .reduce((sum, c) => sum + c.amount, 0n);
      return balance - explained;
    };
    let lowest = from;
    for (let round = 0; round < MAX_INTERNAL_TRANSFERS_PER_STEP; round++) {
      const remaining = await surplus(to);
      if (remaining === null || remaining <= 0n) break;
      const block = await firstBlockWithSurplus(surplus, lowest, to);
      const amount = (await surplus(block)) ?? remaining;
      if (amount <= 0n) break;
      located.push({ block, amount });
      lowest = block + 1n;
    }
    for (const { block: number, amount } of located) {
      const block = await reader.existingHeader(number);
      found.push({
        paymentId: payment.id,
        txHash: `balance:${block.hash!.toLowerCase()}:${address}`,
        logIndex: INTERNAL_TRANSFER_LOG_INDEX,
        blockNumber: number,
        blockHash: block.hash!,
        blockTime: timeOf(block),
        amount,
        // A balance change names no sender: the operator finds it from the transaction itself.
        fromAddress: null,
      });
    }
  }
  if (unreadable > 0)
    o.log(
      `balance check at block ${to} skipped for ${unreadable} deposit address(es): the node did not answer for it.`,
    );
  return found;
}

/**
 * The final look at deposit addresses whose monitoring ended by `blockTime`: ETH and USDC they hold
 * beyond what was credited to them is listed for the operator (recordFinalCheck). An address that
 * has sent a transaction (a sweep, a refund paid from it) no longer holds all it received and is
 * only marked checked: the operator's wallet that moved the money accounts for it.
 */
async function checkFinishedAddresses(o: ResolvedOptions, blockTime: Date): Promise<number> {
  const candidates = await listFinishedDeposits(
    o.chain,
    new Date(blockTime.getTime() - o.monitoringWindowMs),
    FINAL_CHECK_BATCH,
  );
  if (candidates.length === 0) return 0;
  let usdc: { contract: `0x${string}`; decimals: number } | undefined;
  try {
    const currency = paymentCurrency("USDC");
    usdc = currency.tokenContract ? { contract: currency.tokenContract, decimals: currency.decimals } : undefined;
  } catch {
    usdc = undefined;
  }
  let found = 0;
  for (const candidate of candidates) {
    const address = candidate.depositAddress as `0x${string}`;
    try {
      const [nonce, balance, tokens, credited] = await Promise.all([
        o.client.getTransactionCount({ address }),
        o.client.getBalance({ address }),
        usdc
          ? o.client.readContract({ address: usdc.contract, abi: erc20Abi, functionName: "balanceOf", args: [address] })
          : Promise.resolve(0n),
        creditedToAddress(o.chain, address),
      ]);
      const finds: UnattributedFind[] = [];
      if (nonce === 0) {
        const orderAsset = candidate.tokenContract ? "USDC" : "ETH";
        const ethBeyond = balance - (credited.get("native") ?? 0n);
        if (ethBeyond > 0n)
          finds.push({
            currency: "ETH",
            decimals: 18,
            amountAtomic: ethBeyond,
            reason: unattributedReason("ETH", orderAsset, candidate.orderId),
          });
        const usdcBeyond = usdc ? tokens - (credited.get(usdc.contract.toLowerCase()) ?? 0n) : 0n;
        if (usdc && usdcBeyond > 0n)
          finds.push({
            currency: "USDC",
            decimals: usdc.decimals,
            amountAtomic: usdcBeyond,
            reason: unattributedReason("USDC", orderAsset, candidate.orderId),
          });
      }
      found += await recordFinalCheck(o.chain, candidate, finds);
    } catch (error) {
      o.log(`could not take the final look at deposit address ${address}: ${(error as Error).message}`);
    }
  }
  return found;
}

/**
 * Transfers to the deposit addresses of running offers (and of payments seen before) in the blocks
 * after the newest confirmed one, up to the head (direct native transfers in the newest
 * MAX_UNCONFIRMED_BLOCKS, ERC-20 logs in all), recorded as seen (recordUnconfirmed): a full payment
 * seen before its offer expired keeps the order's hold until it confirms or leaves the chain. ETH
 * that arrives inside another transaction is credited once confirmed, but not seen before.
 */
async function watchUnconfirmed(
  o: ResolvedOptions,
  reader: BlockReader,
  options: EvmWatcherOptions,
  blockTime: Date | null,
  base: bigint,
  head: bigint,
): Promise<string[]> {
  const now = new Date();
  // Only an offer still running can be kept by money seen now; a payment seen before is followed
  // until it confirms or leaves. Nothing else needs the newest blocks read on every poll.
  const listed = await listWatchedPayments(o.chain, blockTime ?? now, o.monitoringWindowMs);
  const open = new Set(
    (
      await db().payment.findMany({
        where: {
          id: { in: listed.map((p) => p.id) },
          OR: [{ expiresAt: { gt: now } }, { unconfirmedAmount: { not: "0" } }],
        },
        select: { id: true },
      })
    ).map((p) => p.id),
  );
  const watched = listed.filter((p) => open.has(p.id));
  if (watched.length === 0) return [];
  const from = base - o.confirmations + 2n;
  const seen: UnconfirmedTransfer[] = [];
  if (from <= head) {
    const natives = new Map(watched.filter((p) => !p.tokenContract).map((p) => [p.depositAddress, p.id]));
    const nativeFrom = head - from + 1n > MAX_UNCONFIRMED_BLOCKS ? head - MAX_UNCONFIRMED_BLOCKS + 1n : from;
    const transfers = [
      ...(natives.size > 0 ? await topLevelTransfers(o, reader, natives, nativeFrom, head) : []),
      ...(await tokenTransfers(
        o,
        reader,
        watched.filter((p) => p.tokenContract),
        from,
        head,
      )),
    ];
    for (const t of transfers) {
      const depth = base - t.blockNumber + 1n;
      seen.push({ paymentId: t.paymentId, amount: t.amount, confirmations: depth > 0n ? Number(depth) : 0 });
    }
  }
  const changed = await recordUnconfirmed(
    watched.map((p) => p.id),
    seen,
    { confirmationsRequired: Number(o.confirmations), now, monitoringWindowMs: o.monitoringWindowMs },
  );
  await notifySeen(changed, options.onPaymentSeen, o.log);
  return changed;
}

/** Reads the next bounded range of confirmed blocks, credits what it finds and moves the cursor. */
export async function pollEvmOnce(options: EvmWatcherOptions = {}): Promise<EvmPollResult> {
  const o = resolveOptions(options);
  const nodeChainId = await o.client.getChainId();
  if (nodeChainId !== o.chainId) {
    throw new Error(`The EVM RPC serves chain ${nodeChainId}, but payments are configured for chain ${o.chainId}.`);
  }
  const head = await o.client.getBlockNumber({ cacheTime: 0 });
  // Confirmations count from the safe block where the chain has one (head otherwise).
  const base = await confirmationBase(o, head);
  const newestConfirmed = base - o.confirmations + 1n;
  const reader = new BlockReader(o.client);
  if (o.onPaymentReorganised) await handleUnseenReversals(o.chain, o.onPaymentReorganised);

  let cursor = await readCursor(o.chain);
  let reorganisation: EvmReorganisation | null = null;
  if (cursor?.hash && (await reader.hashAt(cursor.block)) !== cursor.hash) {
    const rewound = await rewindAfterReorganisation(o, reader, cursor, base);
    cursor = rewound.cursor;
    reorganisation = {
      detectedAt: rewound.detectedAt,
      resumedAfter: rewound.resumedAfter,
      reversedPaymentIds: rewound.reversedPaymentIds,
    };
  }

  const fromBlock =
    cursor !== null
      ? cursor.block + 1n
      : newestConfirmed - o.initialLookbackBlocks + 1n > 0n
        ? newestConfirmed - o.initialLookbackBlocks + 1n
        : 0n;
  const idle = {
    chain: o.chain,
    head,
    fromBlock: null,
    toBlock: null,
    creditedPaymentIds: [],
    caughtUp: true,
    reorganisation,
    unattributedDeposits: 0,
    seenPaymentIds: [] as string[],
  };
  if (newestConfirmed < 0n || fromBlock > newestConfirmed) {
    if (cursor !== null) idle.seenPaymentIds = await watchUnconfirmed(o, reader, options, cursor.time, base, head);
    return idle;
  }
  const toBlock =
    fromBlock + o.maxBlockRange - 1n < newestConfirmed ? fromBlock + o.maxBlockRange - 1n : newestConfirmed;

  const last = await reader.existingHeader(toBlock);
  const firstTime = cursor?.time ?? timeOf(await reader.existingHeader(fromBlock));
  const watched = await listWatchedPayments(o.chain, firstTime, o.monitoringWindowMs);
  // Oldest first, so a reused address maps to its newest payment.
  const natives = watched.filter((p) => !p.tokenContract);
  const nativeByAddress = new Map(natives.map((p) => [p.depositAddress, p.id]));

  const direct =
    nativeByAddress.size > 0 ? await topLevelTransfers(o, reader, nativeByAddress, fromBlock, toBlock) : [];
  const tokens = await tokenTransfers(
    o,
    reader,
    watched.filter((p) => p.tokenContract),
    fromBlock,
    toBlock,
  );
  const internal = await internalTransfers(o, reader, natives, direct, fromBlock, toBlock);

  const creditedPaymentIds = await recordTransfers(o.chain, [...direct, ...internal, ...tokens], {
    cursor: { block: toBlock, hash: last.hash!.toLowerCase(), time: timeOf(last) },
    headBlock: base,
    onPaymentReorganised: o.onPaymentReorganised,
  });
  await notifyCredited(creditedPaymentIds, options.onPaymentCredited, o.log);
  const caughtUp = toBlock === newestConfirmed;
  // Behind the chain, blocks past the cursor are not "unconfirmed": what was seen stays until caught up.
  const seenPaymentIds = caughtUp ? await watchUnconfirmed(o, reader, options, timeOf(last), base, head) : [];

  let unattributedDeposits = 0;
  try {
    unattributedDeposits = await checkFinishedAddresses(o, timeOf(last));
  } catch (error) {
    o.log(`the final look at finished deposit addresses failed: ${(error as Error).message}`);
  }
  return {
    chain: o.chain,
    head,
    fromBlock,
    toBlock,
    creditedPaymentIds,
    seenPaymentIds,
    caughtUp,
    reorganisation,
    unattributedDeposits,
  };
}

/** Polls every WATCHER_INTERVAL_MS (or `intervalMs`), catching up in bounded steps; stop() ends it. */
export function startEvmWatcher(
  options: EvmWatcherOptions & { intervalMs?: number; maxStepsPerTick?: number } = {},
): Watcher {
  const log = options.log ?? defaultLog;
  return startPollingLoop({
    name: "evm-watcher",
    intervalMs: options.intervalMs ?? config().WATCHER_INTERVAL_MS,
    log,
    async tick() {
      for (let step = 0; step < (options.maxStepsPerTick ?? 20); step++) {
        if ((await pollEvmOnce(options)).caughtUp) break;
      }
    },
  });
}
