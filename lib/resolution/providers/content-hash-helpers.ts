import "server-only";
import { decode, getCodec } from "@ensdomains/content-hash";

// EIP-1577 content hashes as URIs, the form ResolveResult.contentHash carries.

const SCHEMES: Record<string, string> = {
  ipfs: "ipfs://",
  ipns: "ipns://",
  swarm: "bzz://",
  onion: "onion://",
  onion3: "onion3://",
  skynet: "sia://",
  arweave: "ar://",
};

/** `0xe301…` → `ipfs://bafy…`; empty string for no hash or a codec without a URI scheme. */
export function contentHashToUri(hex: string): string {
  if (!hex || hex === "0x") return "";
  try {
    const codec = getCodec(hex);
    const scheme = codec ? SCHEMES[codec] : undefined;
    return scheme ? `${scheme}${decode(hex)}` : "";
  } catch {
    return "";
  }
}

/** A bare IPFS hash or an existing URI as a content-hash URI (UD stores bare CIDs). */
export function ipfsUri(value: string): string {
  const trimmed = value.trim();
  if (!trimmed) return "";
  if (/^[a-z0-9]+:\/\//i.test(trimmed)) return trimmed;
  const path = /^\/(ipfs|ipns)\/(.+)$/.exec(trimmed);
  if (path) return `${path[1]}://${path[2]}`;
  return `ipfs://${trimmed}`;
}
