// GET /metrics reports how far each payment watcher is behind its chain: the chain's head (asked
// of the configured JSON-RPC node and Esplora, here local servers that answer the head) minus the
// watcher's cursor, and whether the node answered at all.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, test } from "vitest";
import { db } from "@/lib/db";
import { startTestApp, type TestApp } from "@/tests/support/app";

let app: TestApp;
let node: http.Server;
let esplora: http.Server;

async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  // A JSON-RPC node at block 100 of chain 31337, and an Esplora whose tip is at height 250.
  node = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      const { id, method } = JSON.parse(body) as { id: number; method: string };
      const result = method === "eth_blockNumber" ? "0x64" : method === "eth_chainId" ? "0x7a69" : null;
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ jsonrpc: "2.0", id, result }));
    });
  });
  esplora = http.createServer((req, res) => {
    res.writeHead(req.url === "/blocks/tip/height" ? 200 : 404, { "content-type": "text/plain" });
    res.end(req.url === "/blocks/tip/height" ? "250" : "");
  });
  app = await startTestApp({
    PAYMENTS_EVM_RPC_URL: await listen(node),
    PAYMENTS_EVM_CHAIN_ID: 31337,
    PAYMENTS_BTC_ESPLORA_URL: await listen(esplora),
    PAYMENTS_BTC_NETWORK: "regtest",
  });
});
afterAll(async () => {
  await app?.close();
  node?.close();
  esplora?.close();
});

test("lag is the head minus the cursor per chain; a chain without a cursor lags by its whole height", async () => {
  await db().chainCursor.create({ data: { chain: "eip155:31337", block: 93n } });
  const text = await (await app.fetch("/metrics")).text();
  expect(text).toMatch(/^namesvc_watcher_lag_blocks\{chain="eip155:31337"\} 7$/m);
  expect(text).toMatch(/^namesvc_watcher_lag_blocks\{chain="bitcoin:regtest"\} 250$/m);
  expect(text).toMatch(/^namesvc_watcher_head_reachable\{chain="eip155:31337"\} 1$/m);
});
