import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test, vi } from "vitest";
import { startNextProcess, startServerProcess, type ServerProcess } from "@/scripts/server-process.mjs";
import { parseConfig } from "@/lib/config";
import { testBtcXpub, testEvmXpub } from "@/lib/payments/crypto/derive-address";
import { checkPaymentSettings, checkSignInDomains } from "@/lib/server/startup-checks";
import { servedByNext } from "@/tests/support/app";

// Test and live payments never mix (issue 11, section 3): some but not all Stripe keys is a
// start-up error naming the missing ones, and live payment settings beside the crypto test
// defaults are refused unless PAYMENTS_ALLOW_TEST_DEFAULTS=1 says so. `npm start` with nothing set
// stays the labelled demo. The processes are the real servers: `npm start`'s, or `next start`'s
// when the suite runs under Next.js.

// A server process compiles and migrates before it listens: minutes on a loaded 2-core machine.
vi.setConfig({ testTimeout: 240_000 });

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const LIVE_CRYPTO = {
  // Only compared with the test keys here, never derived from.
  CRYPTO_EVM_XPUB: "xpub-of-the-operators-evm-wallet",
  CRYPTO_BTC_XPUB: "zpub-of-the-operators-btc-wallet",
  // Never fetched here: no offer is asked for.
  CRYPTO_RATES_URL: "http://127.0.0.1:9/v2/exchange-rates?currency=USD",
};

function start(env: Record<string, string>): Promise<ServerProcess> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "startup-"));
  dirs.push(dataDir);
  const base = {
    DATA_DIR: dataDir,
    HOST: "127.0.0.1",
    PORT: "0",
    API_ONLY: "1",
    SEED_DEMO_DATA: "0",
    BACKGROUND_JOBS: "0",
    DATABASE_URL: "",
    STRIPE_SECRET_KEY: "",
    STRIPE_PUBLISHABLE_KEY: "",
    STRIPE_WEBHOOK_SECRET: "",
    OWNER_SIGN_IN_DOMAINS: "loopback",
    ...env,
  };
  return servedByNext
    ? startNextProcess({ env: { ...base, NODE_ENV: "production" }, timeoutMs: 200_000 })
    : startServerProcess({ env: base, timeoutMs: 200_000 });
}

/** The start's output when it fails, or a failure of this test when it starts. */
async function refusal(env: Record<string, string>): Promise<string> {
  try {
    const server = await start(env);
    await server.stop();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("the server started");
}

describe("refused starts", () => {
  test("one Stripe key of three: the start fails naming the two missing", async () => {
    const output = await refusal({ STRIPE_SECRET_KEY: "sk_live_only" });
    expect(output).toMatch(/exited \(1\)/);
    expect(output).toContain("STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET: are missing");
  });

  test("live payment settings beside the crypto test defaults: the start fails naming them", async () => {
    const output = await refusal({ PAYMENTS_EVM_RPC_URL: "http://127.0.0.1:9" });
    expect(output).toMatch(/exited \(1\)/);
    expect(output).toContain("Live payment settings are set (PAYMENTS_EVM_RPC_URL)");
    expect(output).toContain("CRYPTO_EVM_XPUB is unset (the public test mnemonic's key)");
    expect(output).toContain("CRYPTO_RATES_URL is unset (the built-in test rate table)");
    expect(output).toContain("PAYMENTS_ALLOW_TEST_DEFAULTS=1");
  });
});

describe("owner sign-in hosts in production (issue 33)", () => {
  const unset = { NODE_ENV: "production", OWNER_SIGN_IN_DOMAINS: "" };

  test("a deployment (live payment settings) without OWNER_SIGN_IN_DOMAINS: the start fails naming it", async () => {
    const output = await refusal({ ...unset, ...LIVE_CRYPTO, PAYMENTS_EVM_RPC_URL: "http://127.0.0.1:9" });
    expect(output).toMatch(/exited \(1\)/);
    expect(output).toContain("OWNER_SIGN_IN_DOMAINS is unset");
    expect(output).toContain("Live payment settings are set (PAYMENTS_EVM_RPC_URL, CRYPTO_EVM_XPUB, CRYPTO_BTC_XPUB)");
  });

  test("the demo (no live setting) without it: starts, and warns", async () => {
    const server = await start(unset);
    expect(server.output()).toContain("OWNER_SIGN_IN_DOMAINS is unset: owners can sign in only on localhost");
    await server.stop();
  });

  test("the rules: production only, any entry (`loopback` too) satisfies it", () => {
    const live = { ...LIVE_CRYPTO, PAYMENTS_EVM_RPC_URL: "http://127.0.0.1:9" };
    const check = (env: Record<string, string>) => () => checkSignInDomains(parseConfig(env));
    expect(check({ NODE_ENV: "production", ...live })).toThrow(/OWNER_SIGN_IN_DOMAINS is unset/);
    expect(check({ NODE_ENV: "production", OWNER_SIGN_IN_DOMAINS: " , ", ...live })).toThrow(/unset/);
    expect(check({ NODE_ENV: "production", OWNER_SIGN_IN_DOMAINS: "names.example", ...live })()).toEqual([]);
    expect(check({ NODE_ENV: "production", OWNER_SIGN_IN_DOMAINS: "loopback", ...live })()).toEqual([]);
    expect(check({ NODE_ENV: "development", ...live })()).toEqual([]);
    expect(check({ NODE_ENV: "production" })()).toEqual([expect.stringContaining("Demo: no live payment setting")]);
  });
});

describe("allowed starts", () => {
  test("nothing set: the demo starts", async () => {
    const server = await start({});
    expect((await fetch(`${server.origin}/v1/openapi.json`)).status).toBe(200);
    await server.stop();
  });

  test("live crypto without Stripe: starts, and says card payments are off", async () => {
    const server = await start({ ...LIVE_CRYPTO, PAYMENTS_EVM_RPC_URL: "http://127.0.0.1:9" });
    expect(server.output()).toContain("card payments are off");
    expect(server.output()).toContain("STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET");
    await server.stop();
  });

  test("live settings with the test defaults explicitly allowed: starts, and says so", async () => {
    const server = await start({ PAYMENTS_EVM_RPC_URL: "http://127.0.0.1:9", PAYMENTS_ALLOW_TEST_DEFAULTS: "1" });
    expect(server.output()).toContain("PAYMENTS_ALLOW_TEST_DEFAULTS=1: crypto test defaults run beside live settings");
    await server.stop();
  });
});

describe("the rules", () => {
  const check = (env: Record<string, string>) => () => checkPaymentSettings(parseConfig(env));

  test("all three Stripe keys, or none, is a valid configuration", () => {
    expect(() => parseConfig({})).not.toThrow();
    expect(() =>
      parseConfig({ STRIPE_SECRET_KEY: "sk", STRIPE_PUBLISHABLE_KEY: "pk", STRIPE_WEBHOOK_SECRET: "wh" }),
    ).not.toThrow();
    expect(() => parseConfig({ STRIPE_WEBHOOK_SECRET: "wh", STRIPE_PUBLISHABLE_KEY: "pk" })).toThrow(
      /STRIPE_SECRET_KEY: is missing/,
    );
  });

  test("each live setting alone triggers the check; fully configured crypto passes", () => {
    for (const name of [
      "PAYMENTS_EVM_RPC_URL",
      "PAYMENTS_BTC_ESPLORA_URL",
      "CRYPTO_EVM_XPUB",
      "CRYPTO_BTC_XPUB",
    ] as const) {
      const value = name === "CRYPTO_EVM_XPUB" || name === "CRYPTO_BTC_XPUB" ? LIVE_CRYPTO[name] : "http://127.0.0.1:9";
      expect(check({ [name]: value }), name).toThrow(`Live payment settings are set (${name})`);
    }
    const stripe = { STRIPE_SECRET_KEY: "sk", STRIPE_PUBLISHABLE_KEY: "pk", STRIPE_WEBHOOK_SECRET: "wh" };
    expect(check(stripe)).toThrow(/STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET/);
    expect(check({ ...stripe, ...LIVE_CRYPTO })()).toEqual([]);
    expect(check({})()).toEqual([]);
  });

  test("a fixed CRYPTO_RATES_JSON table is test rates: a live deployment needs CRYPTO_RATES_URL", () => {
    const { CRYPTO_RATES_URL: _live, ...fixed } = LIVE_CRYPTO;
    expect(check({ ...fixed, CRYPTO_RATES_JSON: '{"ETH":3000}' })).toThrow(
      "CRYPTO_RATES_URL is unset (CRYPTO_RATES_JSON is a fixed test rate table)",
    );
  });

  test("the test mnemonic's keys set explicitly are still test defaults", () => {
    expect(check({ ...LIVE_CRYPTO, CRYPTO_EVM_XPUB: testEvmXpub() })).toThrow(
      "CRYPTO_EVM_XPUB is the public test mnemonic's key",
    );
    expect(check({ ...LIVE_CRYPTO, CRYPTO_BTC_XPUB: testBtcXpub("mainnet") })).toThrow(
      "CRYPTO_BTC_XPUB is the public test mnemonic's key",
    );
  });
});
