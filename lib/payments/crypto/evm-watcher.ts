import "server-only";
import { createPublicClient, http, parseAbiItem, type Block, type PublicClient } from "viem";
import { config } from "@/lib/config";
import { evmChainKey } from "./currencies";
import {
  DEFAULT_MONITORING_WINDOW_MS,
  listWatchedPayments,
  notifyCredited,
  readCursor,
  recordTransfers,
  type ObservedTransfer,
  type OnPaymentCredited,
} from "./record-transfers";
import { startPollingLoop, type Watcher } from "./polling-loop";

// Detects payments on an EVM chain through JSON-RPC: native transfers by reading the transactions
// of each block, ERC-20 payments from Transfer logs filtered on the recipient. Only blocks with the
// required confirmations are read (a transfer in block b has head - b + 1 confirmations), so a
// reorganisation shallower than that never reaches the database.

const TRANSFER_EVENT = parseAbiItem("event Transfer(address indexed from, address indexed to, uint256 value)");

/** A native transfer has no log; this index keeps (chain, txHash, logIndex) unique for it. */
export const NATIVE_TRANSFER_LOG_INDEX = -1;

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
  client?: PublicClient;
  now?: () => Date;
  log?: (message: string) => void;
}

export interface EvmPollResult {
  chain: string;
  head: bigint;
  /** Range read in this step; null when there was nothing new to read. */
  fromBlock: bigint | null;
  toBlock: bigint | null;
  creditedPaymentIds: string[];
  /** True when the cursor reached the newest block with enough confirmations. */
  caughtUp: boolean;
}

const defaultLog = (message: string) => console.warn(`[evm-watcher] ${message}`);

const clients = new Map<string, PublicClient>();
function clientFor(rpcUrl: string): PublicClient {
  let client = clients.get(rpcUrl);
  if (!client) {
    client = createPublicClient({ transport: http(rpcUrl, { timeout: 15_000, retryCount: 2 }) });
    clients.set(rpcUrl, client);
  }
  return client;
}

function resolveOptions(options: EvmWatcherOptions) {
  const cfg = config();
  const rpcUrl = options.rpcUrl ?? cfg.PAYMENTS_EVM_RPC_URL;
  if (!options.client && !rpcUrl)
    throw new Error("PAYMENTS_EVM_RPC_URL is not set: the EVM payment watcher has no chain to read.");
  const chainId = options.chainId ?? cfg.PAYMENTS_EVM_CHAIN_ID;
  return {
    client: options.client ?? clientFor(rpcUrl!),
    chainId,
    chain: evmChainKey(chainId),
    confirmations: BigInt(Math.max(1, options.confirmations ?? cfg.PAYMENTS_EVM_CONFIRMATIONS)),
    maxBlockRange: BigInt(options.maxBlockRange ?? 100),
    initialLookbackBlocks: BigInt(options.initialLookbackBlocks ?? 100),
    monitoringWindowMs: options.monitoringWindowMs ?? DEFAULT_MONITORING_WINDOW_MS,
    maxAddressesPerLogQuery: options.maxAddressesPerLogQuery ?? 100,
    now: options.now ?? (() => new Date()),
    log: options.log ?? defaultLog,
  };
}

function chunk<T>(items: T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}

/** Reads the next bounded range of confirmed blocks, credits what it finds and moves the cursor. */
export async function pollEvmOnce(options: EvmWatcherOptions = {}): Promise<EvmPollResult> {
  const o = resolveOptions(options);
  const nodeChainId = await o.client.getChainId();
  if (nodeChainId !== o.chainId) {
    throw new Error(`The EVM RPC serves chain ${nodeChainId}, but payments are configured for chain ${o.chainId}.`);
  }
  const head = await o.client.getBlockNumber({ cacheTime: 0 });
  const newestConfirmed = head - o.confirmations + 1n;
  const cursor = await readCursor(o.chain);
  const fromBlock =
    cursor !== null
      ? cursor + 1n
      : newestConfirmed - o.initialLookbackBlocks + 1n > 0n
        ? newestConfirmed - o.initialLookbackBlocks + 1n
        : 0n;
  if (newestConfirmed < 0n || fromBlock > newestConfirmed) {
    return { chain: o.chain, head, fromBlock: null, toBlock: null, creditedPaymentIds: [], caughtUp: true };
  }
  const toBlock =
    fromBlock + o.maxBlockRange - 1n < newestConfirmed ? fromBlock + o.maxBlockRange - 1n : newestConfirmed;

  const watched = await listWatchedPayments(o.chain, o.now(), o.monitoringWindowMs);
  const nativeByAddress = new Map(watched.filter((p) => !p.tokenContract).map((p) => [p.depositAddress, p.id]));
  const tokenPayments = watched.filter((p) => p.tokenContract);
  const tokenByKey = new Map(tokenPayments.map((p) => [`${p.tokenContract}:${p.depositAddress}`, p.id]));

  const blocks = new Map<bigint, Promise<Block>>();
  const blockAt = (number: bigint, includeTransactions: boolean) => {
    let block = blocks.get(number);
    if (!block) {
      block = o.client.getBlock({ blockNumber: number, includeTransactions }) as Promise<Block>;
      blocks.set(number, block);
    }
    return block;
  };

  const transfers: ObservedTransfer[] = [];

  if (nativeByAddress.size > 0) {
    for (let number = fromBlock; number <= toBlock; number++) {
      const block = await blockAt(number, true);
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
          blockTime: new Date(Number(block.timestamp) * 1000),
          amount: tx.value,
          fromAddress: tx.from,
        });
      }
    }
  }

  if (tokenPayments.length > 0) {
    const contracts = [...new Set(tokenPayments.map((p) => p.tokenContract as `0x${string}`))];
    const recipients = [...new Set(tokenPayments.map((p) => p.depositAddress as `0x${string}`))];
    for (const group of chunk(recipients, o.maxAddressesPerLogQuery)) {
      const logs = await o.client.getLogs({
        address: contracts,
        event: TRANSFER_EVENT,
        args: { to: group },
        fromBlock,
        toBlock,
      });
      for (const log of logs) {
        if (log.removed || !log.args.to || log.args.value === undefined || log.args.value === 0n) continue;
        const paymentId = tokenByKey.get(`${log.address.toLowerCase()}:${log.args.to.toLowerCase()}`);
        if (!paymentId) continue;
        const block = await blockAt(log.blockNumber, false);
        transfers.push({
          paymentId,
          txHash: log.transactionHash,
          logIndex: log.logIndex,
          blockNumber: log.blockNumber,
          blockTime: new Date(Number(block.timestamp) * 1000),
          amount: log.args.value,
          fromAddress: log.args.from,
        });
      }
    }
  }

  const creditedPaymentIds = await recordTransfers(o.chain, transfers, { cursorBlock: toBlock, headBlock: head });
  await notifyCredited(creditedPaymentIds, options.onPaymentCredited, o.log);
  return { chain: o.chain, head, fromBlock, toBlock, creditedPaymentIds, caughtUp: toBlock === newestConfirmed };
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
