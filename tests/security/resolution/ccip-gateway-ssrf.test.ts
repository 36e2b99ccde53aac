// Attack: whoever controls an ENS name chooses its resolver, and an offchain (CCIP-Read) resolver
// names the URL the server will fetch. Pointing it at the server's own network (loopback, a
// metadata service, an internal API) would make every resolution of the name a request from
// inside. The server must refuse such gateways (502) without sending them a single byte, however
// the address is written.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createPartner } from "@/lib/partners/create-partner";
import { startTestApp, type TestApp } from "@/tests/support/app";
import { deployEns } from "@/tests/support/ens-deploy";
import { startEvmNode, type EvmNode } from "@/tests/support/evm-node";

let node: EvmNode;
let internal: Server;
let internalHits = 0;
let app: TestApp;
let token: string;

const TARGETS: Record<string, (port: number) => string> = {
  "loopback-literal": (port) => `http://127.0.0.1:${port}/{sender}/{data}.json`,
  "loopback-name": (port) => `http://localhost:${port}/{sender}/{data}.json`,
  "mapped-ipv6": (port) => `http://[::ffff:127.0.0.1]:${port}/gateway`,
  "decimal-ipv4": (port) => `http://2130706433:${port}/gateway`,
  "compatible-ipv6": (port) => `http://[::127.0.0.1]:${port}/gateway`,
  "compatible-ipv6-hex": (port) => `http://[::7f00:1]:${port}/gateway`,
  "translated-ipv6": (port) => `http://[::ffff:0:127.0.0.1]:${port}/gateway`,
};

beforeAll(async () => {
  internal = createServer((_, res) => {
    internalHits++;
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ data: "0x" }));
  });
  await new Promise<void>((resolve) => internal.listen(0, "127.0.0.1", resolve));
  const port = (internal.address() as AddressInfo).port;

  node = await startEvmNode();
  const ens = await deployEns(node);
  for (const [label, url] of Object.entries(TARGETS)) {
    await ens.register(`${label}.eth`);
    await ens.deployOffchainResolver(`${label}.eth`, url(port), [node.accounts[0]!.address]);
  }
  // The default configuration: gateways on private addresses are not allowed.
  app = await startTestApp({
    ETH_RPC_URL: node.rpcUrl,
    ENS_REGISTRY_ADDRESS: ens.registry,
    // The refusal does not depend on time; the local chain's reads under load do.
    RESOLUTION_TIMEOUT_MS: 20_000,
  });
  token = (await createPartner("SSRF probe")).token.value;
}, 90_000);

afterAll(async () => {
  await app?.close();
  await node?.stop();
  await new Promise<void>((resolve) => internal.close(() => resolve()));
});

describe("CCIP-Read gateway URLs pointing inside", () => {
  test.each(Object.keys(TARGETS))("%s: 502, and the internal service receives nothing", async (label) => {
    const res = await app.fetch(`/v1/resolve/victim.${label}.eth?coins=BTC`, { token });
    expect(res.status).toBe(502);
    const body = await res.json();
    expect(body.field).toBe("nameservice");
    expect(body.info).toMatch(/is not a public address; it was not asked/);
    expect(internalHits).toBe(0);
  });
});
