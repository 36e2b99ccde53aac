import "server-only";
import {
  BaseError,
  ContractFunctionRevertedError,
  ContractFunctionZeroDataError,
  erc20Abi,
  getAddress,
  isAddress,
  type PublicClient,
} from "viem";
import { config, type Config } from "@/lib/config";
import { evmClient } from "./evm-client";

// The crypto currencies the marketplace accepts, and where each one lives under the current
// configuration: EVM coins on the chain PAYMENTS_EVM_CHAIN_ID names, Bitcoin on PAYMENTS_BTC_NETWORK.

export const CRYPTO_CURRENCIES = ["ETH", "USDC", "BTC"] as const;
export type CryptoCurrencyCode = (typeof CRYPTO_CURRENCIES)[number];

export type ChainFamily = "evm" | "bitcoin";
export type BtcNetwork = Config["PAYMENTS_BTC_NETWORK"];

export interface PaymentCurrency {
  code: CryptoCurrencyCode;
  family: ChainFamily;
  /** Digits of the smallest unit: 18 (wei), 6 (USDC), 8 (satoshi). */
  decimals: number;
  /** CAIP-2 style key stored on Payment.chain and ChainCursor.chain: `eip155:1`, `bitcoin:regtest`. */
  chain: string;
  /** What endpoint 12 calls `protocol`: the URI scheme family the offer's `uri` follows. */
  protocol: "EIP-681" | "BIP21";
  /** Human name of the network, for the payment page and `paymentDetails.network`. */
  network: string;
  chainId?: number;
  btcNetwork?: BtcNetwork;
  /** ERC-20 contract (checksummed); absent for native coins. */
  tokenContract?: `0x${string}`;
  tokenStandard?: "ERC20";
  confirmationsRequired: number;
}

/** Circle's USDC deployments, used when PAYMENTS_USDC_CONTRACT is unset. */
const KNOWN_USDC_CONTRACTS: Record<number, `0x${string}`> = {
  1: "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48",
  8453: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
  11155111: "0x1c7D4B196Cb0C7B01d743Fbc6116a902379C7238",
};

const EVM_NETWORK_NAMES: Record<number, string> = {
  1: "Ethereum",
  10: "OP Mainnet",
  137: "Polygon",
  8453: "Base",
  42161: "Arbitrum One",
  11155111: "Sepolia",
  1337: "Local development chain",
  31337: "Local development chain",
};

const BTC_NETWORK_NAMES: Record<BtcNetwork, string> = {
  mainnet: "Bitcoin",
  testnet: "Bitcoin testnet",
  regtest: "Bitcoin regtest",
};

/**
 * Confirmations after which a reorganisation is unlikely on each chain, used when
 * PAYMENTS_EVM_CONFIRMATIONS is unset. Ethereum and its PoS test networks: 12 blocks (2.4 min;
 * no reorganisation deeper than 2 blocks since the Merge, finality comes at about 64). OP Stack
 * rollups (2 s blocks) and Arbitrum (0.25 s): about a minute of blocks, since only a sequencer
 * failure reorganises them before their batch reaches L1. Polygon PoS: 128 blocks (about 4 min),
 * past the 2023 reorganisations of up to 157 blocks only rarely and well beyond its milestone
 * finality. Local development chains: 1.
 */
export const EVM_DEFAULT_CONFIRMATIONS: Readonly<Record<number, number>> = {
  1: 12,
  11155111: 12,
  17000: 12,
  560048: 12,
  10: 30,
  8453: 30,
  11155420: 30,
  84532: 30,
  42161: 240,
  42170: 240,
  421614: 240,
  137: 128,
  80002: 128,
  1337: 1,
  31337: 1,
};
/** A chain the table does not know gets Ethereum's figure, and the start-up says so. */
const EVM_FALLBACK_CONFIRMATIONS = 12;
/** Bitcoin's blocks are ten minutes apart and one-block reorganisations still happen. */
const BTC_DEFAULT_CONFIRMATIONS = 2;

/** Confirmations the EVM watcher waits for: the configured figure (0 counts as 1) or the chain's default. */
export function evmConfirmations(cfg: Config = config()): number {
  const configured = cfg.PAYMENTS_EVM_CONFIRMATIONS;
  if (configured !== undefined) return Math.max(1, configured);
  return EVM_DEFAULT_CONFIRMATIONS[cfg.PAYMENTS_EVM_CHAIN_ID] ?? EVM_FALLBACK_CONFIRMATIONS;
}

/** Rollups whose nodes name a `safe` block (the newest whose batch is on L1): OP Stack and Arbitrum. */
const ROLLUP_CHAIN_IDS: ReadonlySet<number> = new Set([10, 8453, 11155420, 84532, 42161, 42170, 421614]);

export type ConfirmFrom = "latest" | "safe" | "finalized";

/**
 * The block EVM confirmations count from: PAYMENTS_EVM_CONFIRM_FROM, or with `auto` (the default)
 * the `safe` block on the rollups above, whose sequencer head alone can still be rewritten, and the
 * head elsewhere.
 */
export function evmConfirmFrom(cfg: Config = config()): ConfirmFrom {
  const configured = cfg.PAYMENTS_EVM_CONFIRM_FROM;
  if (configured !== "auto") return configured;
  return ROLLUP_CHAIN_IDS.has(cfg.PAYMENTS_EVM_CHAIN_ID) ? "safe" : "latest";
}

/** Confirmations the Bitcoin watcher waits for: the configured figure (0 counts as 1) or 2. */
export function btcConfirmations(cfg: Config = config()): number {
  return Math.max(1, cfg.PAYMENTS_BTC_CONFIRMATIONS ?? BTC_DEFAULT_CONFIRMATIONS);
}

export class UnsupportedCurrencyError extends Error {}

/** The currency is configured but cannot be offered now (its token contract does not answer). */
export class CurrencyUnavailableError extends Error {}

function isCryptoCurrency(code: string): code is CryptoCurrencyCode {
  return (CRYPTO_CURRENCIES as readonly string[]).includes(code);
}

export function evmChainKey(chainId: number): string {
  return `eip155:${chainId}`;
}

export function bitcoinChainKey(network: BtcNetwork): string {
  return `bitcoin:${network}`;
}

export function evmNetworkName(chainId: number): string {
  return EVM_NETWORK_NAMES[chainId] ?? `EVM chain ${chainId}`;
}

/**
 * The currency as configured now; throws UnsupportedCurrencyError for an unknown or unusable code.
 * USDC's decimals are Circle's 6 here: with a custom PAYMENTS_USDC_CONTRACT, use resolvePaymentCurrency.
 */
export function paymentCurrency(code: string, cfg: Config = config()): PaymentCurrency {
  const upper = code.trim().toUpperCase();
  if (!isCryptoCurrency(upper)) {
    throw new UnsupportedCurrencyError(
      `Crypto payments accept ${CRYPTO_CURRENCIES.join(", ")}; "${code}" is not one of them.`,
    );
  }
  const chainId = cfg.PAYMENTS_EVM_CHAIN_ID;
  switch (upper) {
    case "ETH":
      return {
        code: "ETH",
        family: "evm",
        decimals: 18,
        chain: evmChainKey(chainId),
        protocol: "EIP-681",
        network: evmNetworkName(chainId),
        chainId,
        confirmationsRequired: evmConfirmations(cfg),
      };
    case "USDC":
      return {
        code: "USDC",
        family: "evm",
        decimals: 6,
        chain: evmChainKey(chainId),
        protocol: "EIP-681",
        network: evmNetworkName(chainId),
        chainId,
        tokenContract: usdcContract(cfg),
        tokenStandard: "ERC20",
        confirmationsRequired: evmConfirmations(cfg),
      };
    case "BTC":
      return {
        code: "BTC",
        family: "bitcoin",
        decimals: 8,
        chain: bitcoinChainKey(cfg.PAYMENTS_BTC_NETWORK),
        protocol: "BIP21",
        network: BTC_NETWORK_NAMES[cfg.PAYMENTS_BTC_NETWORK],
        btcNetwork: cfg.PAYMENTS_BTC_NETWORK,
        confirmationsRequired: btcConfirmations(cfg),
      };
  }
}

function usdcContract(cfg: Config): `0x${string}` {
  const configured = cfg.PAYMENTS_USDC_CONTRACT;
  if (configured) {
    if (!isAddress(configured, { strict: false })) {
      throw new UnsupportedCurrencyError(`PAYMENTS_USDC_CONTRACT is not an EVM address: ${configured}`);
    }
    return getAddress(configured);
  }
  const known = KNOWN_USDC_CONTRACTS[cfg.PAYMENTS_EVM_CHAIN_ID];
  if (!known) {
    throw new UnsupportedCurrencyError(
      `USDC is not available on chain ${cfg.PAYMENTS_EVM_CHAIN_ID}: set PAYMENTS_USDC_CONTRACT to its token contract.`,
    );
  }
  return known;
}

/**
 * The currency with everything read from the chain that configuration alone cannot say: the
 * decimals of a custom PAYMENTS_USDC_CONTRACT. Throws CurrencyUnavailableError when that contract
 * does not answer.
 */
export async function resolvePaymentCurrency(
  code: string,
  cfg: Config = config(),
  client?: PublicClient,
): Promise<PaymentCurrency> {
  const currency = paymentCurrency(code, cfg);
  if (currency.code !== "USDC" || !cfg.PAYMENTS_USDC_CONTRACT) return currency;
  return { ...currency, decimals: await tokenDecimals(currency.tokenContract!, cfg, client) };
}

/** More would not fit a display and no real token uses it. */
const MAX_TOKEN_DECIMALS = 36;
/** How long a contract that did not answer is not asked again, so offers fail fast meanwhile. */
const REFUSAL_MEMORY_MS = 30_000;

const decimalsRead = new Map<string, number>();
const refusals = new Map<string, { error: CurrencyUnavailableError; until: number }>();

async function tokenDecimals(contract: `0x${string}`, cfg: Config, client?: PublicClient): Promise<number> {
  const rpcUrl = cfg.PAYMENTS_EVM_RPC_URL;
  const name = `PAYMENTS_USDC_CONTRACT ${contract}`;
  if (!rpcUrl && !client)
    throw new CurrencyUnavailableError(
      `USDC is unavailable: ${name} is set, so its decimals are read from it, but PAYMENTS_EVM_RPC_URL is not set.`,
    );
  const key = `${rpcUrl ?? "client"}|${cfg.PAYMENTS_EVM_CHAIN_ID}|${contract.toLowerCase()}`;
  const known = decimalsRead.get(key);
  if (known !== undefined) return known;
  const refused = refusals.get(key);
  if (refused && refused.until > Date.now()) throw refused.error;

  const reader = client ?? evmClient(rpcUrl!);
  const refuse = (reason: string) => {
    const error = new CurrencyUnavailableError(`USDC is unavailable: ${name} ${reason}`);
    refusals.set(key, { error, until: Date.now() + REFUSAL_MEMORY_MS });
    return error;
  };
  let decimals: number;
  try {
    const code = await reader.getCode({ address: contract });
    if (!code || code === "0x") throw refuse(`has no contract code on chain ${cfg.PAYMENTS_EVM_CHAIN_ID}.`);
    decimals = await reader.readContract({ address: contract, abi: erc20Abi, functionName: "decimals" });
  } catch (error) {
    if (error instanceof CurrencyUnavailableError) throw error;
    // The node ran the call and it failed: no decimals() there (nodes word a revert differently).
    const unanswered =
      error instanceof BaseError &&
      error.walk(
        (e) =>
          e instanceof ContractFunctionZeroDataError ||
          e instanceof ContractFunctionRevertedError ||
          /revert|invalid opcode/i.test(`${(e as BaseError).details ?? ""} ${(e as Error).message}`),
      ) !== null;
    if (unanswered) throw refuse("does not answer decimals(); it must be an ERC-20 token contract.");
    throw new CurrencyUnavailableError(
      `USDC is unavailable: the decimals of ${name} could not be read ` +
        `(${error instanceof BaseError ? error.shortMessage : (error as Error).message}).`,
    );
  }
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > MAX_TOKEN_DECIMALS)
    throw refuse(`answers decimals() = ${decimals}, which is not a usable token precision.`);
  decimalsRead.set(key, decimals);
  return decimals;
}
