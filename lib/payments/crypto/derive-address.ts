import "server-only";
import type { Prisma, PrismaClient } from "@prisma/client";
import { base58, bech32 } from "@scure/base";
import { HDKey, type Versions } from "@scure/bip32";
import { mnemonicToSeedSync } from "@scure/bip39";
import { bytesToHex, ripemd160, sha256 } from "viem";
import { publicKeyToAddress } from "viem/accounts";
import { config, type Config } from "@/lib/config";
import { db } from "@/lib/db";
import { first, run, sql, sqlBuilder } from "@/lib/db/sql";
import type { BtcNetwork, ChainFamily, PaymentCurrency } from "./currencies";
import { errorText, logger } from "@/lib/log";

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

/**
 * Takes an index given back by an offer whose order was never written (its address was shown to
 * nobody), or else the next unused one, and derives its address. An address an order was given is
 * never handed out again, so a late or wrong-asset payment to it can never be taken for another
 * order's (README: "Deposit addresses and wallet gap limits").
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
  const taken = await first(
    sqlBuilder
      .with("reused", (q) =>
        q
          .deleteFrom("free_derivation_index")
          .where((eb) =>
            eb(
              eb.refTuple("key", "derivation_index"),
              "in",
              eb
                .selectFrom("free_derivation_index")
                .select(["key", "derivation_index"])
                .where("key", "=", key)
                .orderBy("derivation_index")
                .limit(1)
                .forUpdate()
                .skipLocked()
                .$asTuple("key", "derivation_index"),
            ),
          )
          .returning("derivation_index"),
      )
      .with("counted", (q) =>
        q
          .insertInto("derivation_counter")
          .columns(["key", "next_index"])
          .expression(
            q
              .selectNoFrom((eb) => [eb.val(key).as("key"), sql.lit(1).as("next_index")])
              .where((eb) => eb.not(eb.exists(eb.selectFrom("reused").select(sql.lit(1).as("one"))))),
          )
          .onConflict((oc) =>
            oc.column("key").doUpdateSet((eb) => ({ next_index: eb("derivation_counter.next_index", "+", 1) })),
          )
          .returning(sql<number>`next_index - 1`.as("derivation_index")),
      )
      .selectFrom("reused")
      .select("derivation_index")
      .unionAll((q) => q.selectFrom("counted").select("derivation_index")),
    client,
  );
  const derivationIndex = Number(taken!.derivation_index);
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
    const released = await run(
      sqlBuilder
        .insertInto("free_derivation_index")
        .columns(["key", "derivation_index", "payment_id"])
        .expression(
          sqlBuilder
            .selectNoFrom((eb) => [
              eb.val(derivationKey(currency.family, xpub)).as("key"),
              sql<number>`${deposit.derivationIndex}::int`.as("derivation_index"),
              sql<string>`${paymentId}::uuid`.as("payment_id"),
            ])
            .where((eb) =>
              eb.not(
                eb.exists(
                  eb
                    .selectFrom("payment")
                    .select(sql.lit(1).as("one"))
                    .where("deposit_address", "=", deposit.address.toLowerCase()),
                ),
              ),
            ),
        )
        .onConflict((oc) => oc.doNothing())
        .returning("key"),
    );
    return released.length > 0;
  } catch (error) {
    logger("payments").error(`deposit index ${deposit.derivationIndex} could not be given back: ${errorText(error)}`);
    return false;
  }
}

export interface FinishedDeposit {
  paymentId: string;
  orderId: string;
  /** Lower-case, as stored. */
  depositAddress: string;
  /** The order's asset: a token contract, or null for the chain's native coin. */
  tokenContract: string | null;
}

/**
 * Deposit addresses whose payment's monitoring ended before `watchedUntil` (no watcher looks at the
 * address for it any more) and that have not had their final look: whatever the chain shows there
 * beyond what was credited is listed for the operator (recordFinalCheck). Addresses are never handed
 * out again, so anything sent to one later reaches the operator's wallet and nobody else's order.
 */
export async function listFinishedDeposits(chain: string, watchedUntil: Date, limit = 20): Promise<FinishedDeposit[]> {
  const rows = await db().payment.findMany({
    where: { chain, expiresAt: { lt: watchedUntil }, addressReuse: null, depositAddress: { not: null } },
    select: { id: true, orderId: true, depositAddress: true, tokenContract: true },
    orderBy: { expiresAt: "asc" },
    take: limit,
  });
  return rows.map((r) => ({
    paymentId: r.id,
    orderId: r.orderId,
    depositAddress: r.depositAddress!.toLowerCase(),
    tokenContract: r.tokenContract?.toLowerCase() ?? null,
  }));
}

/** What was credited to the address, over every payment it ever served: native and per token contract. */
export async function creditedToAddress(chain: string, address: string): Promise<Map<string, bigint>> {
  const rows = await run(
    sqlBuilder
      .selectFrom("crypto_transfer as t")
      .innerJoin("payment as p", "p.id", "t.payment_id")
      .select((eb) => [
        eb.fn.coalesce(eb.fn<string | null>("lower", ["p.token_contract"]), sql.lit("native")).as("asset"),
        eb.cast<string>(eb.fn.sum("t.amount"), "text").as("amount"),
      ])
      .where("p.chain", "=", chain)
      .where((eb) => eb(eb.fn("lower", ["p.deposit_address"]), "=", address.toLowerCase()))
      .groupBy(sql.raw("1")),
  );
  return new Map(rows.map((r) => [r.asset, BigInt(r.amount.split(".")[0])]));
}

/** Why money found on a finished deposit address was credited to nobody. */
export function unattributedReason(asset: string, orderAsset: string, orderId: string): string {
  return asset === orderAsset
    ? `${asset} on the deposit address of order ${orderId} beyond what was credited to it: sent after the ` +
        "payment's monitoring ended (24 hours after its offer). Nobody was credited; return it or keep it."
    : `${asset} on the deposit address of order ${orderId}, which asked for ${orderAsset}: the watcher ` +
        "credits only the order's asset. Nobody was credited; return it or keep it.";
}

export interface UnattributedFind {
  currency: string;
  decimals: number;
  amountAtomic: bigint;
  reason: string;
}

/**
 * The final look at a finished deposit address: each amount the chain shows there that no payment
 * was credited with becomes an unattributed_deposit row for the operator, and the payment is marked
 * checked (address_reuse 'kept': never handed out again), in one transaction.
 */
export async function recordFinalCheck(
  chain: string,
  deposit: FinishedDeposit,
  finds: UnattributedFind[],
): Promise<number> {
  return db().$transaction(async (tx) => {
    const { count } = await tx.payment.updateMany({
      where: { id: deposit.paymentId, addressReuse: null },
      data: { addressReuse: "kept" },
    });
    if (count === 0) return 0;
    for (const find of finds) {
      if (find.amountAtomic <= 0n) continue;
      await tx.unattributedDeposit.create({
        data: {
          id: crypto.randomUUID(),
          paymentId: deposit.paymentId,
          orderId: deposit.orderId,
          chain,
          depositAddress: deposit.depositAddress,
          currency: find.currency,
          decimals: find.decimals,
          amountAtomic: find.amountAtomic.toString(),
          reason: find.reason,
        },
      });
    }
    return finds.filter((f) => f.amountAtomic > 0n).length;
  });
}
