import "server-only";
import { evmCoinNameToTypeMap, getCoderByCoinType, nonEvmCoinNameToTypeMap } from "@ensdomains/address-encoder";
import type { Coin } from "@/lib/contract/schemas/common";
import { isCoinCode } from "@/lib/names/coin-codes";
import type { WalletData } from "@/lib/contract/schemas/resolve";

// ENS coin types (SLIP-44 per ENSIP-9; 0x80000000 | chainId per ENSIP-11) and the interface's
// Coin tickers. A coin on its own chain (BTC on Bitcoin, ETH at coin type 60) has version
// "NATIVE". An EVM chain's coin type reports the chain's gas ticker with the network as version:
// coin type 0x8000000a (Optimism) is ETH/OPTIMISM, 0x80000089 (Polygon) MATIC/POLYGON,
// 0x80000000 (ENSIP-19's default EVM address) ETH/EVM.

export interface CoinTypeLabel {
  coinType: number;
  coin: Coin;
  version: string;
}

const EVM_CHAINS: Record<string, { coin: string; network: string }> = {
  default: { coin: "ETH", network: "EVM" },
  op: { coin: "ETH", network: "OPTIMISM" },
  bsc: { coin: "BNB", network: "BSC" },
  tomo: { coin: "TOMO", network: "TOMOCHAIN" },
  poa: { coin: "POA", network: "POA" },
  gno: { coin: "XDAI", network: "GNOSIS" },
  tt: { coin: "TT", network: "THUNDERCORE" },
  matic: { coin: "MATIC", network: "POLYGON" },
  manta: { coin: "ETH", network: "MANTA" },
  ftm: { coin: "FTM", network: "FANTOM" },
  boba: { coin: "ETH", network: "BOBA" },
  zksync: { coin: "ETH", network: "ZKSYNC" },
  theta: { coin: "THETA", network: "THETA" },
  clo: { coin: "CLO", network: "CALLISTO" },
  base: { coin: "ETH", network: "BASE" },
  nrg: { coin: "NRG", network: "ENERGI" },
  arb1: { coin: "ETH", network: "ARBITRUM" },
  celo: { coin: "CELO", network: "CELO" },
  avaxc: { coin: "AVAX", network: "AVALANCHE" },
  linea: { coin: "ETH", network: "LINEA" },
  scr: { coin: "ETH", network: "SCROLL" },
  zora: { coin: "ETH", network: "ZORA" },
};

/** address-encoder names whose ticker in the interface differs. */
const TICKER_ALIASES: Record<string, string> = { nano: "XNO", firo: "XZC" };

function buildLabels(): CoinTypeLabel[] {
  const labels: CoinTypeLabel[] = [];
  for (const [name, coinType] of Object.entries(nonEvmCoinNameToTypeMap)) {
    if (name.endsWith("Legacy")) continue;
    const ticker = TICKER_ALIASES[name] ?? name.toUpperCase();
    if (isCoinCode(ticker)) labels.push({ coinType, coin: ticker, version: "NATIVE" });
  }
  for (const [name, coinType] of Object.entries(evmCoinNameToTypeMap)) {
    const chain = EVM_CHAINS[name];
    if (chain && isCoinCode(chain.coin)) labels.push({ coinType, coin: chain.coin, version: chain.network });
  }
  return labels;
}

const LABELS = buildLabels();
const BY_COIN_TYPE = new Map(LABELS.map((label) => [label.coinType, label]));

/** Read when no coins are asked for: every EVM network above plus the widely used chains. */
const DEFAULT_NON_EVM: readonly string[] = [
  "BTC",
  "LTC",
  "DOGE",
  "SOL",
  "ATOM",
  "XRP",
  "ADA",
  "DOT",
  "TRX",
  "ALGO",
  "ZEC",
  "DASH",
  "FIL",
  "XTZ",
  "EOS",
];

export function coinTypeLabel(coinType: number): CoinTypeLabel | undefined {
  return BY_COIN_TYPE.get(coinType);
}

/**
 * The ENSIP-19 coin type of the chain a reverse lookup names: an EVM network as forward answers
 * name it in `version` (BASE, OPTIMISM, EVM for the default…), or the chain's own coin: ETH for
 * Ethereum, or a coin that is the gas coin of exactly one EVM chain (MATIC → Polygon).
 */
export function reverseCoinTypeOf(chain: string): number | undefined {
  const wanted = chain.toUpperCase();
  if (wanted === "ETH") return 60;
  const evm = LABELS.filter((label) => label.version !== "NATIVE");
  const byNetwork = evm.find((label) => label.version === wanted);
  if (byNetwork) return byNetwork.coinType;
  const byCoin = evm.filter((label) => label.coin === wanted);
  return byCoin.length === 1 ? byCoin[0]!.coinType : undefined;
}

/** The names `reverseCoinTypeOf` accepts, for messages and documentation. */
export function reverseChainNames(): string[] {
  return ["ETH", ...LABELS.filter((label) => label.version !== "NATIVE").map((label) => label.version)];
}

/** The coin types to read for the requested coins (all of a coin's networks), or the default set. */
export function coinTypesFor(coins?: readonly Coin[]): CoinTypeLabel[] {
  if (!coins || coins.length === 0) {
    return LABELS.filter(
      (label) => label.version !== "NATIVE" || label.coinType === 60 || DEFAULT_NON_EVM.includes(label.coin),
    );
  }
  const wanted = new Set<string>(coins);
  return LABELS.filter((label) => wanted.has(label.coin));
}

/** The text form of an address stored in ENS's binary form, or null when the codec rejects it. */
function encodeAddressBytes(coinType: number, bytes: Uint8Array): string | null {
  try {
    return getCoderByCoinType(coinType).encode(bytes);
  } catch {
    return null;
  }
}

export function walletOf(label: CoinTypeLabel, bytes: Uint8Array): WalletData | null {
  if (bytes.length === 0) return null;
  const address = encodeAddressBytes(label.coinType, bytes);
  return address ? { address, coin: label.coin, version: label.version } : null;
}
