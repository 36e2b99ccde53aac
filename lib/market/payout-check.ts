import "server-only";
import { getAddress, isAddressEqual, parseEventLogs, erc20Abi, type Hash } from "viem";
import { config } from "@/lib/config";
import { evmClient } from "@/lib/payments/crypto/evm-client";
import { bitcoinChainKey, evmChainKey, paymentCurrency } from "@/lib/payments/crypto/currencies";
import { atomic, atomicText, type StoredAmount } from "@/lib/db/amounts";

// A crypto refund's payout reference that is a transaction hash on a chain we watch is checked on
// that chain before the refund is PAID: the transaction must be mined, have succeeded, and pay the
// refund's address at least its amount in its currency. Any other reference (a note of a payout
// made some other way) is the operator's word. Answers why the reference does not prove the
// payout, or null when it does (or is not a transaction hash of a watched chain).

export interface PayoutToCheck {
  chain: string | null;
  currency: string;
  senderAddress: string | null;
  amountAtomic: StoredAmount;
}

const EVM_HASH = /^0x[0-9a-fA-F]{64}$/;
const BTC_TXID = /^[0-9a-fA-F]{64}$/;

export async function payoutProblem(refund: PayoutToCheck, reference: string): Promise<string | null> {
  const cfg = config();
  const amount = atomic(refund.amountAtomic);
  if (EVM_HASH.test(reference) && cfg.PAYMENTS_EVM_RPC_URL && refund.chain === evmChainKey(cfg.PAYMENTS_EVM_CHAIN_ID))
    return evmProblem(cfg.PAYMENTS_EVM_RPC_URL, refund, reference as Hash, amount);
  if (
    BTC_TXID.test(reference) &&
    cfg.PAYMENTS_BTC_ESPLORA_URL &&
    refund.chain === bitcoinChainKey(cfg.PAYMENTS_BTC_NETWORK)
  )
    return btcProblem(cfg.PAYMENTS_BTC_ESPLORA_URL, refund, reference.toLowerCase(), amount);
  return null;
}

async function evmProblem(rpcUrl: string, refund: PayoutToCheck, hash: Hash, amount: bigint): Promise<string | null> {
  if (!refund.senderAddress) return "The refund has no address to pay; the transaction cannot be checked.";
  const to = getAddress(refund.senderAddress);
  const client = evmClient(rpcUrl);
  const receipt = await client.getTransactionReceipt({ hash }).catch(() => null);
  if (!receipt) return `Transaction ${hash} is not mined on the chain the payment came from.`;
  if (receipt.status !== "success") return `Transaction ${hash} failed on chain.`;
  let paid = 0n;
  if (refund.currency === "ETH") {
    const tx = await client.getTransaction({ hash });
    if (tx.to && isAddressEqual(tx.to, to)) paid = tx.value;
  } else {
    const token = paymentCurrency(refund.currency).tokenContract;
    for (const log of parseEventLogs({ abi: erc20Abi, eventName: "Transfer", logs: receipt.logs }))
      if (token && isAddressEqual(log.address, token) && isAddressEqual(log.args.to, to)) paid += log.args.value;
  }
  return paid >= amount ? null : shortfall(hash, refund, paid);
}

interface EsploraTx {
  status?: { confirmed?: boolean };
  vout?: { scriptpubkey_address?: string; value?: number }[];
}

async function btcProblem(
  baseUrl: string,
  refund: PayoutToCheck,
  txid: string,
  amount: bigint,
): Promise<string | null> {
  if (!refund.senderAddress) return "The refund has no address to pay; the transaction cannot be checked.";
  const response = await fetch(`${baseUrl.replace(/\/+$/, "")}/tx/${txid}`, { signal: AbortSignal.timeout(15_000) });
  if (response.status === 404 || response.status === 400) return `Transaction ${txid} is not on the Bitcoin chain.`;
  if (!response.ok) throw new Error(`Esplora GET /tx/${txid} answered ${response.status}.`);
  const tx = (await response.json()) as EsploraTx;
  // A transaction in the mempool may still be dropped: only a mined one proves the payout.
  if (!tx.status?.confirmed) return `Transaction ${txid} is not confirmed yet; record the payout once it is.`;
  const paid = (tx.vout ?? [])
    .filter((out) => out.scriptpubkey_address === refund.senderAddress)
    .reduce((sum, out) => sum + BigInt(out.value ?? 0), 0n);
  return paid >= amount ? null : shortfall(txid, refund, paid);
}

const shortfall = (hash: string, refund: PayoutToCheck, paid: bigint) =>
  `Transaction ${hash} pays ${refund.senderAddress} ${paid} (smallest unit of ${refund.currency}), not the ` +
  `${atomicText(refund.amountAtomic)} owed.`;
