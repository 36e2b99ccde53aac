import "server-only";
import {
  createPublicClient,
  http,
  isHex,
  verifyMessage as recoverAndCompare,
  type Address,
  type Hex,
  type PublicClient,
} from "viem";
import { ApiError } from "@/lib/contract/errors";
import { config } from "@/lib/config";

// Whether an address signed a message (EIP-191 personal message), for the owners' Sign-In with
// Ethereum and the ENS-parent claims alike. A plain key's signature is checked by recovery, with no
// network. A smart-contract wallet's (a Safe, a Coinbase Smart Wallet) is the wallet's to judge:
// EIP-1271 `isValidSignature` when it is deployed, EIP-6492 (the signature wrapped with the
// factory call that would deploy it) when it is not yet, both read through ETH_RPC_URL on Ethereum,
// the chain the sign-in messages name. Without ETH_RPC_URL only plain keys verify.

const clients = new Map<string, PublicClient>();

function chainClient(rpcUrl: string): PublicClient {
  let client = clients.get(rpcUrl);
  if (!client) {
    const timeout = config().RESOLUTION_TIMEOUT_MS;
    client = createPublicClient({ transport: http(rpcUrl, { timeout, retryCount: 1 }), ccipRead: false });
    clients.set(rpcUrl, client);
  }
  return client;
}

export interface SignedMessage {
  address: Address;
  message: string;
  signature: string;
}

/**
 * True when `signature` is `address`'s signature of `message`; false for any other signature,
 * however malformed. A 503 when a contract wallet's signature cannot be judged because the chain
 * does not answer (the signature may well be valid: the caller should retry, not be told it is wrong).
 */
export async function verifyAddressSignature(
  { address, message, signature }: SignedMessage,
  options: { rpcUrl?: string } = {},
): Promise<boolean> {
  if (!isHex(signature, { strict: true })) return false;
  // A plain key's signature is judged by recovery, with no round trip to the chain.
  if (await recoversTo(address, message, signature)) return true;
  const rpcUrl = options.rpcUrl ?? config().ETH_RPC_URL;
  if (!rpcUrl) return false;
  const client = chainClient(rpcUrl);
  try {
    // viem reads a failed call as "not valid": a chain that does not answer is told apart first.
    await client.getCode({ address });
  } catch {
    throw new ApiError(
      503,
      "signature",
      "The signature is not a plain key's, and the chain that would judge a smart-contract wallet's " +
        "signature (EIP-1271, EIP-6492) did not answer; retry shortly.",
      { "Retry-After": "5" },
    );
  }
  try {
    return await client.verifyMessage({ address, message, signature });
  } catch {
    return false;
  }
}

async function recoversTo(address: Address, message: string, signature: Hex): Promise<boolean> {
  try {
    return await recoverAndCompare({ address, message, signature });
  } catch {
    return false;
  }
}
