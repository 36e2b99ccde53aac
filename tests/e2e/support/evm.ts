// Talks to the local EVM node the global setup started: sends ETH from a funded account and
// mines blocks, as a wallet and the chain would.
import { createWalletClient, defineChain, http, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";

function node() {
  const rpcUrl = process.env.E2E_EVM_RPC_URL;
  const privateKey = process.env.E2E_EVM_PRIVATE_KEY as Hex | undefined;
  const chainId = Number(process.env.E2E_EVM_CHAIN_ID ?? "1337");
  if (!rpcUrl || !privateKey) throw new Error("the local EVM node is not running (global setup did not start it)");
  return { rpcUrl, privateKey, chainId };
}

export async function sendEth(to: string, valueWei: bigint): Promise<Hex> {
  const { rpcUrl, privateKey, chainId } = node();
  const chain = defineChain({
    id: chainId,
    name: "local",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
  const wallet = createWalletClient({ account: privateKeyToAccount(privateKey), chain, transport: http(rpcUrl) });
  return wallet.sendTransaction({ to: to as Hex, value: valueWei });
}

export async function mineBlocks(count: number): Promise<void> {
  const { rpcUrl } = node();
  for (let i = 0; i < count; i++) {
    const response = await fetch(rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: i, method: "evm_mine", params: [] }),
    });
    if (!response.ok) throw new Error(`evm_mine failed: HTTP ${response.status}`);
  }
}
