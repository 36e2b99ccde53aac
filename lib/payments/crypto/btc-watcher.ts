import "server-only";
import { z } from "zod";
import { config } from "@/lib/config";
import { bitcoinChainKey, btcConfirmations, type BtcNetwork } from "./currencies";
import { creditedToAddress, listFinishedDeposits, recordFinalCheck, unattributedReason } from "./derive-address";
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
  type CursorState,
  type ObservedTransfer,
  type OnPaymentCredited,
  type OnPaymentReorganised,
  type OnPaymentSeen,
  type Recheck,
  type UnconfirmedTransfer,
} from "./record-transfers";
import { startPollingLoop, type Watcher } from "@/lib/jobs/polling-loop";
import { logger } from "@/lib/log";

// Detects Bitcoin payments through an Esplora-compatible HTTP API (Blockstream's esplora,
// mempool.space, electrs): each watched deposit address's transactions, credited per output once
// they have the required confirmations, and seen (recordUnconfirmed) while in the mempool or
// shallower. The chain cursor records the tip last read with its hash; when the block at that
// height changes, the transfers credited since the newest block both chains share are looked up
// again and those no longer confirmed are taken back.

/** Esplora pages an address's confirmed history 25 transactions at a time. */
const ESPLORA_PAGE_SIZE = 25;
const MAX_PAGES_PER_ADDRESS = 20;

const EsploraTx = z.object({
  txid: z.string(),
  vin: z.array(z.object({ prevout: z.object({ scriptpubkey_address: z.string().optional() }).nullish() })).optional(),
  vout: z.array(z.object({ scriptpubkey_address: z.string().optional(), value: z.number().int().nonnegative() })),
  status: z.object({
    confirmed: z.boolean(),
    block_height: z.number().int().optional(),
    block_hash: z.string().optional(),
    block_time: z.number().int().optional(),
  }),
});
type EsploraTx = z.infer<typeof EsploraTx>;

const EsploraBlock = z.object({ id: z.string(), height: z.number().int().nonnegative(), timestamp: z.number().int() });
const EsploraTxStatus = EsploraTx.shape.status;
const EsploraAddress = z.object({
  chain_stats: z.object({ funded_txo_sum: z.number().int().nonnegative() }),
  mempool_stats: z.object({ funded_txo_sum: z.number().int().nonnegative() }),
});

export interface BtcWatcherOptions {
  esploraUrl?: string;
  network?: BtcNetwork;
  confirmations?: number;
  monitoringWindowMs?: number;
  /** Addresses read at the same time. */
  concurrency?: number;
  timeoutMs?: number;
  onPaymentCredited?: OnPaymentCredited;
  onPaymentReorganised?: OnPaymentReorganised;
  /** Called when what the watcher sees unconfirmed for a payment changed. */
  onPaymentSeen?: OnPaymentSeen;
  fetch?: typeof fetch;
  now?: () => Date;
  log?: (message: string) => void;
}

export interface BtcPollResult {
  chain: string;
  tipHeight: number;
  addressesChecked: number;
  creditedPaymentIds: string[];
  /** Payments whose unconfirmed money changed in this poll. */
  seenPaymentIds: string[];
  /** Payments that lost a credit to a reorganisation noticed in this poll. */
  reversedPaymentIds: string[];
  /** Amounts found on finished deposit addresses that no payment was credited with, in this poll. */
  unattributedDeposits: number;
}

const defaultLog = (message: string) => logger("btc-watcher").warn(message);

class EsploraClient {
  constructor(
    private readonly baseUrl: string,
    private readonly fetchImpl: typeof fetch,
    private readonly timeoutMs: number,
  ) {}

  private async get(path: string, options: { missing?: boolean } = {}): Promise<Response | null> {
    const url = `${this.baseUrl.replace(/\/+$/, "")}${path}`;
    const response = await this.fetchImpl(url, { signal: AbortSignal.timeout(this.timeoutMs) });
    if (response.status === 404 && options.missing) return null;
    if (!response.ok) throw new Error(`Esplora GET ${path} answered ${response.status}.`);
    return response;
  }

  private async text(path: string): Promise<string> {
    return (await (await this.get(path))!.text()).trim();
  }

  /** The tip as one consistent block: its hash first, then that block's height and time. */
  async tip(): Promise<z.infer<typeof EsploraBlock>> {
    const hash = await this.text("/blocks/tip/hash");
    if (!/^[0-9a-f]{64}$/.test(hash)) throw new Error(`Esplora tip hash is not a block hash: ${hash.slice(0, 70)}`);
    return EsploraBlock.parse(await (await this.get(`/block/${hash}`))!.json());
  }

  /** Hash of the block at `height` on the chain as it is now; null above the tip. */
  async hashAt(height: bigint): Promise<string | null> {
    const response = await this.get(`/block-height/${height}`, { missing: true });
    return response ? (await response.text()).trim().toLowerCase() : null;
  }

  /** Null when Esplora no longer knows the transaction (dropped from the mempool too). */
  async txStatus(txid: string): Promise<z.infer<typeof EsploraTxStatus> | null> {
    const response = await this.get(`/tx/${encodeURIComponent(txid)}/status`, { missing: true });
    return response ? EsploraTxStatus.parse(await response.json()) : null;
  }

  /** Everything the address ever received, confirmed or in the mempool, in satoshis. */
  async everReceived(address: string): Promise<bigint> {
    const stats = EsploraAddress.parse(await (await this.get(`/address/${encodeURIComponent(address)}`))!.json());
    return BigInt(stats.chain_stats.funded_txo_sum) + BigInt(stats.mempool_stats.funded_txo_sum);
  }

  private async txList(path: string): Promise<EsploraTx[]> {
    return z.array(EsploraTx).parse(await (await this.get(path))!.json());
  }

  /**
   * Transactions of the address: those in the mempool (the first page holds them all), then the
   * confirmed ones, newest first, across Esplora's pages.
   */
  async addressTransactions(address: string): Promise<EsploraTx[]> {
    const encoded = encodeURIComponent(address);
    const first = await this.txList(`/address/${encoded}/txs`);
    const all = [...first];
    let page = first.filter((tx) => tx.status.confirmed);
    for (let n = 1; page.length >= ESPLORA_PAGE_SIZE && n < MAX_PAGES_PER_ADDRESS; n++) {
      page = await this.txList(`/address/${encoded}/txs/chain/${page[page.length - 1].txid}`);
      all.push(...page);
    }
    return all;
  }
}

async function mapWithConcurrency<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]);
    }
  });
  await Promise.all(workers);
  return results;
}

/**
 * The tip's block at the cursor's height is not the one stored: go back to the newest stored
 * position the chain still holds and ask Esplora where each transfer credited since then is now.
 */
async function rewindAfterReorganisation(
  chain: string,
  esplora: EsploraClient,
  cursor: CursorState,
  tipHeight: number,
  confirmations: number,
  onPaymentReorganised: OnPaymentReorganised | undefined,
  log: (message: string) => void,
): Promise<string[]> {
  const hashes = new Map<bigint, Promise<string | null>>();
  const hashAt = (height: bigint) => {
    let hash = hashes.get(height);
    if (!hash) hashes.set(height, (hash = esplora.hashAt(height)));
    return hash;
  };
  const rewindTo: CursorState = (await findCommonBlock(chain, hashAt)) ?? (await rewindPastHistory(chain, cursor));
  const rechecks: Recheck[] = [];
  for (const transfer of await listTransfersAfter(chain, rewindTo.block)) {
    if (transfer.blockHash !== null && (await hashAt(transfer.blockNumber)) === transfer.blockHash) {
      rechecks.push({ id: transfer.id, verdict: "keep" });
      continue;
    }
    // A txid commits to its outputs, so only where the transaction sits can have changed.
    const status = await esplora.txStatus(transfer.txHash);
    const height = status?.confirmed ? status.block_height : undefined;
    const blockHash = status?.block_hash?.toLowerCase();
    rechecks.push(
      height !== undefined && blockHash && tipHeight - height + 1 >= confirmations
        ? {
            id: transfer.id,
            verdict: "move",
            blockNumber: BigInt(height),
            blockHash,
            blockTime: new Date((status!.block_time ?? 0) * 1000),
            logIndex: transfer.logIndex,
          }
        : { id: transfer.id, verdict: "reverse" },
    );
  }
  const reversed = await applyReorganisation(chain, { rechecks, rewindTo, onPaymentReorganised });
  log(
    `chain reorganisation on ${chain}: block ${cursor.block} changed; ` +
      `${rechecks.filter((r) => r.verdict === "reverse").length} credit(s) taken back, ` +
      `${rechecks.filter((r) => r.verdict === "move").length} moved.`,
  );
  return reversed;
}

export async function pollBtcOnce(options: BtcWatcherOptions = {}): Promise<BtcPollResult> {
  const cfg = config();
  const esploraUrl = options.esploraUrl ?? cfg.PAYMENTS_BTC_ESPLORA_URL;
  if (!esploraUrl)
    throw new Error("PAYMENTS_BTC_ESPLORA_URL is not set: the Bitcoin payment watcher has no API to read.");
  const chain = bitcoinChainKey(options.network ?? cfg.PAYMENTS_BTC_NETWORK);
  const confirmations =
    options.confirmations !== undefined ? Math.max(1, options.confirmations) : btcConfirmations(cfg);
  const monitoringWindowMs = options.monitoringWindowMs ?? DEFAULT_MONITORING_WINDOW_MS;
  const log = options.log ?? defaultLog;
  const esplora = new EsploraClient(esploraUrl, options.fetch ?? fetch, options.timeoutMs ?? 15_000);

  const tip = await esplora.tip();
  const tipHeight = tip.height;
  if (options.onPaymentReorganised) await handleUnseenReversals(chain, options.onPaymentReorganised);
  const cursor = await readCursor(chain);
  let reversedPaymentIds: string[] = [];
  if (cursor?.hash && (await esplora.hashAt(cursor.block)) !== cursor.hash) {
    reversedPaymentIds = await rewindAfterReorganisation(
      chain,
      esplora,
      cursor,
      tipHeight,
      confirmations,
      options.onPaymentReorganised,
      log,
    );
  }

  // Everything confirmed since the cursor's block is read now, so the payments watched are those
  // still within their monitoring window at that block's time, even after a long outage.
  const now = (options.now ?? (() => new Date()))();
  const watchedFrom = cursor?.time ?? now;
  const watched = await listWatchedPayments(chain, watchedFrom, monitoringWindowMs);
  // Oldest first, so a reused address belongs to its newest payment.
  const byAddress = new Map(watched.map((p) => [p.depositAddress, p]));

  // Money in the mempool or in too shallow a block is seen, not credited: it may keep the order's
  // hold past its expiry (lib/market/in-flight-payments.ts) until it confirms or is dropped.
  const unconfirmed: UnconfirmedTransfer[] = [];
  const perAddress = await mapWithConcurrency(
    [...byAddress.values()],
    options.concurrency ?? 4,
    async (payment): Promise<ObservedTransfer[]> => {
      const found: ObservedTransfer[] = [];
      for (const tx of await esplora.addressTransactions(payment.depositAddress)) {
        const height = tx.status.confirmed ? tx.status.block_height : undefined;
        const depth = height === undefined ? 0 : Math.max(0, tipHeight - height + 1);
        tx.vout.forEach((output, index) => {
          if (output.value === 0 || output.scriptpubkey_address?.toLowerCase() !== payment.depositAddress) return;
          if (height === undefined || depth < confirmations) {
            unconfirmed.push({ paymentId: payment.id, amount: BigInt(output.value), confirmations: depth });
            return;
          }
          found.push({
            paymentId: payment.id,
            txHash: tx.txid,
            logIndex: index,
            blockNumber: BigInt(height),
            blockHash: tx.status.block_hash,
            blockTime: tx.status.block_time !== undefined ? new Date(tx.status.block_time * 1000) : new Date(),
            amount: BigInt(output.value),
            fromAddress: tx.vin?.[0]?.prevout?.scriptpubkey_address ?? null,
          });
        });
      }
      return found;
    },
  );

  const tipTime = new Date(tip.timestamp * 1000);
  const creditedPaymentIds = await recordTransfers(chain, perAddress.flat(), {
    cursor: { block: BigInt(tipHeight), hash: tip.id.toLowerCase(), time: tipTime },
    headBlock: BigInt(tipHeight),
    onPaymentReorganised: options.onPaymentReorganised,
  });
  await notifyCredited(creditedPaymentIds, options.onPaymentCredited, log);
  const seenPaymentIds = await recordUnconfirmed(
    [...byAddress.values()].map((p) => p.id),
    unconfirmed,
    { confirmationsRequired: confirmations, now, monitoringWindowMs },
  );
  await notifySeen(seenPaymentIds, options.onPaymentSeen, log);

  // The final look at addresses whose monitoring ended: everything they ever received (Esplora
  // counts it whatever was spent since) beyond what was credited is listed for the operator.
  let unattributedDeposits = 0;
  try {
    for (const candidate of await listFinishedDeposits(chain, new Date(tipTime.getTime() - monitoringWindowMs))) {
      const beyond =
        (await esplora.everReceived(candidate.depositAddress)) -
        ((await creditedToAddress(chain, candidate.depositAddress)).get("native") ?? 0n);
      unattributedDeposits += await recordFinalCheck(chain, candidate, [
        {
          currency: "BTC",
          decimals: 8,
          amountAtomic: beyond,
          reason: unattributedReason("BTC", "BTC", candidate.orderId),
        },
      ]);
    }
  } catch (error) {
    log(`the final look at finished deposit addresses failed: ${(error as Error).message}`);
  }
  return {
    chain,
    tipHeight,
    addressesChecked: byAddress.size,
    creditedPaymentIds,
    seenPaymentIds,
    reversedPaymentIds,
    unattributedDeposits,
  };
}

export function startBtcWatcher(options: BtcWatcherOptions & { intervalMs?: number } = {}): Watcher {
  const log = options.log ?? defaultLog;
  return startPollingLoop({
    name: "btc-watcher",
    intervalMs: options.intervalMs ?? config().WATCHER_INTERVAL_MS,
    log,
    tick: async () => void (await pollBtcOnce(options)),
  });
}
