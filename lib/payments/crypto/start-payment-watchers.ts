import "server-only";
import { config, type Config } from "@/lib/config";
import { startBtcWatcher } from "./btc-watcher";
import { evmXpub, btcXpub } from "./derive-address";
import { startEvmWatcher } from "./evm-watcher";
import { configuredRates } from "./rates";
import type { OnPaymentCredited } from "./record-transfers";
import type { Watcher } from "./polling-loop";

// Start-up entry for the server: runs a watcher for each chain that has an API configured and
// says, once, which parts of the crypto setup are test configuration.

export interface CryptoSetupReport {
  evmWatched: boolean;
  btcWatched: boolean;
  evmKeyIsTest: boolean;
  btcKeyIsTest: boolean;
  ratesAreTest: boolean;
  /** One line per fact worth logging at start-up. */
  lines: string[];
}

export function describeCryptoSetup(cfg: Config = config()): CryptoSetupReport {
  const evmKeyIsTest = evmXpub(cfg).isTestKey;
  const btcKeyIsTest = btcXpub(cfg).isTestKey;
  const ratesAreTest = configuredRates(cfg).isTest;
  const lines: string[] = [];
  if (evmKeyIsTest)
    lines.push(
      "crypto: CRYPTO_EVM_XPUB is unset; EVM deposit addresses come from the public BIP39 test mnemonic (test configuration).",
    );
  if (btcKeyIsTest)
    lines.push(
      "crypto: CRYPTO_BTC_XPUB is unset; Bitcoin deposit addresses come from the public BIP39 test mnemonic (test configuration).",
    );
  if (ratesAreTest)
    lines.push("crypto: CRYPTO_RATES_JSON is unset; prices use the built-in test rate table (test configuration).");
  if (!cfg.PAYMENTS_EVM_RPC_URL)
    lines.push("crypto: PAYMENTS_EVM_RPC_URL is unset; ETH and USDC payments are not watched.");
  if (!cfg.PAYMENTS_BTC_ESPLORA_URL)
    lines.push("crypto: PAYMENTS_BTC_ESPLORA_URL is unset; BTC payments are not watched.");
  return {
    evmWatched: Boolean(cfg.PAYMENTS_EVM_RPC_URL),
    btcWatched: Boolean(cfg.PAYMENTS_BTC_ESPLORA_URL),
    evmKeyIsTest,
    btcKeyIsTest,
    ratesAreTest,
    lines,
  };
}

/** Starts the configured watchers; the returned stop() ends all of them. */
export function startPaymentWatchers(input: {
  onPaymentCredited: OnPaymentCredited;
  log?: (message: string) => void;
}): Watcher {
  const cfg = config();
  const watchers: Watcher[] = [];
  if (cfg.PAYMENTS_EVM_RPC_URL)
    watchers.push(startEvmWatcher({ onPaymentCredited: input.onPaymentCredited, log: input.log }));
  if (cfg.PAYMENTS_BTC_ESPLORA_URL)
    watchers.push(startBtcWatcher({ onPaymentCredited: input.onPaymentCredited, log: input.log }));
  return {
    async stop() {
      await Promise.all(watchers.map((w) => w.stop()));
    },
  };
}
