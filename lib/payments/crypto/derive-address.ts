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

// Elliptic-curve work runs on the thread that answers HTTP (tens of milliseconds per purchase when
// done afresh each time): the test keys and each parsed key's receive chain are computed once.
const testXpubs = new Map<string, string>();
function testXpub(versions: Versions, path: string): string {
  const key = `${versions.public}:${path}`;
  let xpub = testXpubs.get(key);
  if (xpub === undefined) {
    xpub = testRoot(versions).derive(path).publicExtendedKey;
    testXpubs.set(key, xpub);
  }
  return xpub;
}

/** Account xpub m/44'/60'/0' of the test mnemonic. */
export function testEvmXpub(): string {
  return testXpub(VERSIONS.xpub, "m/44'/60'/0'");
}

/** Account key m/84'/0'/0' (zpub) on mainnet, m/84'/1'/0' (vpub) on testnet and regtest. */
export function testBtcXpub(network: BtcNetwork): string {
  return network === "mainnet" ? testXpub(VERSIONS.zpub, "m/84'/0'/0'") : testXpub(VERSIONS.vpub, "m/84'/1'/0'");
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
function parseExtendedPublicKey(key: string, family: ChainFamily, network?: BtcNetwork): HDKey {
  const kind = extendedKeyKind(key);
  if (family === "bitcoin") {
    const mainnetKey = kind === "xpub" || kind === "zpub";
    if (mainnetKey !== (network === "mainnet")) {
      throw new ExtendedKeyError(
        `A ${kind} key does not belong to Bitcoin ${network}: ` +
          `use ${network === "mainnet" ? "an xpub or zpub" : "a tpub or vpub"}.`,
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

// Parsed keys by family, network and text; configured keys are few, so the map stays small (and
// is bounded all the same: a key that fails to parse is never kept).
const MAX_PARSED_KEYS = 16;
const receiveChains = new Map<string, { chain: HDKey; prefix: string }>();

/** The receive chain (…/0) of a key, parsed and derived once. */
function receiveChainOf(xpub: string, family: ChainFamily, network?: BtcNetwork): { chain: HDKey; prefix: string } {
  const cacheKey = `${family}:${network ?? ""}:${xpub}`;
  let found = receiveChains.get(cacheKey);
  if (!found) {
    const account = parseExtendedPublicKey(xpub, family, network);
    found = account.depth === 3 ? { chain: account.deriveChild(0), prefix: "0/" } : { chain: account, prefix: "" };
    if (receiveChains.size >= MAX_PARSED_KEYS) receiveChains.clear();
    receiveChains.set(cacheKey, found);
  }
  return found;
}

/** Public key and path below the key at receive index `index`, with one child derivation. */
function receiveKeyOf(xpub: string, family: ChainFamily, network: BtcNetwork | undefined, index: number) {
  if (!Number.isInteger(index) || index < 0 || index >= 2 ** 31)
    throw new RangeError(`Derivation index out of range: ${index}`);
  const { chain, prefix } = receiveChainOf(xpub, family, network);
  return { publicKey: chain.deriveChild(index).publicKey!, path: `${prefix}${index}` };
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
  return evmAddressOf(receiveKeyOf(xpub, "evm", undefined, index).publicKey);
}

function evmAddressOf(publicKey: Uint8Array): `0x${string}` {
  return publicKeyToAddress(uncompressPublicKey(publicKey));
}

const BECH32_PREFIX: Record<BtcNetwork, string> = { mainnet: "bc", testnet: "tb", regtest: "bcrt" };

/** Native SegWit (P2WPKH, bech32) address at receive index `index` of the key. */
export function btcAddressAt(xpub: string, network: BtcNetwork, index: number): string {
  return btcAddressOf(receiveKeyOf(xpub, "bitcoin", network, index).publicKey, network);
}

function btcAddressOf(publicKey: Uint8Array, network: BtcNetwork): string {
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
 *
 * Called with the default client, each statement commits at once: the counter row is locked for
 * one statement, not for a purchase's whole transaction (which would queue every concurrent crypto
 * purchase behind it). A caller whose own transaction then fails gives the index back with
 * releaseDepositAddress.
 */
export async function allocateDepositAddress(
  currency: PaymentCurrency,
  options: { client?: DbClient; cfg?: Config } = {},
): Promise<DepositAddress> {
  const cfg = options.cfg ?? config();
  const client = options.client ?? db();
  const { xpub, isTestKey } = xpubOf(currency.family, cfg);
  const network = currency.btcNetwork ?? cfg.PAYMENTS_BTC_NETWORK;
  // Parsed (and refused when invalid) before an index is taken.
  receiveChainOf(xpub, currency.family, currency.family === "bitcoin" ? network : undefined);
  const key = derivationKey(currency.family, xpub);
  // One statement: a free index if there is one (SKIP LOCKED: concurrent purchases each take a
  // different one instead of waiting), else the counter's next.
  const [taken] = await client.$queryRaw<{ derivation_index: number }[]>`
    WITH reused AS (
      DELETE FROM "free_derivation_index" WHERE ("key", "derivation_index") IN (
        SELECT "key", "derivation_index" FROM "free_derivation_index" WHERE "key" = ${key}
        ORDER BY "derivation_index" LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING "derivation_index"),
    counted AS (
      INSERT INTO "derivation_counter" ("key", "next_index") SELECT ${key}, 1 WHERE NOT EXISTS (SELECT 1 FROM reused)
      ON CONFLICT ("key") DO UPDATE SET "next_index" = "derivation_counter"."next_index" + 1
      RETURNING "next_index" - 1 AS "derivation_index")
    SELECT "derivation_index" FROM reused UNION ALL SELECT "derivation_index" FROM counted`;
  const derivationIndex = Number(taken.derivation_index);
  const { publicKey, path } = receiveKeyOf(
    xpub,
    currency.family,
    currency.family === "bitcoin" ? network : undefined,
    derivationIndex,
  );
  const address = currency.family === "evm" ? evmAddressOf(publicKey) : btcAddressOf(publicKey, network);
  return { address, derivationIndex, derivationPath: path, isTestKey };
}

/**
 * Gives back an index taken by allocateDepositAddress for a purchase whose transaction then failed,
 * so the wallet's run of unused addresses gets no gap. Only while no payment holds the address: a
 * transaction whose commit went through although the caller saw an error keeps its address. Best
 * effort: an index that cannot be given back is a gap, never an address served twice.
 */
export async function releaseDepositAddress(
  currency: PaymentCurrency,
  deposit: Pick<DepositAddress, "address" | "derivationIndex">,
  paymentId: string,
  cfg: Config = config(),
): Promise<boolean> {
  const { xpub } = xpubOf(currency.family, cfg);
  try {
    const released = await db().$executeRaw`
      INSERT INTO "free_derivation_index" ("key", "derivation_index", "payment_id")
      SELECT ${derivationKey(currency.family, xpub)}, ${deposit.derivationIndex}::int, ${paymentId}::uuid
      WHERE NOT EXISTS (SELECT 1 FROM "payment" WHERE "deposit_address" = ${deposit.address.toLowerCase()})
      ON CONFLICT DO NOTHING`;
    return released > 0;
  } catch (error) {
    console.error(
      `[payments] deposit index ${deposit.derivationIndex} could not be given back:`,
      error instanceof Error ? error.message : error,
    );
    return false;
  }
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
