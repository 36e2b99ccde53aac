// Coins, networks and SLIP-44 coin types (ENSIP-9; ENSIP-11 for EVM chains), and address
// checks by each coin type's codec. Shared by the native registry, purchases and the resolvers
// of other name services, so a wallet reads the same whichever service answered.
import { coinTypeToNameMap, getCoderByCoinType } from "@ensdomains/address-encoder";
import { isCoinCode, type CoinCode } from "./coin-codes";

/** ENSIP-11: the coin type of an EVM chain; Ethereum mainnet keeps 60. */
export function evmCoinType(chainId: number): number {
  return chainId === 1 ? 60 : (0x80000000 | chainId) >>> 0;
}

export const ETHEREUM_COIN_TYPE = 60;

/**
 * Networks a wallet `version` may name, with the coin type their addresses are encoded for and
 * the coin that is native on them. The version of a chain's own coin is "NATIVE".
 */
const NETWORKS: Record<string, { coinType: number; nativeCoin: CoinCode }> = {
  ERC20: { coinType: ETHEREUM_COIN_TYPE, nativeCoin: "ETH" },
  ETHEREUM: { coinType: ETHEREUM_COIN_TYPE, nativeCoin: "ETH" },
  OPTIMISM: { coinType: evmCoinType(10), nativeCoin: "ETH" },
  BSC: { coinType: evmCoinType(56), nativeCoin: "BNB" },
  BEP20: { coinType: evmCoinType(56), nativeCoin: "BNB" },
  GNOSIS: { coinType: evmCoinType(100), nativeCoin: "XDAI" },
  POLYGON: { coinType: evmCoinType(137), nativeCoin: "MATIC" },
  FANTOM: { coinType: evmCoinType(250), nativeCoin: "FTM" },
  BASE: { coinType: evmCoinType(8453), nativeCoin: "ETH" },
  ARBITRUM: { coinType: evmCoinType(42161), nativeCoin: "ETH" },
  AVALANCHE: { coinType: evmCoinType(43114), nativeCoin: "AVAX" },
  CELO: { coinType: evmCoinType(42220), nativeCoin: "CELO" },
  SOLANA: { coinType: 501, nativeCoin: "SOL" },
  TRON: { coinType: 195, nativeCoin: "TRX" },
  TRC20: { coinType: 195, nativeCoin: "TRX" },
};

const NETWORK_BY_COIN_TYPE = new Map<number, string>();
for (const [name, network] of Object.entries(NETWORKS)) {
  if (!NETWORK_BY_COIN_TYPE.has(network.coinType)) NETWORK_BY_COIN_TYPE.set(network.coinType, name);
}
// Versions by which an EVM coin type is named when it is not Ethereum mainnet.
NETWORK_BY_COIN_TYPE.set(ETHEREUM_COIN_TYPE, "ERC20");

/**
 * Coin and version of an address stored under a coin type (a purchase's `coinId`, an ENS
 * `addr(node, coinType)`): the chain's own coin with version NATIVE, or for EVM chains the
 * chain's coin with the network as version.
 */
export function walletOfCoinType(coinType: number): { coin: CoinCode; version: string } | undefined {
  if (coinType === ETHEREUM_COIN_TYPE) return { coin: "ETH", version: "NATIVE" };
  const networkName = NETWORK_BY_COIN_TYPE.get(coinType);
  if (networkName && coinType !== 501 && coinType !== 195) {
    return { coin: NETWORKS[networkName].nativeCoin, version: networkName };
  }
  const name = (coinTypeToNameMap as Record<string, readonly [string, string]>)[String(coinType)]?.[0];
  const ticker = name?.toUpperCase();
  if (ticker && isCoinCode(ticker)) return { coin: ticker, version: "NATIVE" };
  return undefined;
}

function isKnownCoinType(coinType: number): boolean {
  return (coinTypeToNameMap as Record<string, unknown>)[String(coinType)] !== undefined;
}

/** True when `address` decodes under the codec of `coinType`. */
export function isValidAddressForCoinType(coinType: number, address: string): boolean {
  if (!isKnownCoinType(coinType)) return false;
  try {
    const coder = getCoderByCoinType(coinType);
    const bytes = coder.decode(address);
    return bytes.length > 0;
  } catch {
    return false;
  }
}

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

export function isEvmAddress(address: string): boolean {
  return EVM_ADDRESS.test(address);
}
