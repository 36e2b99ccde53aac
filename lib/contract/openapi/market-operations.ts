import {
  CryptoPurchaseRequest,
  CryptoPurchaseResponse,
  Order,
  OrderPathParams,
  PurchaseRequest,
  PurchaseResponse,
  SearchQuery,
  SearchResponse,
} from "../schemas/market";
import {
  ClaimRefundRequest,
  OrderRefundList,
  PayoutAccount,
  RefundClaimLinkSent,
  RefundList,
  RefundListQuery,
  SetPayoutAccountRequest,
} from "../schemas/refunds";
import type { Operation } from "./operation";

/** Who bounds unpaid orders, and the optional partner token (purchases and renewals alike). */
export const UNPAID_BOUND =
  "Open unpaid orders (purchases and renewals) are bounded by who created them: the client address " +
  "(UNPAID_HOLDS_PER_CLIENT, 5), or, for a request carrying a partner's ADMIN token in `Authorization: " +
  "Bearer`, that partner (UNPAID_HOLDS_PER_PARTNER, 1,000); never the owner address or e-mail the order " +
  "names. One more is 429 with Retry-After (when the first of them runs out) and `field` `holds`. With a " +
  "token the sale is the token's partner's: `partnerId` is taken from it, and another `partnerId` in the " +
  "body is 400; a bad token is 401, a CUSTOMER token 403.";

export const marketOperations: Operation[] = [
  {
    method: "get",
    path: "/v1/market/search",
    summary: "Search names for sale",
    description:
      "For each name in `q` (space separated): whether it can be bought, why not (`taken`, `reserved` by " +
      "an order awaiting payment, `invalid`, `unsupported_tld`, `parent_not_configured`), its yearly price " +
      "in USD, and free alternatives for taken names. Cacheable for 5 seconds.",
    tags: ["Marketplace"],
    errors: "single",
    query: SearchQuery,
    responses: { 200: { description: "One result per name, in the order asked.", schema: SearchResponse } },
  },
  {
    method: "post",
    path: "/v1/market/purchase",
    summary: "Start a card purchase",
    description:
      "Creates a PENDING order holding the name and a card-only PaymentIntent (Stripe, or the built-in " +
      "test processor when no Stripe keys are set). `checkoutId` is the idempotency key: the same id with " +
      "the same body answers the same order and the same session (the same ephemeral key while it is " +
      "valid); with another body, 409. The offer holds the name for PAYMENT_OFFER_MINUTES (15 by default); " +
      "a declined card keeps the hold, so another card may be tried. The payment goes to the connected " +
      "account of the partner selling the name (a sub-domain's parent partner; none for second-level " +
      "names): `processorConnectedAccountId` is accepted only when absent, empty or equal to it. " +
      `${UNPAID_BOUND} A replayed checkoutId is not counted twice. A processor failure is 502: retry with ` +
      "the same checkoutId.",
    tags: ["Marketplace"],
    optionalAuth: ["ADMIN"],
    errors: "single",
    body: PurchaseRequest,
    responses: {
      200: { description: "The payment session for the client and the order id.", schema: PurchaseResponse },
    },
    errorStatuses: [404, 409, 413, 415, 429, 502],
  },
  {
    method: "post",
    path: "/v1/market/crypto/purchase",
    summary: "Start a crypto purchase",
    description:
      "Creates a PENDING order holding the name, with a fresh deposit address, the amount converted from " +
      "the USD price (rounded up to the smallest unit; `amount` is that exact decimal, written digit for " +
      "digit), an EIP-681 (ETH, USDC) or BIP21 (BTC) URI and the offer's expiry. A payment within the dust " +
      "tolerance of the amount (the larger of one unit at the wallet's display precision, 8 decimals for " +
      "ETH and BTC and 2 for USDC, and 0.01% of the amount) counts as exact. Over-, under- and late " +
      "payments the order cannot use are owed back to the sender (listed by GET /v1/partner/refunds). " +
      `${UNPAID_BOUND} USDC answers 503 (field \`currency\`, with the reason) while a custom token ` +
      "contract's decimals cannot be read.",
    tags: ["Marketplace"],
    optionalAuth: ["ADMIN"],
    errors: "single",
    body: CryptoPurchaseRequest,
    responses: { 200: { description: "Where and how much to pay.", schema: CryptoPurchaseResponse } },
    errorStatuses: [404, 409, 413, 415, 429, 503],
  },
  {
    method: "get",
    path: "/v1/market/order/{orderID}",
    summary: "Read an order",
    description:
      "`orderStatus`: PENDING (awaiting payment; a declined card attempt stays here while the intent can " +
      "be paid; a crypto payment seen but not yet confirmed stays here with the reason `Payment seen, " +
      "waiting for N confirmations (n of N)` and `paymentSeen`, and when it covers the amount and was seen " +
      "before the offer expired the order keeps its name past the expiry until the payment confirms or " +
      "leaves the mempool), PAID (payment confirmed, registering), COMPLETED (registered to `ownerAddress`), EXPIRED " +
      "(the offer ran out with nothing received), FAILED (the payment can no longer be made, or money " +
      "arrived that the order cannot use and is owed back), REFUNDED (the money went back: a card refund, " +
      "with its id in the reason, a crypto payout, or a lost dispute; a name a purchase had registered is " +
      "suspended, a renewal's years are taken back). Moves: PENDING → PAID → COMPLETED → REFUNDED; " +
      "PENDING → EXPIRED → PAID (paid late, name " +
      "still free) or FAILED (paid late or short, name gone); PENDING → FAILED → PAID (topped up, name " +
      "free) or REFUNDED; PAID → FAILED (cannot be registered). `orderStatusReason` says why, including " +
      "under-, over- and late payment. `price` is exact. A pending Stripe order is re-read from Stripe at " +
      "most once every 5 seconds.",
    tags: ["Marketplace"],
    errors: "single",
    pathParams: OrderPathParams,
    responses: { 200: { description: "The order.", schema: Order } },
    errorStatuses: [404],
  },
  {
    method: "get",
    path: "/v1/market/order/{orderID}/refunds",
    summary: "Read an order's refunds",
    description:
      "What is owed back on the order and what was paid back. A crypto refund goes to the address the buyer " +
      "claimed (`refundAddress`), or else to the address the payment came from (`suggestedAddress`); " +
      "`claimable` is true while it can still be claimed.",
    tags: ["Marketplace"],
    errors: "single",
    pathParams: OrderPathParams,
    responses: { 200: { description: "The order's refunds, oldest first.", schema: OrderRefundList } },
    errorStatuses: [404],
  },
  {
    method: "post",
    path: "/v1/market/order/{orderID}/refund-claim",
    summary: "Claim an order's crypto refund to an address",
    description:
      "Says where the order's crypto refund (DUE) is to be paid: an address on the chain the payment came " +
      "from (400 otherwise). Proof that the order is the caller's: an owner session of the order's " +
      "`ownerAddress` (`Authorization: Bearer <owner session token>` from POST /v1/owner/session), or " +
      "`claimToken`, the code of a link mailed to the order's e-mail (single-use, valid an hour). Anyone " +
      "else is 403 and nothing changes. 409 when no crypto refund is owed or its payout has started. Our " +
      "own pages only (no CORS).",
    tags: ["Marketplace"],
    errors: "single",
    pathParams: OrderPathParams,
    body: ClaimRefundRequest,
    responses: { 200: { description: "The order's refunds after the claim.", schema: OrderRefundList } },
    errorStatuses: [401, 403, 404, 409],
  },
  {
    method: "post",
    path: "/v1/market/order/{orderID}/refund-claim-link",
    summary: "Mail a link that claims an order's crypto refund",
    description:
      "Mails the order's e-mail a single-use link (valid an hour) to claim its DUE crypto refund; at most 3 " +
      "an hour per order (429). 409 when the order has no e-mail or no crypto refund is owed; 503 when mail " +
      "is not configured (`SMTP_URL`, `PUBLIC_ORIGIN`). Our own pages only (no CORS).",
    tags: ["Marketplace"],
    errors: "single",
    pathParams: OrderPathParams,
    responses: { 202: { description: "The link was mailed.", schema: RefundClaimLinkSent } },
    errorStatuses: [404, 409, 429],
  },
  {
    method: "get",
    path: "/v1/partner/refunds",
    summary: "List refunds owed on the partner's sales",
    description:
      "Money owed back to buyers of the partner's sales, newest first, in keyset pages (pageSize, " +
      "pageToken): card payments that could not be fulfilled (refunded through the processor by the " +
      "service, retried until made; PAID " +
      "with the processor's refund id) and crypto received and not owed (over-, under- and late payments; " +
      "DUE with the amount and the sender's address until the operator records the payout, PAYING once " +
      "the operator started it). Payouts are recorded by the operator only (`npm run partner -- " +
      "refund-start` and `refund-paid`), never through this API.",
    tags: ["Partner"],
    auth: ["ADMIN"],
    errors: "list",
    query: RefundListQuery,
    responses: { 200: { description: "Refunds, newest first.", schema: RefundList } },
  },
  {
    method: "get",
    path: "/v1/partner/payout-account",
    summary: "Read the partner's payout account",
    tags: ["Partner"],
    auth: ["ADMIN"],
    errors: "list",
    responses: { 200: { description: "The connected account, or null.", schema: PayoutAccount } },
  },
  {
    method: "put",
    path: "/v1/partner/payout-account",
    summary: "Set the partner's payout account",
    description:
      "The Stripe connected account (acct_…) that receives the card payments of the names this partner " +
      "sells (sub-domains of its parent domains), as destination charges; null removes it. With Stripe " +
      "configured the account must exist on the platform (400 otherwise). Also `npm run partner -- " +
      "payout-account <partnerId> <acct_…|none>`.",
    tags: ["Partner"],
    auth: ["ADMIN"],
    errors: "list",
    body: SetPayoutAccountRequest,
    responses: { 200: { description: "The connected account now set.", schema: PayoutAccount } },
    errorStatuses: [413, 415, 502],
  },
];
