// Marketplace shapes: search, card purchase (11), crypto purchase (12), order (13). Imports
// nothing from the server, so the checkout pages and the tests reuse them.
import { isAddress } from "viem";
import { z } from "zod";
import { isValidAddressForCoinType, walletOfCoinType } from "@/lib/names/coins";
import { IsoDateTime, NameService } from "./common";
import { ExactNumber } from "./exact-number";

const MIN_YEARS = 1;
const MAX_YEARS = 10;
const MAX_WALLET_ADDRS = 32;
export const CRYPTO_PURCHASE_CURRENCIES = ["ETH", "USDC", "BTC"] as const;
const ORDER_STATUSES = ["PENDING", "PAID", "COMPLETED", "EXPIRED", "FAILED", "REFUNDED"] as const;

const uuid = (field: string) => z.uuid({ error: `${field} must be a uuid` });

export const Years = z
  .number({ error: "years must be a whole number from 1 to 10" })
  .int("years must be a whole number from 1 to 10")
  .min(MIN_YEARS, "years must be a whole number from 1 to 10")
  .max(MAX_YEARS, "years must be a whole number from 1 to 10")
  .meta({ description: "Registration period in whole years, 1 to 10." });

// Not trimmed: a name is judged as sent (lib/names/normalize.ts), so " alice.web3" is 400 here as
// everywhere else in the API.
export const DomainField = z
  .string({ error: "domain must be a name such as alice.web3" })
  .min(3, "domain must be a name such as alice.web3")
  .max(253, "domain must be at most 253 characters")
  .meta({
    description:
      "Name to buy: `label.<tld>` under a native TLD, or `label.<parent>` under a parent domain that sells " +
      "sub-domains.",
  });

/**
 * Names of the native registry are owned by EVM accounts, so the owner must be an EVM address; a
 * mixed-case address must carry a valid EIP-55 checksum.
 */
export const OwnerAddress = z
  .string({ error: "ownerAddress must be an EVM address (0x followed by 40 hex digits)" })
  .trim()
  .refine(
    (value) => isAddress(value, { strict: true }),
    "ownerAddress must be an EVM address (0x followed by 40 hex digits, valid EIP-55 checksum when mixed case)",
  )
  .meta({ description: "EVM address (0x…) that will own the name." });

export const WalletAddr = z
  .object({
    addr: z.string({ error: "addr must be a wallet address" }).trim().min(1, "addr must be a wallet address").max(256),
    coinId: z
      .number({ error: "coinId must be a SLIP-44 coin type (integer)" })
      .int("coinId must be a SLIP-44 coin type (integer)")
      .min(0, "coinId must be a SLIP-44 coin type (integer)")
      .max(0xffffffff, "coinId must be a SLIP-44 coin type (integer)")
      .refine(
        (coinId) => walletOfCoinType(coinId) !== undefined,
        "coinId is not a coin type this service supports (SLIP-44; ENSIP-11 for EVM chains)",
      )
      .meta({ description: "SLIP-44 coin type (ENSIP-9; ENSIP-11 for EVM chains): 60 ETH, 0 BTC, 2147492101 Base…" }),
  })
  .strict()
  .superRefine((wallet, ctx) => {
    if (walletOfCoinType(wallet.coinId) === undefined) return;
    if (!isValidAddressForCoinType(wallet.coinId, wallet.addr)) {
      ctx.addIssue({
        code: "custom",
        path: ["addr"],
        message: `addr is not a valid address for coin type ${wallet.coinId}`,
      });
    }
  })
  .meta({ id: "WalletAddr" });

/** Wallet records by coin type, each coin at most once (purchases, and owners' record edits). */
export const WalletAddrList = z
  .array(WalletAddr)
  .max(MAX_WALLET_ADDRS, `walletAddrs may hold at most ${MAX_WALLET_ADDRS} entries`)
  .superRefine((wallets, ctx) => {
    const seen = new Set<number>();
    wallets.forEach((wallet, index) => {
      if (seen.has(wallet.coinId))
        ctx.addIssue({ code: "custom", path: [index, "coinId"], message: `coinId ${wallet.coinId} appears twice` });
      seen.add(wallet.coinId);
    });
  });

const WalletAddrs = WalletAddrList.default([]).meta({ description: "Wallet records set on the name at registration." });

export const PurchaseRequest = z
  .object({
    checkoutId: uuid("checkoutId").meta({
      description: "Idempotency key: the same id with the same body returns the same order; with another body, 409.",
    }),
    domain: DomainField,
    externalUserId: uuid("externalUserId").optional(),
    ownerAddress: OwnerAddress,
    partnerId: uuid("partnerId")
      .optional()
      .meta({
        description:
          "A sub-domain belongs to its parent's partner: only that partner's id (or none) is accepted. On a " +
          "second-level name it only attributes the sale.",
      }),
    processorConnectedAccountId: z
      .string({ error: "processorConnectedAccountId must be a connected account id (acct_…) or empty" })
      .regex(
        /^(acct_[A-Za-z0-9]{1,64})?$/,
        "processorConnectedAccountId must be a connected account id (acct_…) or empty",
      )
      .optional()
      .meta({
        description:
          "Who is paid is decided by the server: the connected account of the partner selling the name " +
          "(none for second-level names). Accepted only when absent, empty, or equal to that account; " +
          "anything else is 400.",
      }),
    walletAddrs: WalletAddrs,
    years: Years,
  })
  .strict()
  .meta({ id: "PurchaseRequest" });

export const PurchaseResponse = z
  .object({
    checkoutId: z.uuid(),
    orderId: z.uuid(),
    processorCheckoutSession: z.string().meta({
      description: "PaymentIntent client secret, for the Payment Element or PaymentSheet (or the test checkout).",
    }),
    processorCustomerId: z.string(),
    processorEphemeralKey: z.string(),
    processorPublishableKey: z.string(),
  })
  .strict()
  .meta({ id: "PurchaseResponse" });

export const CryptoPurchaseRequest = z
  .object({
    currency: z
      .string({ error: "currency must be one of ETH, USDC, BTC" })
      .trim()
      .transform((code) => code.toUpperCase())
      .pipe(z.enum(CRYPTO_PURCHASE_CURRENCIES, { error: "currency must be one of ETH, USDC, BTC" })),
    domain: DomainField,
    ownerAddress: OwnerAddress,
    ownerEmail: z.email({ error: "ownerEmail must be an e-mail address" }).max(254),
    ownerName: z
      .string({ error: "ownerName must be text" })
      .trim()
      .min(1, "ownerName must not be empty")
      .max(200, "ownerName must be at most 200 characters"),
    partnerId: uuid("partnerId")
      .optional()
      .meta({
        description:
          "A sub-domain belongs to its parent's partner: only that partner's id (or none) is accepted. On a " +
          "second-level name it only attributes the sale.",
      }),
    walletAddrs: WalletAddrs,
    years: Years,
  })
  .strict()
  .meta({ id: "CryptoPurchaseRequest" });

const CryptoPaymentDetails = z
  .object({
    currency: z.enum(CRYPTO_PURCHASE_CURRENCIES),
    network: z.string().meta({ description: "Human name of the network, e.g. Ethereum, Bitcoin regtest." }),
    chain: z.string().meta({ description: "`eip155:<chainId>` or `bitcoin:<network>`." }),
    chainId: z.number().int().optional(),
    tokenStandard: z.literal("ERC20").optional(),
    tokenContract: z.string().optional(),
    decimals: z.number().int(),
    amountAtomic: z.string().meta({ description: "Exact amount due in the smallest unit." }),
    amountDecimal: z.string().meta({ description: "Exact amount due in whole coins." }),
    confirmationsRequired: z.number().int(),
    basePriceUsdCents: z.number().int(),
    usdPerUnit: z.string().meta({ description: "USD price of one whole coin the amount was computed at." }),
    rateSource: z.string().meta({
      description:
        "Where the rate came from: `coinbase <url>` or `coingecko <url>` (live), `CRYPTO_RATES_JSON` or " +
        "`built-in test rates` (fixed test rates).",
    }),
    rateFetchedAt: IsoDateTime.optional().meta({ description: "When the rate was read from its source." }),
    expiresAt: IsoDateTime,
    testConfiguration: z
      .boolean()
      .meta({ description: "True when the deposit key or the rates are the built-in test configuration." }),
    notice: z.string().optional(),
  })
  .strict()
  .meta({ id: "CryptoPaymentDetails" });

export const CryptoPurchaseResponse = z
  .object({
    address: z.string(),
    amount: ExactNumber(
      "Amount due in whole coins: the exact decimal the URI carries. A payment within the dust tolerance " +
        "(the larger of one unit at the wallet's display precision and 0.01% of the amount due) counts as " +
        "exact.",
    ),
    expiryDateEpoch: z.number().int().meta({ description: "Unix time in seconds when the offer expires." }),
    orderId: z.uuid(),
    paymentId: z.uuid(),
    protocol: z.string().meta({ description: "EIP-681 or BIP21." }),
    uri: z.string(),
    paymentDetails: CryptoPaymentDetails,
  })
  .strict()
  .meta({ id: "CryptoPurchaseResponse" });

const OrderStatus = z.enum(ORDER_STATUSES).meta({ id: "OrderStatus" });

export const Order = z
  .object({
    id: z.uuid(),
    domain: z.string(),
    nameService: NameService,
    ownerAddress: z.string(),
    baseCurrency: z.string(),
    basePrice: z.number(),
    currency: z.string(),
    price: ExactNumber("Amount due in `currency`."),
    paymentType: z.enum(["card", "crypto"]),
    paymentReferenceId: z.uuid(),
    orderStatus: OrderStatus,
    orderStatusReason: z.string(),
    createdAt: IsoDateTime,
    updatedAt: IsoDateTime,
    renewal: z
      .object({
        years: z.number().int(),
        nameExpiresAt: IsoDateTime.optional().meta({ description: "The name's expiry once this renewal completed." }),
      })
      .strict()
      .optional()
      .meta({ description: "Present when the order renews a registered name instead of buying one." }),
    paymentSeen: z
      .object({
        amountAtomic: z.string().meta({ description: "Seen and not yet confirmed, in the currency's smallest unit." }),
        confirmations: z
          .number()
          .int()
          .meta({ description: "The fewest confirmations among the transfers seen (0 in the mempool)." }),
        confirmationsRequired: z.number().int(),
        seenAt: IsoDateTime.meta({ description: "When the payment watcher first saw it." }),
        holdsName: z.boolean().meta({
          description:
            "True when the money received and seen covers the amount due and was seen before the offer expired: " +
            "the order stays PENDING and keeps its name past the expiry until the payment confirms (then PAID, " +
            "COMPLETED) or leaves the mempool (then the offer's expiry applies again).",
        }),
      })
      .strict()
      .optional()
      .meta({
        description:
          "Crypto: a payment the watcher sees on the deposit address (in the mempool, or in blocks without the " +
          "required confirmations yet); absent when there is none.",
      }),
  })
  .strict()
  .meta({ id: "Order" });

export const OrderPathParams = z.object({ orderID: uuid("orderID") });

const AVAILABILITY_REASONS = [
  "taken",
  "grace",
  "reserved",
  "invalid",
  "unsupported_tld",
  "parent_not_configured",
] as const;

export const NameAvailability = z
  .object({
    name: z.string(),
    available: z.boolean(),
    reason: z
      .enum(AVAILABILITY_REASONS)
      .optional()
      .meta({
        description:
          "Why the name cannot be bought: `taken` (registered), `grace` (expired, renewable until " +
          "`graceEndsAt`, then for sale), `reserved` (an order awaits payment), `invalid`, " +
          "`unsupported_tld`, `parent_not_configured`.",
      }),
    message: z.string().optional().meta({ description: "The reason in words." }),
    priceUsdPerYear: z.number().optional(),
    expiresAt: IsoDateTime.optional().meta({
      description: "Taken or in grace: when the registration ends (or ended). Absent for names that never expire.",
    }),
    graceEndsAt: IsoDateTime.optional().meta({
      description:
        "Until when the owner (or anyone) may still renew it after it expires; then it returns to the market.",
    }),
    suggestions: z.array(z.object({ name: z.string(), priceUsdPerYear: z.number() })).optional(),
  })
  .strict()
  .meta({ id: "NameAvailability" });

export const MAX_SEARCH_NAMES = 20;

export const SearchQuery = z.object({
  q: z
    .string({ error: "q must hold one or more names separated by spaces" })
    .trim()
    .min(1, "q must hold one or more names separated by spaces")
    .max(2000, "q is too long")
    .meta({ description: `One or more names separated by spaces (at most ${MAX_SEARCH_NAMES}).` }),
});

export const SearchResponse = z
  .object({ results: z.array(NameAvailability) })
  .strict()
  .meta({ id: "MarketSearchResponse" });

export type PurchaseRequest = z.infer<typeof PurchaseRequest>;
export type CryptoPurchaseRequest = z.infer<typeof CryptoPurchaseRequest>;
export type CryptoPurchaseResponse = z.infer<typeof CryptoPurchaseResponse>;
export type Order = z.infer<typeof Order>;
export type OrderStatus = z.infer<typeof OrderStatus>;
export type NameAvailability = z.infer<typeof NameAvailability>;
export type WalletAddr = z.infer<typeof WalletAddr>;
