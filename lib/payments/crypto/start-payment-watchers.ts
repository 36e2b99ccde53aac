import "server-only";
import { config, type Config } from "@/lib/config";
import { startBtcWatcher } from "./btc-watcher";
import {
  btcConfirmations,
  EVM_DEFAULT_CONFIRMATIONS,
  evmConfirmations,
  evmNetworkName,
  resolvePaymentCurrency,
} from "./currencies";
import { evmXpub, btcXpub } from "./derive-address";
import { startEvmWatcher } from "./evm-watcher";
import { ratesAreTest as ratesAreFixed } from "./rates";
import type { OnPaymentCredited, OnPaymentReorganised, OnPaymentSeen } from "./record-transfers";
import type { Watcher } from "@/lib/jobs/polling-loop";
import { logger } from "@/lib/log";

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
  const ratesAreTest = ratesAreFixed(cfg);
  const lines: string[] = [];
  if (evmKeyIsTest)
    lines.push(
      "crypto: CRYPTO_EVM_XPUB is unset; EVM deposit addresses come from the public BIP39 test mnemonic " +
        "(test configuration).",
    );
  if (btcKeyIsTest)
    lines.push(
      "crypto: CRYPTO_BTC_XPUB is unset; Bitcoin deposit addresses come from the public BIP39 test " +
        "mnemonic (test configuration).",
    );
  const fixedTable = cfg.CRYPTO_RATES_JSON ? "the fixed CRYPTO_RATES_JSON" : "the built-in";
  if (ratesAreTest)
    lines.push(`crypto: CRYPTO_RATES_URL is unset; prices use ${fixedTable} test rate table (test configuration).`);
  if (!cfg.PAYMENTS_EVM_RPC_URL)
    lines.push("crypto: PAYMENTS_EVM_RPC_URL is unset; ETH and USDC payments are not watched.");
  if (cfg.PAYMENTS_USDC_CONTRACT && !cfg.PAYMENTS_EVM_RPC_URL)
    lines.push(
      "crypto: PAYMENTS_USDC_CONTRACT is set but PAYMENTS_EVM_RPC_URL is not, so its decimals cannot be " +
        "read; USDC offers are refused.",
    );
  if (!cfg.PAYMENTS_BTC_ESPLORA_URL)
    lines.push("crypto: PAYMENTS_BTC_ESPLORA_URL is unset; BTC payments are not watched.");
  if (cfg.PAYMENTS_EVM_CONFIRMATIONS === 0)
    lines.push("crypto: PAYMENTS_EVM_CONFIRMATIONS=0 is used as 1: a payment counts once its block is mined.");
  else if (cfg.PAYMENTS_EVM_CONFIRMATIONS === undefined && !(cfg.PAYMENTS_EVM_CHAIN_ID in EVM_DEFAULT_CONFIRMATIONS))
    lines.push(
      `crypto: chain ${cfg.PAYMENTS_EVM_CHAIN_ID} has no known confirmation depth; EVM payments count ` +
        `after ${evmConfirmations(cfg)} confirmations (set PAYMENTS_EVM_CONFIRMATIONS).`,
    );
  if (cfg.PAYMENTS_BTC_CONFIRMATIONS === 0)
    lines.push(`crypto: PAYMENTS_BTC_CONFIRMATIONS=0 is used as ${btcConfirmations(cfg)}.`);
  return {
    evmWatched: Boolean(cfg.PAYMENTS_EVM_RPC_URL),
    btcWatched: Boolean(cfg.PAYMENTS_BTC_ESPLORA_URL),
    evmKeyIsTest,
    btcKeyIsTest,
    ratesAreTest,
    lines,
  };
}

/**
 * What the configured token contract says of itself, checked at start-up: a custom
 * PAYMENTS_USDC_CONTRACT must answer decimals(), or USDC offers are refused (503) with the reason.
 */
export async function checkUsdcContract(cfg: Config = config()): Promise<string | null> {
  if (!cfg.PAYMENTS_USDC_CONTRACT) return null;
  try {
    const usdc = await resolvePaymentCurrency("USDC", cfg);
    return (
      `crypto: USDC is ${usdc.tokenContract} on ${evmNetworkName(cfg.PAYMENTS_EVM_CHAIN_ID)} with ` +
      `${usdc.decimals} decimals (read from the contract).`
    );
  } catch (error) {
    return `crypto: ${(error as Error).message}`;
  }
}

/** Starts the configured watchers; the returned stop() ends all of them. */
export function startPaymentWatchers(input: {
  onPaymentCredited: OnPaymentCredited;
  onPaymentReorganised?: OnPaymentReorganised;
  onPaymentSeen?: OnPaymentSeen;
  log?: (message: string) => void;
}): Watcher {
  const cfg = config();
  const watchers: Watcher[] = [];
  const hooks = {
    onPaymentCredited: input.onPaymentCredited,
    onPaymentReorganised: input.onPaymentReorganised,
    onPaymentSeen: input.onPaymentSeen,
    log: input.log,
  };
  if (cfg.PAYMENTS_EVM_RPC_URL) {
    void checkUsdcContract(cfg).then(
      (line) => line && (input.log ?? ((message: string) => logger("payments").warn(message)))(line),
    );
    watchers.push(startEvmWatcher(hooks));
  }
  if (cfg.PAYMENTS_BTC_ESPLORA_URL) watchers.push(startBtcWatcher(hooks));
  return {
    async stop() {
      await Promise.all(watchers.map((w) => w.stop()));
    },
  };
}
