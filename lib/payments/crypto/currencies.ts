import "server-only";
import { getAddress, isAddress } from "viem";
import { config, type Config } from "@/lib/config";

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

export class UnsupportedCurrencyError extends Error {}

export function isCryptoCurrency(code: string): code is CryptoCurrencyCode {
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

/** The currency as configured now; throws UnsupportedCurrencyError for an unknown or unusable code. */
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
        confirmationsRequired: cfg.PAYMENTS_EVM_CONFIRMATIONS,
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
        confirmationsRequired: cfg.PAYMENTS_EVM_CONFIRMATIONS,
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
        confirmationsRequired: cfg.PAYMENTS_BTC_CONFIRMATIONS,
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
