import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "@/lib/config";

// On/off settings are booleans in the configuration; the environment spells them "1"/"0" (as the
// docs say) or as any of zod's stringbool spellings, and anything else stops the start.
const FLAGS = [
  "SEED_DEMO_DATA",
  "BACKGROUND_JOBS",
  "API_ONLY",
  "CCIP_READ_PRIVATE_GATEWAYS",
  "RATE_LIMIT_ENABLED",
  "WEBHOOKS_ALLOW_PRIVATE_URLS",
  "TRUST_PROXY",
  "PAYMENTS_ALLOW_TEST_DEFAULTS",
  "PAYMENTS_TEST_CARD_PROCESSOR",
] as const;

const TRUE_SPELLINGS = ["1", "true", "TRUE", "yes", "on", "y", "enabled"];
const FALSE_SPELLINGS = ["0", "false", "False", "no", "off", "n", "disabled"];

function refusal(env: Record<string, string>): string {
  try {
    parseConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error(`parseConfig accepted ${JSON.stringify(env)}`);
}

describe("on/off settings", () => {
  it("default to the documented values when unset", () => {
    const cfg = parseConfig({});
    expect({
      SEED_DEMO_DATA: cfg.SEED_DEMO_DATA,
      BACKGROUND_JOBS: cfg.BACKGROUND_JOBS,
      RATE_LIMIT_ENABLED: cfg.RATE_LIMIT_ENABLED,
      API_ONLY: cfg.API_ONLY,
      CCIP_READ_PRIVATE_GATEWAYS: cfg.CCIP_READ_PRIVATE_GATEWAYS,
      WEBHOOKS_ALLOW_PRIVATE_URLS: cfg.WEBHOOKS_ALLOW_PRIVATE_URLS,
      TRUST_PROXY: cfg.TRUST_PROXY,
      PAYMENTS_ALLOW_TEST_DEFAULTS: cfg.PAYMENTS_ALLOW_TEST_DEFAULTS,
      PAYMENTS_TEST_CARD_PROCESSOR: cfg.PAYMENTS_TEST_CARD_PROCESSOR,
    }).toEqual({
      SEED_DEMO_DATA: true,
      BACKGROUND_JOBS: true,
      RATE_LIMIT_ENABLED: true,
      API_ONLY: false,
      CCIP_READ_PRIVATE_GATEWAYS: false,
      WEBHOOKS_ALLOW_PRIVATE_URLS: false,
      TRUST_PROXY: false,
      PAYMENTS_ALLOW_TEST_DEFAULTS: false,
      PAYMENTS_TEST_CARD_PROCESSOR: false,
    });
  });

  it.each(FLAGS)("%s reads every true spelling as true and every false spelling as false", (name) => {
    for (const spelling of TRUE_SPELLINGS) expect(parseConfig({ [name]: spelling })[name], spelling).toBe(true);
    for (const spelling of FALSE_SPELLINGS) expect(parseConfig({ [name]: spelling })[name], spelling).toBe(false);
  });

  it.each(FLAGS)("%s refuses a value that is not a boolean spelling, naming the variable", (name) => {
    for (const value of ["yes please", "2", "", " 1", "maybe"]) {
      const message = refusal({ [name]: value });
      expect(message).toContain("Invalid configuration:");
      expect(message).toContain(`  ${name}: must be 1 or 0 (or true/false, yes/no, on/off)`);
      // Only the bad variable is named.
      for (const other of FLAGS.filter((flag) => flag !== name)) expect(message).not.toContain(other);
    }
  });

  it("names every bad flag at once", () => {
    const message = refusal({ TRUST_PROXY: "yes please", API_ONLY: "on", RATE_LIMIT_ENABLED: "2" });
    expect(message.split("\n").slice(1).sort()).toEqual([
      "  RATE_LIMIT_ENABLED: must be 1 or 0 (or true/false, yes/no, on/off)",
      "  TRUST_PROXY: must be 1 or 0 (or true/false, yes/no, on/off)",
    ]);
  });

  it("reads back what a test server's environment is built from (String of a boolean)", () => {
    const cfg = parseConfig({ TRUST_PROXY: String(true), RATE_LIMIT_ENABLED: String(false) });
    expect([cfg.TRUST_PROXY, cfg.RATE_LIMIT_ENABLED]).toEqual([true, false]);
  });
});
