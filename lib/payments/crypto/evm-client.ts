import "server-only";
import { createPublicClient, http, type PublicClient } from "viem";

// One JSON-RPC client per endpoint for the payment code (watcher, token reads), so their requests
// share connections and viem's caches.

const clients = new Map<string, PublicClient>();

export function evmClient(rpcUrl: string): PublicClient {
  let client = clients.get(rpcUrl);
  if (!client) {
    client = createPublicClient({ transport: http(rpcUrl, { timeout: 15_000, retryCount: 2 }) });
    clients.set(rpcUrl, client);
  }
  return client;
}
