import "server-only";
import { z } from "zod";
import { isPostgresUrl } from "./postgres-url.mjs";

// Every environment variable the service reads, validated once. Nothing else reads process.env.

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .pipe(z.url().optional())
  .optional();

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

// An on/off setting: "1"/"0" as documented, and zod's other boolean spellings (true/false, yes/no,
// on/off, y/n, enabled/disabled, any case); anything else stops the start naming the variable.
const flag = (fallback: boolean) =>
  z.stringbool({ error: "must be 1 or 0 (or true/false, yes/no, on/off)" }).default(fallback);

const seconds = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  /** postgres:// or postgresql:// selects PostgreSQL; absent selects PGlite under DATA_DIR. */
  DATABASE_URL: optionalString,
  DATA_DIR: z.string().default(".data"),
  /** HMAC key of access tokens; generated into DATA_DIR on the embedded database when unset. */
  JWT_SECRET: optionalString.pipe(z.string().min(32, "JWT_SECRET must be at least 32 characters").optional()),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  /** Seed the demo data on an empty database at start (1) or not (0). */
  SEED_DEMO_DATA: flag(true),
  /** Run the background jobs (offer expiry, chain watchers) in this instance (1) or not (0). */
  BACKGROUND_JOBS: flag(true),
  /**
   * Size bound and lifetime of the cache of read responses (lib/http/response-cache.ts); the bound
   * defaults by database (responseCacheMb below).
   */
  RESPONSE_CACHE_MB: optionalString.pipe(z.coerce.number<string>().int().min(1).optional()),
  RESPONSE_CACHE_TTL_SECONDS: z.coerce.number().int().min(1).default(60),
  /** Serve only the API (1), without the Next.js pages. */
  API_ONLY: flag(false),
  /**
   * Report garbage-collection pauses on /metrics (`nodejs_gc_duration_seconds`): 1, or not: 0. Off by
   * default: observing every collection cost a warm read 3 to 9% more CPU (docs/operations.md).
   */
  METRICS_GC_PAUSES: flag(false),
  /**
   * What app/bench-reference/route.ts answers under `next start`: `npm run bench:http` (BENCH_NEXT=1)
   * sets it to a warm resolution's bytes, to measure Next.js's own cost. Unset, that path is a 404.
   */
  BENCH_REFERENCE_BODY: optionalString,

  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  /** Where the Stripe SDK sends requests (tests point it at a local server). */
  STRIPE_API_BASE: optionalUrl,
  /** Per-request timeout of the Stripe SDK; with one network retry a dead Stripe costs about twice this. */
  STRIPE_TIMEOUT_MS: z.coerce.number().int().positive().default(8000),

  /** Name services other than native. */
  ETH_RPC_URL: optionalUrl,
  POLYGON_RPC_URL: optionalUrl,
  ENS_REGISTRY_ADDRESS: optionalString,
  /** The NameWrapper whose token holder owns a wrapped ENS name; mainnet's with the mainnet registry. */
  ENS_NAME_WRAPPER_ADDRESS: optionalString,
  /** "1" lets CCIP-Read gateways on loopback or private addresses be asked (private networks, tests). */
  CCIP_READ_PRIVATE_GATEWAYS: flag(false),
  /** Bounds on CCIP-Read gateway requests, per instance: to one gateway host, and caused by one client. */
  CCIP_READ_PER_GATEWAY_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  CCIP_READ_PER_CLIENT_PER_MINUTE: z.coerce.number().int().min(1).default(300),
  /** How long a lookup whose gateway failed answers that failure again without asking. */
  CCIP_READ_FAILURE_CACHE_SECONDS: z.coerce.number().int().min(0).default(30),
  UNS_PROXY_READER_ADDRESS: optionalString,
  UNS_POLYGON_PROXY_READER_ADDRESS: optionalString,
  DNS_SERVERS: optionalString,
  RESOLUTION_TIMEOUT_MS: z.coerce.number().int().positive().default(3000),
  /** How long a chain read (ENS, UD) is served from cache before it is refreshed. */
  CHAIN_CACHE_TTL_SECONDS: seconds(60),

  /** Crypto payments. */
  CRYPTO_EVM_XPUB: optionalString,
  CRYPTO_BTC_XPUB: optionalString,
  /** JSON-RPC of the chain watched for EVM payments, and its chain id. */
  PAYMENTS_EVM_RPC_URL: optionalUrl,
  PAYMENTS_EVM_CHAIN_ID: z.coerce.number().int().positive().default(1),
  PAYMENTS_USDC_CONTRACT: optionalString,
  /** Unset: a per-chain default (lib/payments/crypto/currencies.ts); 0 is used as 1. */
  PAYMENTS_EVM_CONFIRMATIONS: optionalString.pipe(z.coerce.number<string>().int().min(0).optional()),
  /** The block EVM confirmations count from; `auto`: `safe` on known rollups, the head elsewhere. */
  PAYMENTS_EVM_CONFIRM_FROM: z.enum(["auto", "latest", "safe", "finalized"]).default("auto"),
  /** Esplora-compatible HTTP API for Bitcoin payments, and its network. */
  PAYMENTS_BTC_ESPLORA_URL: optionalUrl,
  PAYMENTS_BTC_NETWORK: z.enum(["mainnet", "testnet", "regtest"]).default("mainnet"),
  /** Unset: 2; 0 is used as 1. */
  PAYMENTS_BTC_CONFIRMATIONS: optionalString.pipe(z.coerce.number<string>().int().min(0).optional()),
  PAYMENT_OFFER_MINUTES: z.coerce.number().positive().default(15),
  /** JSON object of USD prices per coin, e.g. {"ETH":3000}: fixed test rates (the built-in table otherwise). */
  CRYPTO_RATES_JSON: optionalString,
  /**
   * Live exchange rates: space-separated URLs answering Coinbase's `exchange-rates` or CoinGecko's
   * `simple/price` JSON (lib/payments/crypto/rates.ts). Set, it replaces the fixed tables.
   */
  CRYPTO_RATES_URL: optionalString,
  /** Past this age of the last rates fetched, crypto offers are refused (503) until a fetch succeeds. */
  CRYPTO_RATES_MAX_AGE_SECONDS: seconds(300),
  /** Rates older than this are fetched again (in the background while they are younger than the maximum age). */
  CRYPTO_RATES_REFRESH_SECONDS: seconds(60),
  WATCHER_INTERVAL_MS: z.coerce.number().int().positive().default(5000),
  /**
   * The platform's fee on a partner's card sale (a sub-name sold to its connected account): this
   * percentage of the price plus a fixed part, taken as Stripe's application_fee_amount.
   */
  PLATFORM_FEE_PERCENT: z.coerce.number().min(0).max(100).default(10),
  PLATFORM_FEE_FIXED_CENTS: z.coerce.number().int().min(0).default(30),
  /** Open unpaid orders (PENDING, purchases and renewals) per creating client address; 0: no limit. */
  UNPAID_HOLDS_PER_CLIENT: z.coerce.number().int().min(0).default(5),
  /** The same per partner, for orders made with its access token; 0: no limit. */
  UNPAID_HOLDS_PER_PARTNER: z.coerce.number().int().min(0).default(1_000),
  /**
   * Deprecated and ignored: orders are never bounded by the owner they name, which anyone can type
   * (issue 29). Still accepted, so an existing environment keeps starting.
   */
  UNPAID_HOLDS_PER_OWNER: z.coerce.number().int().min(0).optional(),

  /** `npm run bench`: a PostgreSQL server the benchmarks may create throw-away databases on. */
  BENCH_DATABASE_URL: optionalString,

  /** Rate limits: requests per window, per partner (all its tokens; *_PER_TOKEN names kept) or per client address. */
  RATE_LIMIT_ENABLED: flag(true),
  RATE_LIMIT_WINDOW_SECONDS: seconds(60),
  RATE_LIMIT_RESOLVE_PER_TOKEN: z.coerce.number().int().positive().default(60_000),
  RATE_LIMIT_PARTNER_PER_TOKEN: z.coerce.number().int().positive().default(6_000),
  RATE_LIMIT_READ_PER_ADDRESS: z.coerce.number().int().positive().default(1_200),
  RATE_LIMIT_PURCHASE_PER_ADDRESS: z.coerce.number().int().positive().default(600),
  /** How often each instance adds its local counts to the shared table. */
  RATE_LIMIT_FLUSH_MS: z.coerce.number().int().positive().default(250),
  /** 401s per window per client address; past it 429 for any token not already verified. */
  RATE_LIMIT_AUTH_FAILURES_PER_ADDRESS: z.coerce.number().int().positive().default(100),
  /** Live (not yet expired) access tokens a partner may hold; the next is refused with 409 (issue 32). */
  ACCESS_TOKENS_PER_PARTNER: z.coerce.number().int().positive().default(50),
  /** "1" lets webhook receivers be plain http and loopback or private addresses (tests, local work). */
  WEBHOOKS_ALLOW_PRIVATE_URLS: flag(false),
  /** "1" behind a load balancer: the client address is the last hop of X-Forwarded-For. */
  TRUST_PROXY: flag(false),
  /** Comma-separated origins browsers may call the partner and parent-domain endpoints from. */
  CORS_ORIGINS: z.string().default(""),

  /** PostgreSQL: how long to wait for a connection and for one statement before answering 503. */
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** PostgreSQL connections per instance (the pool's maximum). */
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(20),
  /** PostgreSQL connections per instance that only name resolution's lookups use, besides the pool. */
  DB_LOOKUP_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(4),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),

  /** Operator: the most a crypto refund may be worth, in USD at the payment's rate, to be written off as dust. */
  OPERATOR_DUST_USD: z.coerce.number().min(0).max(100).default(1),
  /** Owners: days a name stays renewable (and unbuyable by others) after it expires. */
  GRACE_PERIOD_DAYS: z.coerce.number().int().min(0).max(365).default(30),
  /** Owners: lifetime of a Sign-In with Ethereum session. */
  OWNER_SESSION_HOURS: z.coerce.number().int().min(1).max(168).default(24),
  /**
   * Owners: the hosts (host[:port], comma-separated) this service is reached at, which a Sign-In
   * with Ethereum message may name as its domain. Empty: loopback hosts only (localhost, 127.0.0.1, [::1]).
   */
  OWNER_SIGN_IN_DOMAINS: z.string().default(""),
  /** Requests per window per client address: anonymous lookups of the pages, and the owner API. */
  RATE_LIMIT_LOOKUP_PER_ADDRESS: z.coerce.number().int().positive().default(300),
  RATE_LIMIT_OWNER_PER_ADDRESS: z.coerce.number().int().positive().default(300),
  /** The longest an access token may live: validTill at most this many days after validFrom and after now. */
  ACCESS_TOKEN_MAX_DAYS: z.coerce.number().int().min(1).max(36_500).default(731),

  /**
   * "1" lets the crypto test defaults (the public test mnemonic's keys, the built-in rate table)
   * run beside live payment settings; without it such a start is refused (lib/server/startup-checks.ts).
   */
  PAYMENTS_ALLOW_TEST_DEFAULTS: flag(false),
  /**
   * "1" turns the built-in test card processor on beside live payment settings (test deployments
   * only). Without it the test processor runs only when no live payment setting is present.
   */
  PAYMENTS_TEST_CARD_PROCESSOR: flag(false),

  /**
   * E-mail to buyers (receipts, refund notices) through this SMTP server, e.g.
   * smtps://user:pass@smtp.example.com:465; unset, nothing is sent and nothing fails.
   */
  SMTP_URL: optionalString,
  MAIL_FROM: z.string().default("namesvc <no-reply@localhost>"),
  /** Where the mails' links point (the site's origin, e.g. https://names.example.com); unset, no links. */
  PUBLIC_ORIGIN: optionalUrl,
  /**
   * ENS parents' CCIP-Read gateway (lib/ens): the key that signs its answers (0x + 32 bytes hex;
   * generated into DATA_DIR on the embedded database when unset, required with PostgreSQL), how
   * long an answer is valid, and our offchain resolvers as `chainId:address`, comma-separated
   * (a request from any other resolver is 404).
   */
  ENS_GATEWAY_SIGNER_KEY: optionalString.pipe(
    z
      .string()
      .regex(/^0x[0-9a-fA-F]{64}$/, "ENS_GATEWAY_SIGNER_KEY must be 0x followed by 64 hex digits")
      .optional(),
  ),
  ENS_GATEWAY_TTL_SECONDS: z.coerce.number().int().min(10).max(86_400).default(300),
  ENS_RESOLVERS: z
    .string()
    .default("")
    .refine((value) => parseEnsResolvers(value) !== undefined, "must be chainId:0xAddress, comma-separated"),
  /**
   * The gateway URL template clients are told and `npm run ens -- deploy-resolver` writes into the
   * contract, e.g. https://names.example/v1/ens/ccip/{sender}/{data}.json; unset: this request's origin.
   */
  ENS_GATEWAY_URL: optionalUrl,
  /** `npm run ens -- deploy-resolver`: the chain to deploy on (default ETH_RPC_URL) and the deployer's key. */
  ENS_DEPLOY_RPC_URL: optionalUrl,
  ENS_DEPLOYER_KEY: optionalString.pipe(
    z
      .string()
      .regex(/^0x[0-9a-fA-F]{64}$/, "ENS_DEPLOYER_KEY must be 0x followed by 64 hex digits")
      .optional(),
  ),

  /** Fault-injection hook for the crash tests only (tests/integration/faults); unset in every real deployment. */
  FAULT_INJECT: z.enum(["after-paid", "after-credit"]).optional(),
});

const STRIPE_VARIABLES = ["STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET"] as const;

// Some but not all of Stripe's keys is a mistake, never a choice: falling back to the free test
// processor would sell names for nothing.
const CheckedEnvSchema = EnvSchema.superRefine((env, context) => {
  const missing = STRIPE_VARIABLES.filter((name) => !env[name]);
  if (missing.length > 0 && missing.length < STRIPE_VARIABLES.length)
    context.addIssue({
      code: "custom",
      path: [missing.join(", ")],
      message:
        `${missing.length === 1 ? "is" : "are"} missing: real Stripe needs all of ` +
        `${STRIPE_VARIABLES.join(", ")} (none of them selects the built-in test processor)`,
    });
});

export type Config = z.infer<typeof EnvSchema>;

export class ConfigError extends Error {}

export function parseConfig(env: Record<string, string | undefined>): Config {
  const parsed = CheckedEnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return parsed.data;
}

let current: Config | undefined;

/** The process's configuration, read from the environment on first use. */
export function config(): Config {
  current ??= parseConfig(process.env);
  return current;
}

/** Replaces the configuration (tests and the server's start-up use this). */
export function setConfig(overrides: Partial<Config> = {}): Config {
  current = { ...parseConfig(process.env), ...overrides };
  return current;
}

const ENS_RESOLVER = /^(\d{1,12}):(0x[0-9a-fA-F]{40})$/;

function parseEnsResolvers(value: string): { chainId: number; address: `0x${string}` }[] | undefined {
  const resolvers: { chainId: number; address: `0x${string}` }[] = [];
  for (const item of value.split(",").map((part) => part.trim())) {
    if (!item) continue;
    const match = ENS_RESOLVER.exec(item);
    if (!match || Number(match[1]) < 1) return undefined;
    resolvers.push({ chainId: Number(match[1]), address: match[2]!.toLowerCase() as `0x${string}` });
  }
  return resolvers;
}

/** Our ENS offchain resolvers (ENS_RESOLVERS), addresses in lower case. */
export function ensResolvers(cfg: Config = config()): { chainId: number; address: `0x${string}` }[] {
  return parseEnsResolvers(cfg.ENS_RESOLVERS) ?? [];
}

export function usesPostgresServer(cfg: Config = config()): boolean {
  return isPostgresUrl(cfg.DATABASE_URL);
}

/**
 * The response cache's bound in MB: RESPONSE_CACHE_MB, else 24 with PostgreSQL and 16 with the
 * embedded database, whose process also holds the database: its 8 MB less let the young generation
 * be twice as large (scripts/server-process.mjs) within the same 300 MB (docs/operations.md,
 * twenty-eighth round).
 */
export function responseCacheMb(cfg: Config = config()): number {
  return cfg.RESPONSE_CACHE_MB ?? (usesPostgresServer(cfg) ? 24 : 16);
}

export function stripeConfigured(cfg: Config = config()): boolean {
  return Boolean(cfg.STRIPE_SECRET_KEY && cfg.STRIPE_PUBLISHABLE_KEY && cfg.STRIPE_WEBHOOK_SECRET);
}

/** Settings that say real money is expected: any of them ends the demo's test defaults. */
export const LIVE_PAYMENT_SETTINGS = [
  "STRIPE_SECRET_KEY",
  "STRIPE_PUBLISHABLE_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "PAYMENTS_EVM_RPC_URL",
  "PAYMENTS_BTC_ESPLORA_URL",
  "CRYPTO_EVM_XPUB",
  "CRYPTO_BTC_XPUB",
] as const satisfies readonly (keyof Config)[];

/** The live payment settings present in this configuration. */
export function livePaymentSettings(cfg: Config = config()): string[] {
  return LIVE_PAYMENT_SETTINGS.filter((name) => Boolean(cfg[name]));
}

/**
 * Who takes card payments: Stripe with its three keys; the built-in test processor in the demo (no
 * live payment setting) or when PAYMENTS_TEST_CARD_PROCESSOR=1 turns it on; otherwise nobody. The
 * test processor is never a fallback: it would hand out names for a test card number.
 */
export type CardPaymentMode = "stripe" | "test" | "off";

export function cardPaymentMode(cfg: Config = config()): CardPaymentMode {
  if (stripeConfigured(cfg)) return "stripe";
  if (cfg.PAYMENTS_TEST_CARD_PROCESSOR || livePaymentSettings(cfg).length === 0) return "test";
  return "off";
}
