import "server-only";
import type { Prisma, PrismaClient } from "@prisma/client";
import { base58, bech32 } from "@scure/base";
import { HDKey, type Versions } from "@scure/bip32";
import { mnemonicToSeedSync } from "@scure/bip39";
import { bytesToHex, ripemd160, sha256 } from "viem";
import { publicKeyToAddress } from "viem/accounts";
import { config, type Config } from "@/lib/config";
import { db } from "@/lib/db";
import type { BtcNetwork, ChainFamily, PaymentCurrency } from "./currencies";

// Deposit addresses come from an account-level extended public key, so the server never holds a
// spending key: BIP44 m/44'/60'/0'/0/i for EVM chains, BIP84 m/84'/coin'/0'/0/i (bech32 P2WPKH)
// for Bitcoin. Without configured keys, the test keys of the published BIP39 test mnemonic are used.

/** The published BIP39 test mnemonic: anyone can spend from its addresses, so it is for tests only. */
export const TEST_MNEMONIC =
  "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about";

const VERSIONS = {
  xpub: { public: 0x0488b21e, private: 0x0488ade4 },
  zpub: { public: 0x04b24746, private: 0x04b2430c },
  tpub: { public: 0x043587cf, private: 0x04358394 },
  vpub: { public: 0x045f1cf6, private: 0x045f18bc },
} satisfies Record<string, Versions>;

type ExtendedKeyKind = keyof typeof VERSIONS;

const PRIVATE_VERSIONS = new Set(Object.values(VERSIONS).map((v) => v.private));

export class ExtendedKeyError extends Error {}

let testSeed: Uint8Array | undefined;
function testRoot(versions: Versions): HDKey {
  testSeed ??= mnemonicToSeedSync(TEST_MNEMONIC);
  return HDKey.fromMasterSeed(testSeed, versions);
}

/** Account xpub m/44'/60'/0' of the test mnemonic. */
export function testEvmXpub(): string {
  return testRoot(VERSIONS.xpub).derive("m/44'/60'/0'").publicExtendedKey;
}

/** Account key m/84'/0'/0' (zpub) on mainnet, m/84'/1'/0' (vpub) on testnet and regtest. */
export function testBtcXpub(network: BtcNetwork): string {
  return network === "mainnet"
    ? testRoot(VERSIONS.zpub).derive("m/84'/0'/0'").publicExtendedKey
    : testRoot(VERSIONS.vpub).derive("m/84'/1'/0'").publicExtendedKey;
}

export interface XpubChoice {
  xpub: string;
  /** True when the key is the test mnemonic's because none was configured. */
  isTestKey: boolean;
}

export function evmXpub(cfg: Config = config()): XpubChoice {
  return cfg.CRYPTO_EVM_XPUB
    ? { xpub: cfg.CRYPTO_EVM_XPUB, isTestKey: false }
    : { xpub: testEvmXpub(), isTestKey: true };
}

export function btcXpub(cfg: Config = config()): XpubChoice {
  return cfg.CRYPTO_BTC_XPUB
    ? { xpub: cfg.CRYPTO_BTC_XPUB, isTestKey: false }
    : { xpub: testBtcXpub(cfg.PAYMENTS_BTC_NETWORK), isTestKey: true };
}

function extendedKeyKind(key: string): ExtendedKeyKind {
  let version: number;
  try {
    const raw = base58.decode(key.trim());
    version = new DataView(raw.buffer, raw.byteOffset).getUint32(0);
  } catch {
    throw new ExtendedKeyError("The extended public key is not valid base58.");
  }
  if (PRIVATE_VERSIONS.has(version)) {
    throw new ExtendedKeyError(
      "An extended private key was given; configure the account's extended public key instead.",
    );
  }
  const kind = (Object.keys(VERSIONS) as ExtendedKeyKind[]).find((k) => VERSIONS[k].public === version);
  if (!kind) throw new ExtendedKeyError("Unsupported extended key version: use an xpub, zpub, tpub or vpub.");
  return kind;
}

/**
 * Parses an account-level (depth 3, derive 0/i) or receive-chain-level (depth 4, derive i) key.
 * For Bitcoin the prefix must fit the network: xpub/zpub on mainnet, tpub/vpub on testnet and regtest.
 */
export function parseExtendedPublicKey(key: string, family: ChainFamily, network?: BtcNetwork): HDKey {
  const kind = extendedKeyKind(key);
  if (family === "bitcoin") {
    const mainnetKey = kind === "xpub" || kind === "zpub";
    if (mainnetKey !== (network === "mainnet")) {
      throw new ExtendedKeyError(
        `A ${kind} key does not belong to Bitcoin ${network}: use ${network === "mainnet" ? "an xpub or zpub" : "a tpub or vpub"}.`,
      );
    }
  }
  let hd: HDKey;
  try {
    hd = HDKey.fromExtendedKey(key.trim(), VERSIONS[kind]);
  } catch (error) {
    throw new ExtendedKeyError(`The extended public key is invalid: ${(error as Error).message}`);
  }
  if (hd.depth !== 3 && hd.depth !== 4) {
    throw new ExtendedKeyError(
      `Expected an account key (depth 3) or its receive chain (depth 4); this key has depth ${hd.depth}.`,
    );
  }
  return hd;
}

function receiveKey(account: HDKey, index: number): { publicKey: Uint8Array; path: string } {
  if (!Number.isInteger(index) || index < 0 || index >= 2 ** 31)
    throw new RangeError(`Derivation index out of range: ${index}`);
  const child = account.depth === 3 ? account.deriveChild(0).deriveChild(index) : account.deriveChild(index);
  return { publicKey: child.publicKey!, path: account.depth === 3 ? `0/${index}` : `${index}` };
}

const SECP256K1_P = 2n ** 256n - 2n ** 32n - 977n;

function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  let result = 1n;
  base %= modulus;
  for (let e = exponent; e > 0n; e >>= 1n) {
    if (e & 1n) result = (result * base) % modulus;
    base = (base * base) % modulus;
  }
  return result;
}

/** y² = x³ + 7 over secp256k1's field; p ≡ 3 (mod 4), so the root is a single power. */
function uncompressPublicKey(compressed: Uint8Array): `0x${string}` {
  const x = BigInt(bytesToHex(compressed.subarray(1)));
  let y = modPow((x ** 3n + 7n) % SECP256K1_P, (SECP256K1_P + 1n) / 4n, SECP256K1_P);
  if ((y & 1n) !== BigInt(compressed[0] & 1)) y = SECP256K1_P - y;
  return `0x04${x.toString(16).padStart(64, "0")}${y.toString(16).padStart(64, "0")}`;
}

/** Checksummed EVM address at receive index `index` of the key. */
export function evmAddressAt(xpub: string, index: number): `0x${string}` {
  const { publicKey } = receiveKey(parseExtendedPublicKey(xpub, "evm"), index);
  return publicKeyToAddress(uncompressPublicKey(publicKey));
}

const BECH32_PREFIX: Record<BtcNetwork, string> = { mainnet: "bc", testnet: "tb", regtest: "bcrt" };

/** Native SegWit (P2WPKH, bech32) address at receive index `index` of the key. */
export function btcAddressAt(xpub: string, network: BtcNetwork, index: number): string {
  const { publicKey } = receiveKey(parseExtendedPublicKey(xpub, "bitcoin", network), index);
  const program = ripemd160(sha256(publicKey, "bytes"), "bytes");
  return bech32.encode(BECH32_PREFIX[network], [0, ...bech32.toWords(program)]);
}

export interface DepositAddress {
  /** Checksummed for EVM, lower-case bech32 for Bitcoin. */
  address: string;
  derivationIndex: number;
  /** Path below the configured key, e.g. `0/7`. */
  derivationPath: string;
  isTestKey: boolean;
}

type DbClient = PrismaClient | Prisma.TransactionClient;

/** The DerivationCounter key: ETH and USDC share the EVM key's sequence. */
function derivationKey(family: ChainFamily, xpub: string): string {
  return `${family}:${xpub.trim()}`;
}

function xpubOf(family: ChainFamily, cfg: Config): XpubChoice {
  return family === "evm" ? evmXpub(cfg) : btcXpub(cfg);
}

function addressAt(family: ChainFamily, xpub: string, index: number, network: BtcNetwork): string {
  return family === "evm" ? evmAddressAt(xpub, index) : btcAddressAt(xpub, network, index);
}

/**
 * Takes an index released by an order that expired with nothing received, or else the next unused
 * one, and derives its address. Reuse keeps the run of unused addresses short enough for wallets
 * that stop scanning after a gap (README: "Deposit addresses and wallet gap limits").
 */
export async function allocateDepositAddress(
  currency: PaymentCurrency,
  options: { client?: DbClient; cfg?: Config } = {},
): Promise<DepositAddress> {
  const cfg = options.cfg ?? config();
  const client = options.client ?? db();
  const { xpub, isTestKey } = xpubOf(currency.family, cfg);
  const account = parseExtendedPublicKey(xpub, currency.family, currency.btcNetwork);
  const key = derivationKey(currency.family, xpub);
  // SKIP LOCKED: concurrent purchases each take a different free index instead of waiting.
  const reused = await client.$queryRaw<{ derivation_index: number }[]>`
    DELETE FROM "free_derivation_index" WHERE ("key", "derivation_index") IN (
      SELECT "key", "derivation_index" FROM "free_derivation_index" WHERE "key" = ${key}
      ORDER BY "derivation_index" LIMIT 1 FOR UPDATE SKIP LOCKED)
    RETURNING "derivation_index"`;
  let derivationIndex: number;
  if (reused.length > 0) {
    derivationIndex = Number(reused[0].derivation_index);
  } else {
    const rows = await client.$queryRaw<{ next_index: number }[]>`
      INSERT INTO "derivation_counter" ("key", "next_index") VALUES (${key}, 1)
      ON CONFLICT ("key") DO UPDATE SET "next_index" = "derivation_counter"."next_index" + 1
      RETURNING "next_index"`;
    derivationIndex = Number(rows[0].next_index) - 1;
  }
  const { path } = receiveKey(account, derivationIndex);
  const address = addressAt(currency.family, xpub, derivationIndex, currency.btcNetwork ?? cfg.PAYMENTS_BTC_NETWORK);
  return { address, derivationIndex, derivationPath: path, isTestKey };
}

export interface ReleaseCandidate {
  paymentId: string;
  /** Lower-case, as stored. */
  depositAddress: string;
  derivationIndex: number;
}

/**
 * Deposit addresses that may go back to the pool, pending a look at the chain: the order expired,
 * its monitoring ended before `watchedUntil` (so no watcher looks at the address for it any more),
 * nothing was ever credited or reorganised away, and no other payment on any chain ever used the
 * address, received on it or took it over since.
 */
export async function listReleaseCandidates(
  chain: string,
  watchedUntil: Date,
  limit = 20,
): Promise<ReleaseCandidate[]> {
  const rows = await db().$queryRaw<{ id: string; deposit_address: string; derivation_index: number }[]>`
    SELECT p."id", p."deposit_address", p."derivation_index"
    FROM "payment" p JOIN "order" o ON o."id" = p."order_id"
    WHERE p."chain" = ${chain} AND p."expires_at" < ${watchedUntil} AND p."address_reuse" IS NULL
      AND p."deposit_address" IS NOT NULL AND p."derivation_index" IS NOT NULL
      AND p."amount_received" = '0' AND o."order_status" = 'EXPIRED'
      AND NOT EXISTS (SELECT 1 FROM "crypto_transfer" t WHERE t."payment_id" = p."id")
      AND NOT EXISTS (SELECT 1 FROM "reversed_transfer" r WHERE r."payment_id" = p."id")
      AND NOT EXISTS (
        SELECT 1 FROM "payment" q
        WHERE q."deposit_address" = p."deposit_address" AND q."id" <> p."id"
          AND (q."amount_received" <> '0' OR q."address_reuse" = 'kept' OR q."created_at" > p."created_at"))
    ORDER BY p."expires_at"
    LIMIT ${limit}`;
  return rows.map((r) => ({
    paymentId: r.id,
    depositAddress: r.deposit_address.toLowerCase(),
    derivationIndex: Number(r.derivation_index),
  }));
}

/**
 * Records the watcher's verdict on a candidate. `unused` (the chain shows no history for the
 * address) puts the index back in the pool, provided the configured key still derives that address;
 * anything else marks the address as kept for good.
 */
export async function settleAddressReuse(
  candidate: ReleaseCandidate,
  family: ChainFamily,
  unused: boolean,
  cfg: Config = config(),
): Promise<"released" | "kept"> {
  const { xpub } = xpubOf(family, cfg);
  const derivesHere =
    addressAt(family, xpub, candidate.derivationIndex, cfg.PAYMENTS_BTC_NETWORK).toLowerCase() ===
    candidate.depositAddress;
  const verdict = unused && derivesHere ? "released" : "kept";
  await db().$transaction(async (tx) => {
    const { count } = await tx.payment.updateMany({
      where: { id: candidate.paymentId, addressReuse: null },
      data: { addressReuse: verdict },
    });
    if (count === 0 || verdict === "kept") return;
    await tx.$executeRaw`
      INSERT INTO "free_derivation_index" ("key", "derivation_index", "payment_id")
      VALUES (${derivationKey(family, xpub)}, ${candidate.derivationIndex}::int, ${candidate.paymentId}::uuid)
      ON CONFLICT DO NOTHING`;
  });
  return verdict;
}
