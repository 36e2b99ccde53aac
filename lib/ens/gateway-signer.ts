import "server-only";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { encodePacked, keccak256, type Address, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAddress, serializeSignature, sign } from "viem/accounts";
import { ApiError } from "@/lib/contract/errors";
import { config, usesPostgresServer } from "@/lib/config";

// The key the CCIP-Read gateway signs with: ENS_GATEWAY_SIGNER_KEY, or on the embedded database
// a key generated once and kept in DATA_DIR (mode 600), as the JWT secret is. With PostgreSQL
// every instance must sign with the same key, so it must be set; until it is, the gateway is 503.

export interface GatewaySigner {
  address: Address;
  /** The 65-byte r‖s‖v signature of a digest, without any EIP-191 prefix (what the resolver recovers). */
  signDigest(digest: Hex): Promise<Hex>;
}

let cached: { key: Hex; signer: GatewaySigner } | undefined;

function signerKey(): Hex {
  const cfg = config();
  if (cfg.ENS_GATEWAY_SIGNER_KEY) return cfg.ENS_GATEWAY_SIGNER_KEY as Hex;
  if (usesPostgresServer(cfg))
    throw new ApiError(
      503,
      "sender",
      "The ENS gateway is not configured: set ENS_GATEWAY_SIGNER_KEY (the same on every instance).",
    );
  const file = path.resolve(cfg.DATA_DIR, "ens-gateway-signer-key");
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    try {
      writeFileSync(file, generatePrivateKey(), { mode: 0o600, flag: "wx" });
    } catch (error) {
      // Another process wrote it first: use theirs.
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  return readFileSync(file, "utf8").trim() as Hex;
}

export function gatewaySigner(): GatewaySigner {
  const key = signerKey();
  if (cached?.key === key) return cached.signer;
  const signer: GatewaySigner = {
    address: privateKeyToAddress(key),
    signDigest: async (digest) => serializeSignature(await sign({ hash: digest, privateKey: key })),
  };
  cached = { key, signer };
  return signer;
}

/**
 * What the resolver's makeSignatureHash computes:
 * keccak256(0x1900 ‖ resolver ‖ expires ‖ keccak256(request) ‖ keccak256(result)).
 */
export function signatureHash(resolver: Address, expires: bigint, request: Hex, result: Hex): Hex {
  return keccak256(
    encodePacked(
      ["bytes", "address", "uint64", "bytes32", "bytes32"],
      ["0x1900", resolver, expires, keccak256(request), keccak256(result)],
    ),
  );
}
