import "server-only";
import { cardPaymentMode, ConfigError, livePaymentSettings, type Config } from "@/lib/config";
import { signInDomains } from "@/lib/siwe/message";
import { testBtcXpub, testEvmXpub } from "@/lib/payments/crypto/derive-address";

// Checks made once at start, before the database is opened, by `npm start` and under Next.js
// alike (lib/server/startup.ts). Test and live payments never mix: an operator who configures any
// live payment setting gets no crypto test default by accident. The public test mnemonic's keys
// would send buyers' money to addresses anyone can empty, and the built-in rate table would price
// names at made-up rates. `npm start` with nothing set stays the labelled demo.

/** The crypto test defaults this configuration would use, each with why it is one. */
function cryptoTestDefaults(cfg: Config): string[] {
  const defaults: string[] = [];
  const testBtcKeys = [testBtcXpub("mainnet"), testBtcXpub("testnet")];
  if (!cfg.CRYPTO_EVM_XPUB) defaults.push("CRYPTO_EVM_XPUB is unset (the public test mnemonic's key)");
  else if (cfg.CRYPTO_EVM_XPUB === testEvmXpub()) defaults.push("CRYPTO_EVM_XPUB is the public test mnemonic's key");
  if (!cfg.CRYPTO_BTC_XPUB) defaults.push("CRYPTO_BTC_XPUB is unset (the public test mnemonic's key)");
  else if (testBtcKeys.includes(cfg.CRYPTO_BTC_XPUB))
    defaults.push("CRYPTO_BTC_XPUB is the public test mnemonic's key");
  if (!cfg.CRYPTO_RATES_URL)
    defaults.push(
      cfg.CRYPTO_RATES_JSON
        ? "CRYPTO_RATES_URL is unset (CRYPTO_RATES_JSON is a fixed test rate table)"
        : "CRYPTO_RATES_URL is unset (the built-in test rate table)",
    );
  return defaults;
}

/**
 * Throws a ConfigError naming the variables when live payment settings meet crypto test defaults
 * without PAYMENTS_ALLOW_TEST_DEFAULTS=1; returns the warnings to print otherwise.
 */
export function checkPaymentSettings(cfg: Config): string[] {
  const live = livePaymentSettings(cfg);
  if (live.length === 0) return [];
  const warnings = cardProcessorWarnings(cfg, live);
  const defaults = cryptoTestDefaults(cfg);
  if (defaults.length === 0) return warnings;
  if (cfg.PAYMENTS_ALLOW_TEST_DEFAULTS)
    return [
      ...warnings,
      "payments: PAYMENTS_ALLOW_TEST_DEFAULTS=1: crypto test defaults run beside live settings " +
        `(${live.join(", ")}): ${defaults.join("; ")}. Never do this with real money.`,
    ];
  throw new ConfigError(
    [
      `Live payment settings are set (${live.join(", ")}), but crypto payments would use test defaults:`,
      ...defaults.map((line) => `  ${line}`),
      "Set CRYPTO_EVM_XPUB, CRYPTO_BTC_XPUB (extended public keys of your own wallets) and CRYPTO_RATES_URL",
      "(live exchange rates),",
      "or, for a test deployment only, PAYMENTS_ALLOW_TEST_DEFAULTS=1.",
    ].join("\n"),
  );
}

/** What start-up says about card payments when live payment settings are present. */
function cardProcessorWarnings(cfg: Config, live: string[]): string[] {
  const mode = cardPaymentMode(cfg);
  if (mode === "off")
    return [
      `payments: card payments are off: live payment settings are set (${live.join(", ")}) and Stripe is not. ` +
        "Set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET to take cards; " +
        "until then card purchases and renewals answer 503 and the checkout offers crypto only.",
    ];
  if (mode === "test")
    return [
      `payments: PAYMENTS_TEST_CARD_PROCESSOR=1: the built-in test card processor runs beside live settings ` +
        `(${live.join(", ")}): test card 4242 4242 4242 4242 completes orders for nothing. ` +
        "Never do this with real money.",
    ];
  return [];
}

/**
 * In production OWNER_SIGN_IN_DOMAINS names the hosts owners sign in on. Unset, only loopback hosts
 * would be accepted: a deployment (any live payment setting) is refused, naming the variable; the
 * demo (`npm start` with nothing set, reached on localhost) starts with a warning.
 */
export function checkSignInDomains(cfg: Config): string[] {
  if (cfg.NODE_ENV !== "production" || signInDomains(cfg).length > 0) return [];
  const live = livePaymentSettings(cfg);
  const what =
    "OWNER_SIGN_IN_DOMAINS is unset: owners can sign in only on localhost, 127.0.0.1 and [::1]. Set it to the " +
    "host[:port] list your site is served on (e.g. names.example,www.names.example), or to `loopback` for a " +
    "deployment reached only from this machine.";
  if (live.length === 0) return [`owners: ${what} (Demo: no live payment setting is set.)`];
  throw new ConfigError(`${what}
Live payment settings are set (${live.join(", ")}), so this is a deployment.`);
}
