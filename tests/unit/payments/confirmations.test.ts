import { expect, test } from "vitest";
import { parseConfig } from "@/lib/config";
import {
  btcConfirmations,
  EVM_DEFAULT_CONFIRMATIONS,
  evmConfirmations,
  paymentCurrency,
} from "@/lib/payments/crypto/currencies";
import { describeCryptoSetup } from "@/lib/payments/crypto/start-payment-watchers";

const cfg = (env: Record<string, string>) => parseConfig(env);

test("without PAYMENTS_EVM_CONFIRMATIONS, each chain gets a depth that makes a reorganisation unlikely", () => {
  const expected: [string, number][] = [
    ["1", 12], // Ethereum
    ["11155111", 12], // Sepolia
    ["10", 30], // OP Mainnet
    ["8453", 30], // Base
    ["42161", 240], // Arbitrum One
    ["137", 128], // Polygon PoS
    ["1337", 1], // local development chains
    ["31337", 1],
  ];
  for (const [chainId, confirmations] of expected) {
    const config = cfg({ PAYMENTS_EVM_CHAIN_ID: chainId });
    expect(evmConfirmations(config)).toBe(confirmations);
    expect(paymentCurrency("ETH", config).confirmationsRequired).toBe(confirmations);
    // USDC lives on the same chain and needs the same depth (where its contract is known).
    if (["1", "8453", "11155111"].includes(chainId))
      expect(paymentCurrency("USDC", config).confirmationsRequired).toBe(confirmations);
  }
  expect(Object.keys(EVM_DEFAULT_CONFIRMATIONS)).toContain("1");
});

test("a chain the table does not know gets 12, and the start-up says to set the figure", () => {
  const config = cfg({ PAYMENTS_EVM_CHAIN_ID: "424242" });
  expect(evmConfirmations(config)).toBe(12);
  expect(describeCryptoSetup(config).lines).toContain(
    "crypto: chain 424242 has no known confirmation depth; EVM payments count after 12 confirmations (set " +
      "PAYMENTS_EVM_CONFIRMATIONS).",
  );
});

test("a configured figure wins; 0 is used as 1, and 1 is what the offer reports", () => {
  expect(evmConfirmations(cfg({ PAYMENTS_EVM_CHAIN_ID: "1", PAYMENTS_EVM_CONFIRMATIONS: "64" }))).toBe(64);
  const zero = cfg({ PAYMENTS_EVM_CHAIN_ID: "1", PAYMENTS_EVM_CONFIRMATIONS: "0" });
  expect(zero.PAYMENTS_EVM_CONFIRMATIONS).toBe(0);
  expect(evmConfirmations(zero)).toBe(1);
  expect(paymentCurrency("ETH", zero).confirmationsRequired).toBe(1);
  expect(describeCryptoSetup(zero).lines).toContain(
    "crypto: PAYMENTS_EVM_CONFIRMATIONS=0 is used as 1: a payment counts once its block is mined.",
  );
});

test("Bitcoin waits for 2 confirmations unless configured; 0 is used as 1", () => {
  expect(btcConfirmations(cfg({}))).toBe(2);
  expect(paymentCurrency("BTC", cfg({ PAYMENTS_BTC_NETWORK: "regtest" })).confirmationsRequired).toBe(2);
  expect(btcConfirmations(cfg({ PAYMENTS_BTC_CONFIRMATIONS: "6" }))).toBe(6);
  const zero = cfg({ PAYMENTS_BTC_CONFIRMATIONS: "0" });
  expect(paymentCurrency("BTC", zero).confirmationsRequired).toBe(1);
  expect(describeCryptoSetup(zero).lines).toContain("crypto: PAYMENTS_BTC_CONFIRMATIONS=0 is used as 1.");
});

test("an empty or invalid figure is refused at start", () => {
  expect(cfg({ PAYMENTS_EVM_CONFIRMATIONS: "" }).PAYMENTS_EVM_CONFIRMATIONS).toBeUndefined();
  expect(() => cfg({ PAYMENTS_EVM_CONFIRMATIONS: "-1" })).toThrow(/PAYMENTS_EVM_CONFIRMATIONS/);
  expect(() => cfg({ PAYMENTS_BTC_CONFIRMATIONS: "two" })).toThrow(/PAYMENTS_BTC_CONFIRMATIONS/);
});
