"use client";
// The browser's wallet through EIP-1193 (found by ./wallet-discovery): which account is connected, and a
// personal_sign (EIP-191) of the sign-in message. Nothing else is asked of it: signing in sends
// no transaction and costs nothing.
import { stringToHex } from "viem";

export interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
}

/** Thrown for answers people should read: declined requests, no account. */
class WalletError extends Error {}

function explain(error: unknown): Error {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 4001) return new WalletError("You declined the request in your wallet. Nothing was signed.");
  if (code === -32002)
    return new WalletError("Your wallet already has a request waiting: open it and answer that one first.");
  return error instanceof Error ? error : new WalletError("The wallet did not answer.");
}

export async function connectAccount(provider: Eip1193Provider): Promise<`0x${string}`> {
  let accounts: unknown;
  try {
    accounts = await provider.request({ method: "eth_requestAccounts" });
  } catch (error) {
    throw explain(error);
  }
  const first = Array.isArray(accounts) ? accounts[0] : undefined;
  if (typeof first !== "string" || !/^0x[0-9a-fA-F]{40}$/.test(first))
    throw new WalletError("The wallet did not share an account: unlock it and try again.");
  return first as `0x${string}`;
}

export async function personalSign(
  provider: Eip1193Provider,
  address: string,
  message: string,
): Promise<`0x${string}`> {
  try {
    const signature = await provider.request({ method: "personal_sign", params: [stringToHex(message), address] });
    if (typeof signature !== "string" || !/^0x[0-9a-fA-F]+$/.test(signature))
      throw new WalletError("The wallet answered without a signature.");
    return signature as `0x${string}`;
  } catch (error) {
    throw explain(error);
  }
}
