// A local HTTP server speaking the part of the Esplora API the Bitcoin watcher reads:
// GET /blocks/tip/height, /address/:address/txs and /address/:address/txs/chain/:lastSeenTxid.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { randomBytes } from "node:crypto";

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
  addTx(outputs: { address: string; value: number }[], blockHeight?: number, from?: string): FakeTx;
  stop(): Promise<void>;
}

const PAGE = 25;

function toEsplora(tx: FakeTx) {
  return {
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
    status:
      tx.blockHeight === undefined
        ? { confirmed: false }
        : {
            confirmed: true,
            block_height: tx.blockHeight,
            block_hash: "00".repeat(32),
            block_time: tx.blockTime ?? 1_700_000_000 + tx.blockHeight * 600,
          },
  };
}

export async function startEsploraServer(): Promise<EsploraServer> {
  const state: EsploraServer = {
    url: "",
    tip: 100,
    txs: [],
    requests: [],
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
    stop: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

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

    const match = /^\/address\/([^/]+)\/txs(?:\/chain(?:\/([0-9a-f]{64}))?)?$/.exec(path);
    if (!match) return send(404, "not found", "text/plain");
    const address = decodeURIComponent(match[1]);
    const forAddress = state.txs.filter((tx) => tx.vout.some((o) => o.scriptpubkey_address === address));
    // Newest first, as Esplora orders them.
    const confirmed = forAddress
      .filter((tx) => tx.blockHeight !== undefined && tx.blockHeight <= state.tip)
      .sort((a, b) => b.blockHeight! - a.blockHeight!);
    const mempool = forAddress
      .filter((tx) => tx.blockHeight === undefined || tx.blockHeight > state.tip)
      .map((tx) => ({ ...tx, blockHeight: undefined }));
    if (path.includes("/txs/chain")) {
      const after = match[2] ? confirmed.findIndex((tx) => tx.txid === match[2]) + 1 : 0;
      return send(200, confirmed.slice(after, after + PAGE).map(toEsplora));
    }
    return send(200, [...mempool, ...confirmed.slice(0, PAGE)].map(toEsplora));
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}
