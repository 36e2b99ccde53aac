// A local HTTP server speaking the part of the Esplora API the Bitcoin watcher reads:
// GET /blocks/tip/height, /blocks/tip/hash, /block/:hash, /block-height/:height, /tx/:txid/status,
// /address/:address, /address/:address/txs and /address/:address/txs/chain/:lastSeenTxid.
// Blocks have hashes that change when the test reorganises the chain from some height.
import { createHash, randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeTx {
  txid: string;
  vout: { scriptpubkey_address: string; value: number }[];
  /** Height of the block holding it; undefined while in the mempool. */
  blockHeight?: number;
  blockTime?: number;
  /** Address of the output the first input spends: the sender, as Esplora's `vin[0].prevout` says. */
  from?: string;
}

export interface EsploraServer {
  url: string;
  tip: number;
  txs: FakeTx[];
  /** Paths requested, in order. */
  requests: string[];
  /** When set, every request answers with this status. */
  failWith?: number;
  /** Unix time of block 0; block h is 600 s later per height. */
  genesisTime: number;
  addTx(outputs: { address: string; value: number }[], blockHeight?: number, from?: string): FakeTx;
  /** Replaces every block from `height` up with another one (a new hash at each height). */
  reorganise(height: number): void;
  blockHash(height: number): string;
  blockTime(height: number): number;
  stop(): Promise<void>;
}

const PAGE = 25;

export async function startEsploraServer(): Promise<EsploraServer> {
  const forks = new Map<number, number>();
  const state: EsploraServer = {
    url: "",
    tip: 100,
    txs: [],
    requests: [],
    genesisTime: 1_700_000_000,
    addTx(outputs, blockHeight, from) {
      const tx: FakeTx = {
        txid: randomBytes(32).toString("hex"),
        vout: outputs.map((o) => ({ scriptpubkey_address: o.address, value: o.value })),
        blockHeight,
        from,
      };
      state.txs.push(tx);
      return tx;
    },
    reorganise(height) {
      for (let h = height; h <= Math.max(state.tip, height) + 1000; h++) forks.set(h, (forks.get(h) ?? 0) + 1);
    },
    blockHash(height) {
      return createHash("sha256")
        .update(`${height}:${forks.get(height) ?? 0}`)
        .digest("hex");
    },
    blockTime(height) {
      return state.genesisTime + height * 600;
    },
    stop: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  const confirmedIn = (tx: FakeTx) => tx.blockHeight !== undefined && tx.blockHeight <= state.tip;
  const statusOf = (tx: FakeTx) =>
    confirmedIn(tx)
      ? {
          confirmed: true,
          block_height: tx.blockHeight,
          block_hash: state.blockHash(tx.blockHeight!),
          block_time: tx.blockTime ?? state.blockTime(tx.blockHeight!),
        }
      : { confirmed: false };
  const toEsplora = (tx: FakeTx) => ({
    txid: tx.txid,
    version: 2,
    locktime: 0,
    vin: tx.from
      ? [{ txid: "11".repeat(32), vout: 0, prevout: { scriptpubkey_address: tx.from, value: 0 }, is_coinbase: false }]
      : [],
    vout: tx.vout.map((o) => ({ scriptpubkey: "0014", scriptpubkey_type: "v0_p2wpkh", ...o })),
    size: 200,
    weight: 800,
    fee: 150,
    status: statusOf(tx),
  });

  const server: Server = createServer((req, res) => {
    const path = req.url ?? "/";
    state.requests.push(path);
    const send = (status: number, body: unknown, type = "application/json") => {
      res.writeHead(status, { "content-type": type });
      res.end(typeof body === "string" ? body : JSON.stringify(body));
    };
    if (state.failWith) return send(state.failWith, "upstream trouble", "text/plain");
    if (req.method !== "GET") return send(405, "method not allowed", "text/plain");
    if (path === "/blocks/tip/height") return send(200, String(state.tip), "text/plain");
    if (path === "/blocks/tip/hash") return send(200, state.blockHash(state.tip), "text/plain");

    const block = /^\/block\/([0-9a-f]{64})$/.exec(path);
    if (block) {
      for (let h = state.tip; h >= 0; h--) {
        if (state.blockHash(h) === block[1])
          return send(200, { id: block[1], height: h, timestamp: state.blockTime(h) });
      }
      return send(404, "Block not found", "text/plain");
    }
    const atHeight = /^\/block-height\/(\d+)$/.exec(path);
    if (atHeight) {
      const height = Number(atHeight[1]);
      return height <= state.tip
        ? send(200, state.blockHash(height), "text/plain")
        : send(404, "Block not found", "text/plain");
    }
    const txStatus = /^\/tx\/([0-9a-f]{64})\/status$/.exec(path);
    if (txStatus) {
      const tx = state.txs.find((t) => t.txid === txStatus[1]);
      return tx ? send(200, statusOf(tx)) : send(404, "Transaction not found", "text/plain");
    }

    const match = /^\/address\/([^/]+)(\/txs(?:\/chain(?:\/([0-9a-f]{64}))?)?)?$/.exec(path);
    if (!match) return send(404, "not found", "text/plain");
    const address = decodeURIComponent(match[1]);
    const forAddress = state.txs.filter((tx) => tx.vout.some((o) => o.scriptpubkey_address === address));
    // Newest first, as Esplora orders them.
    const confirmed = forAddress.filter(confirmedIn).sort((a, b) => b.blockHeight! - a.blockHeight!);
    const mempool = forAddress.filter((tx) => !confirmedIn(tx));
    const sumTo = (txs: FakeTx[]) =>
      txs.reduce(
        (sum, tx) => sum + tx.vout.filter((o) => o.scriptpubkey_address === address).reduce((s, o) => s + o.value, 0),
        0,
      );
    if (!match[2]) {
      return send(200, {
        address,
        chain_stats: {
          tx_count: confirmed.length,
          funded_txo_count: confirmed.length,
          funded_txo_sum: sumTo(confirmed),
        },
        mempool_stats: { tx_count: mempool.length, funded_txo_count: mempool.length, funded_txo_sum: sumTo(mempool) },
      });
    }
    if (path.includes("/txs/chain")) {
      const after = match[3] ? confirmed.findIndex((tx) => tx.txid === match[3]) + 1 : 0;
      return send(200, confirmed.slice(after, after + PAGE).map(toEsplora));
    }
    return send(200, [...mempool, ...confirmed.slice(0, PAGE)].map(toEsplora));
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}
