import { getAddress } from "viem";
import { formatUnits } from "./rates";

// Payment request URIs a wallet opens or scans: EIP-681 for EVM coins and ERC-20 tokens, BIP21 for
// Bitcoin. Amounts are written as exact integers (EIP-681) or exact decimals (BIP21), never floats.

/** `ethereum:<to>@<chainId>?value=<wei>` */
export function eip681NativeUri(input: { to: string; chainId: number; amountAtomic: bigint }): string {
  return `ethereum:${getAddress(input.to)}@${input.chainId}?value=${input.amountAtomic.toString()}`;
}

/** `ethereum:<token>@<chainId>/transfer?address=<to>&uint256=<units>` */
export function eip681TokenTransferUri(input: {
  token: string;
  to: string;
  chainId: number;
  amountAtomic: bigint;
}): string {
  const query = `address=${getAddress(input.to)}&uint256=${input.amountAtomic.toString()}`;
  return `ethereum:${getAddress(input.token)}@${input.chainId}/transfer?${query}`;
}

/** `bitcoin:<address>?amount=<BTC>` with optional label and message, percent-encoded. */
export function bip21Uri(input: { address: string; amountSats: bigint; label?: string; message?: string }): string {
  const params = [`amount=${formatUnits(input.amountSats, 8)}`];
  if (input.label) params.push(`label=${encodeURIComponent(input.label)}`);
  if (input.message) params.push(`message=${encodeURIComponent(input.message)}`);
  return `bitcoin:${input.address}?${params.join("&")}`;
}
