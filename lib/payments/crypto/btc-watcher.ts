import "server-only";
import { z } from "zod";
import { config } from "@/lib/config";
import { bitcoinChainKey, type BtcNetwork } from "./currencies";
import {
  DEFAULT_MONITORING_WINDOW_MS,
  listWatchedPayments,
  notifyCredited,
  recordTransfers,
  type ObservedTransfer,
  type OnPaymentCredited,
} from "./record-transfers";
import { startPollingLoop, type Watcher } from "./polling-loop";

// Detects Bitcoin payments through an Esplora-compatible HTTP API (Blockstream's esplora,
// mempool.space, electrs): each watched deposit address's confirmed transactions, credited per
// output once they have the required confirmations. The chain cursor records the tip last read.

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
    block_time: z.number().int().optional(),
  }),
});
type EsploraTx = z.infer<typeof EsploraTx>;

export interface BtcWatcherOptions {
  esploraUrl?: string;
  network?: BtcNetwork;
  confirmations?: number;
  monitoringWindowMs?: number;
  /** Addresses read at the same time. */
  concurrency?: number;
  timeoutMs?: number;
  onPaymentCredited?: OnPaymentCredited;
  fetch?: typeof fetch;
  now?: () => Date;
  log?: (message: string) => void;
}

export interface BtcPollResult {
  chain: string;
  tipHeight: number;
  addressesChecked: number;
  creditedPaymentIds: string[];
}

const defaultLog = (message: string) => console.warn(`[btc-watcher] ${message}`);

class EsploraClient {
  constructor(
    private readonly baseUrl: string,
    private readonly fetchImpl: typeof fetch,
    private readonly timeoutMs: number,
  ) {}

  private async get(path: string): Promise<Response> {
    const url = `${this.baseUrl.replace(/\/+$/, "")}${path}`;
    const response = await this.fetchImpl(url, { signal: AbortSignal.timeout(this.timeoutMs) });
    if (!response.ok) throw new Error(`Esplora GET ${path} answered ${response.status}.`);
    return response;
  }

  async tipHeight(): Promise<number> {
    const text = (await (await this.get("/blocks/tip/height")).text()).trim();
    if (!/^\d+$/.test(text)) throw new Error(`Esplora tip height is not a number: ${text.slice(0, 40)}`);
    return Number(text);
  }

  private async txList(path: string): Promise<EsploraTx[]> {
    return z.array(EsploraTx).parse(await (await this.get(path)).json());
  }

  /** Confirmed transactions of the address, newest first, across Esplora's pages. */
  async confirmedTransactions(address: string): Promise<EsploraTx[]> {
    const encoded = encodeURIComponent(address);
    const first = (await this.txList(`/address/${encoded}/txs`)).filter((tx) => tx.status.confirmed);
    const all = [...first];
    let page = first;
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

export async function pollBtcOnce(options: BtcWatcherOptions = {}): Promise<BtcPollResult> {
  const cfg = config();
  const esploraUrl = options.esploraUrl ?? cfg.PAYMENTS_BTC_ESPLORA_URL;
  if (!esploraUrl)
    throw new Error("PAYMENTS_BTC_ESPLORA_URL is not set: the Bitcoin payment watcher has no API to read.");
  const chain = bitcoinChainKey(options.network ?? cfg.PAYMENTS_BTC_NETWORK);
  const confirmations = Math.max(1, options.confirmations ?? cfg.PAYMENTS_BTC_CONFIRMATIONS);
  const log = options.log ?? defaultLog;
  const esplora = new EsploraClient(esploraUrl, options.fetch ?? fetch, options.timeoutMs ?? 15_000);

  const tipHeight = await esplora.tipHeight();
  const watched = await listWatchedPayments(
    chain,
    (options.now ?? (() => new Date()))(),
    options.monitoringWindowMs ?? DEFAULT_MONITORING_WINDOW_MS,
  );

  const perAddress = await mapWithConcurrency(
    watched,
    options.concurrency ?? 4,
    async (payment): Promise<ObservedTransfer[]> => {
      const found: ObservedTransfer[] = [];
      for (const tx of await esplora.confirmedTransactions(payment.depositAddress)) {
        const height = tx.status.block_height;
        if (height === undefined || tipHeight - height + 1 < confirmations) continue;
        tx.vout.forEach((output, index) => {
          if (output.value === 0 || output.scriptpubkey_address?.toLowerCase() !== payment.depositAddress) return;
          found.push({
            paymentId: payment.id,
            txHash: tx.txid,
            logIndex: index,
            blockNumber: BigInt(height),
            blockTime: tx.status.block_time !== undefined ? new Date(tx.status.block_time * 1000) : new Date(),
            amount: BigInt(output.value),
            fromAddress: tx.vin?.[0]?.prevout?.scriptpubkey_address ?? null,
          });
        });
      }
      return found;
    },
  );

  const creditedPaymentIds = await recordTransfers(chain, perAddress.flat(), {
    cursorBlock: BigInt(tipHeight),
    headBlock: BigInt(tipHeight),
  });
  await notifyCredited(creditedPaymentIds, options.onPaymentCredited, log);
  return { chain, tipHeight, addressesChecked: watched.length, creditedPaymentIds };
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
