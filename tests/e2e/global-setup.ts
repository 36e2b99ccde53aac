// One server for the whole run: production build (rebuilt only when stale), fresh data directory,
// crypto payments watched on a local anvil node. Specs read its address from the environment.
import { startEvmNode } from "../support/evm-node";
import { startAppServer } from "./support/app-server";
import { buildIfStale } from "./support/build";

export default async function globalSetup() {
  await buildIfStale();
  const evm = await startEvmNode({ chainId: 1337 });
  const server = await startAppServer({
    PAYMENTS_EVM_RPC_URL: evm.rpcUrl,
    PAYMENTS_EVM_CHAIN_ID: String(evm.chainId),
    PAYMENTS_EVM_CONFIRMATIONS: "2",
    WATCHER_INTERVAL_MS: "500",
    // A local chain counts as a live payment setting; this run uses the test keys, rates and card
    // processor on purpose.
    PAYMENTS_ALLOW_TEST_DEFAULTS: "1",
    PAYMENTS_TEST_CARD_PROCESSOR: "1",
  });
  process.env.E2E_BASE_URL = server.origin;
  process.env.E2E_ADMIN_TOKEN = server.adminToken;
  process.env.E2E_EVM_RPC_URL = evm.rpcUrl;
  process.env.E2E_EVM_CHAIN_ID = String(evm.chainId);
  process.env.E2E_EVM_PRIVATE_KEY = evm.accounts[0].privateKey;
  return async () => {
    await server.stop();
    await evm.stop();
  };
}
