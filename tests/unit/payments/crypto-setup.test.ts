import { expect, test } from "vitest";
import { parseConfig } from "@/lib/config";
import { testBtcXpub, testEvmXpub } from "@/lib/payments/crypto/derive-address";
import { describeCryptoSetup } from "@/lib/payments/crypto/start-payment-watchers";

test("without keys and rates, the setup says plainly that it is test configuration", () => {
  const report = describeCryptoSetup(parseConfig({}));
  expect(report).toMatchObject({
    evmWatched: false,
    btcWatched: false,
    evmKeyIsTest: true,
    btcKeyIsTest: true,
    ratesAreTest: true,
  });
  expect(report.lines).toEqual([
    "crypto: CRYPTO_EVM_XPUB is unset; EVM deposit addresses come from the public BIP39 test mnemonic " +
      "(test configuration).",
    "crypto: CRYPTO_BTC_XPUB is unset; Bitcoin deposit addresses come from the public BIP39 test mnemonic " +
      "(test configuration).",
    "crypto: CRYPTO_RATES_URL is unset; prices use the built-in test rate table (test configuration).",
    "crypto: PAYMENTS_EVM_RPC_URL is unset; ETH and USDC payments are not watched.",
    "crypto: PAYMENTS_BTC_ESPLORA_URL is unset; BTC payments are not watched.",
  ]);
});

test("a fully configured setup reports nothing as test configuration", () => {
  const report = describeCryptoSetup(
    parseConfig({
      CRYPTO_EVM_XPUB: testEvmXpub(),
      CRYPTO_BTC_XPUB: testBtcXpub("mainnet"),
      CRYPTO_RATES_URL: "http://127.0.0.1:3003/v2/exchange-rates?currency=USD",
      PAYMENTS_EVM_RPC_URL: "http://127.0.0.1:8545",
      PAYMENTS_BTC_ESPLORA_URL: "http://127.0.0.1:3002",
    }),
  );
  expect(report).toEqual({
    evmWatched: true,
    btcWatched: true,
    evmKeyIsTest: false,
    btcKeyIsTest: false,
    ratesAreTest: false,
    lines: [],
  });
});
