// Coins offered for wallet records at checkout, by SLIP-44 coin type (ENSIP-11 for EVM chains):
// the ones people ask for, a short list so the select stays usable.
export interface WalletCoinChoice {
  coinId: number;
  label: string;
  placeholder: string;
}

export const WALLET_COINS: WalletCoinChoice[] = [
  { coinId: 60, label: "ETH — Ethereum", placeholder: "0x…" },
  { coinId: 0, label: "BTC — Bitcoin", placeholder: "bc1q…" },
  { coinId: 501, label: "SOL — Solana", placeholder: "Base58 address" },
  { coinId: 2, label: "LTC — Litecoin", placeholder: "ltc1… or L…" },
  { coinId: 3, label: "DOGE — Dogecoin", placeholder: "D…" },
  { coinId: 195, label: "TRX — Tron", placeholder: "T…" },
  { coinId: 2147492101, label: "ETH on Base", placeholder: "0x…" },
  { coinId: 2147483785, label: "Polygon", placeholder: "0x…" },
  { coinId: 2147525809, label: "ETH on Arbitrum One", placeholder: "0x…" },
];
