import "server-only";
import { config } from "@/lib/config";
import { prepared, sql, sqlBuilder } from "@/lib/db/sql";
import { bitcoinChainKey, evmChainKey } from "./currencies";
import { evmClient } from "./evm-client";

// How far each payment watcher is behind its chain's head (GET /metrics, the operator's overview).
// The heads are read at most every 10 s per chain, whoever asks.

const HEAD_TTL_MS = 10_000;

const heads = new Map<string, { at: number; head: Promise<bigint | null> }>();

// Read on every scrape of /metrics: compiled once.
const cursorsOf = prepared((chains: string[]) =>
  sqlBuilder
    .selectFrom("chain_cursor")
    .select(["chain", sql<string>`block::text`.as("block")])
    .where("chain", "=", (eb) => eb.fn.any(sql<string[]>`${chains}::text[]`)),
);

function headOf(chain: string, read: () => Promise<bigint>): Promise<bigint | null> {
  const known = heads.get(chain);
  if (known && Date.now() - known.at < HEAD_TTL_MS) return known.head;
  const head = read().catch(() => null);
  heads.set(chain, { at: Date.now(), head });
  return head;
}

/** Per watched chain, how many blocks its watcher is behind the head (null: the node did not answer). */
export async function watcherLags(): Promise<{ chain: string; lag: number | null }[]> {
  const cfg = config();
  const watched: { chain: string; head: Promise<bigint | null> }[] = [];
  const timeout = () => AbortSignal.timeout(cfg.RESOLUTION_TIMEOUT_MS);
  if (cfg.PAYMENTS_EVM_RPC_URL) {
    const url = cfg.PAYMENTS_EVM_RPC_URL;
    const chain = evmChainKey(cfg.PAYMENTS_EVM_CHAIN_ID);
    watched.push({ chain, head: headOf(chain, () => evmClient(url).getBlockNumber({ cacheTime: 0 })) });
  }
  if (cfg.PAYMENTS_BTC_ESPLORA_URL) {
    const base = cfg.PAYMENTS_BTC_ESPLORA_URL.replace(/\/+$/, "");
    const chain = bitcoinChainKey(cfg.PAYMENTS_BTC_NETWORK);
    watched.push({
      chain,
      head: headOf(chain, async () => {
        const res = await fetch(`${base}/blocks/tip/height`, { signal: timeout() });
        const text = (await res.text()).trim();
        if (!res.ok || !/^\d{1,12}$/.test(text)) throw new Error("no tip height");
        return BigInt(text);
      }),
    });
  }
  if (watched.length === 0) return [];
  const cursors = await cursorsOf([watched.map((w) => w.chain)]);
  return Promise.all(
    watched.map(async ({ chain, head }) => {
      const tip = await head;
      const cursor = cursors.find((c) => c.chain === chain);
      if (tip === null) return { chain, lag: null };
      // A watcher that has not processed a block yet is as far behind as the whole chain.
      return { chain, lag: Number(tip - (cursor ? BigInt(cursor.block) : 0n)) };
    }),
  );
}
