import "server-only";
import { base58, bech32, bech32m } from "@scure/base";
import { getAddress, isAddress, sha256, zeroAddress, hexToBytes } from "viem";

// Whether an address a buyer gives for a refund can receive money on the refund's chain, in the
// form the payout check compares (checksummed for EVM, lower-case bech32 for Bitcoin). Answers
// null for anything else: an address of another network, a typo that breaks the checksum.

const BECH32_PREFIX: Record<string, string> = { mainnet: "bc", testnet: "tb", regtest: "bcrt" };
// Base58Check version bytes of P2PKH and P2SH.
const BASE58_VERSIONS: Record<string, number[]> = {
  mainnet: [0x00, 0x05],
  testnet: [0x6f, 0xc4],
  regtest: [0x6f, 0xc4],
};

export function refundAddressFor(chain: string | null, input: string): string | null {
  const text = input.trim();
  if (chain?.startsWith("eip155:")) {
    // Mixed case must be a valid EIP-55 checksum; all one case is taken as typed.
    if (!isAddress(text, { strict: true })) return null;
    const address = getAddress(text);
    return address === zeroAddress ? null : address;
  }
  const network = chain?.startsWith("bitcoin:") ? chain.slice("bitcoin:".length) : null;
  if (!network || !BECH32_PREFIX[network]) return null;
  return segwitAddress(text, BECH32_PREFIX[network]!) ?? base58Address(text, BASE58_VERSIONS[network]!);
}

function segwitAddress(text: string, prefix: string): string | null {
  if (text !== text.toLowerCase() && text !== text.toUpperCase()) return null;
  const lower = text.toLowerCase();
  if (!lower.startsWith(`${prefix}1`)) return null;
  for (const codec of [bech32, bech32m]) {
    let decoded: { prefix: string; words: number[] };
    try {
      decoded = codec.decode(lower as `${string}1${string}`, 90);
    } catch {
      continue;
    }
    const [version, ...words] = decoded.words;
    if (decoded.prefix !== prefix || version === undefined || version > 16) continue;
    // BIP 350: version 0 is bech32, every later version bech32m.
    if ((version === 0) !== (codec === bech32)) continue;
    let program: Uint8Array;
    try {
      program = codec.fromWords(words);
    } catch {
      continue;
    }
    if (program.length < 2 || program.length > 40) continue;
    if (version === 0 && program.length !== 20 && program.length !== 32) continue;
    return lower;
  }
  return null;
}

function base58Address(text: string, versions: number[]): string | null {
  let bytes: Uint8Array;
  try {
    bytes = base58.decode(text);
  } catch {
    return null;
  }
  if (bytes.length !== 25 || !versions.includes(bytes[0]!)) return null;
  const body = bytes.subarray(0, 21);
  const check = hexToBytes(sha256(hexToBytes(sha256(body))));
  return check.subarray(0, 4).every((byte, i) => byte === bytes[21 + i]) ? text : null;
}
