// Clients for a local ganache node, and the moves the payment tests make on it: payments signed
// once (so the very same transaction can be mined again on another branch), reorganisations by
// snapshot and revert, and polling the EVM watcher to the head.
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  http,
  type Hex,
  type PublicClient,
  type WalletClient,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { pollEvmOnce, type EvmPollResult, type EvmWatcherOptions } from "@/lib/payments/crypto/evm-watcher";
import type { EvmNode } from "@/tests/support/evm-node";

export interface ChainClients {
  reader: PublicClient;
  /** Wallets of the node's funded accounts, by index. */
  wallet(index: number): WalletClient;
}

export function chainClients(node: EvmNode): ChainClients {
  const chain = defineChain({
    id: node.chainId,
    name: "ganache",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [node.rpcUrl] } },
  });
  return {
    reader: createPublicClient({ chain, transport: http(node.rpcUrl) }),
    wallet: (index) =>
      createWalletClient({
        chain,
        account: privateKeyToAccount(node.accounts[index].privateKey),
        transport: http(node.rpcUrl),
      }),
  };
}

/** A native transfer signed now and sent later, possibly more than once (on two branches). */
export async function signTransfer(wallet: WalletClient, to: string, value: bigint): Promise<Hex> {
  const request = await wallet.prepareTransactionRequest({
    to: to as `0x${string}`,
    value,
    account: wallet.account!,
    chain: wallet.chain,
  });
  return wallet.signTransaction({ ...request, account: wallet.account!, chain: wallet.chain } as never);
}

/** Sends a signed transaction and waits for its receipt; answers the block it was mined in. */
export async function sendSigned(reader: PublicClient, raw: Hex): Promise<bigint> {
  const hash = await reader.sendRawTransaction({ serializedTransaction: raw });
  return (await reader.waitForTransactionReceipt({ hash, pollingInterval: 20 })).blockNumber;
}

export async function sendEth(reader: PublicClient, wallet: WalletClient, to: string, value: bigint) {
  const hash = await wallet.sendTransaction({
    to: to as `0x${string}`,
    value,
    account: wallet.account!,
    chain: wallet.chain,
  });
  return reader.waitForTransactionReceipt({ hash, pollingInterval: 20 });
}

/** Runs watcher steps until it reports having caught up; answers every step's result. */
export async function pollToHead(options: EvmWatcherOptions): Promise<EvmPollResult[]> {
  const results: EvmPollResult[] = [];
  for (let step = 0; step < 200; step++) {
    const result = await pollEvmOnce(options);
    results.push(result);
    if (result.caughtUp) return results;
  }
  throw new Error("The watcher did not catch up in 200 steps.");
}
