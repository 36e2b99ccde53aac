// One server for the whole run: production build (rebuilt only when stale), fresh data directory,
// crypto payments watched on a local anvil node. Specs read its address from the environment.
import { spawnSync } from "node:child_process";
import { startEvmNode } from "../support/evm-node";
import { ROOT, startAppServer } from "./support/app-server";
import { buildIfStale } from "./support/build";

/** An operator token for the server's data directory, printed by the command an operator runs. */
function operatorToken(dataDir: string): string {
  const printed = spawnSync("npm", ["run", "--silent", "operator", "--", "token", "1"], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: "production", LOG_LEVEL: "warn" },
    encoding: "utf8",
  });
  const token = printed.stdout.trim();
  if (printed.status !== 0 || !token) throw new Error(`npm run operator -- token failed: ${printed.stderr}`);
  return token;
}

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
  process.env.E2E_OPERATOR_TOKEN = operatorToken(server.dataDir);
  process.env.E2E_EVM_RPC_URL = evm.rpcUrl;
  process.env.E2E_EVM_CHAIN_ID = String(evm.chainId);
  process.env.E2E_EVM_PRIVATE_KEY = evm.accounts[0].privateKey;
  return async () => {
    await server.stop();
    await evm.stop();
  };
}
