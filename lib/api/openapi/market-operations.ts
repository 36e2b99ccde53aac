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
import type { Operation } from "./operation";

export const marketOperations: Operation[] = [
  {
    method: "get",
    path: "/v1/market/search",
    summary: "Search names for sale",
    description:
      "For each name in `q` (space separated): whether it can be bought, why not (`taken`, `reserved` by an order awaiting payment, `invalid`, `unsupported_tld`, `parent_not_configured`), its yearly price in USD, and free alternatives for taken names. Cacheable for 5 seconds.",
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
      "Creates a PENDING order holding the name and a PaymentIntent (Stripe, or the built-in test processor when no Stripe keys are set). `checkoutId` is the idempotency key: the same id with the same body answers the same order; with another body, 409. The offer holds the name for PAYMENT_OFFER_MINUTES (15 by default).",
    tags: ["Marketplace"],
    errors: "single",
    body: PurchaseRequest,
    responses: {
      200: { description: "The payment session for the client and the order id.", schema: PurchaseResponse },
    },
    errorStatuses: [404, 409, 413, 415, 502],
  },
  {
    method: "post",
    path: "/v1/market/crypto/purchase",
    summary: "Start a crypto purchase",
    description:
      "Creates a PENDING order holding the name, with a fresh deposit address, the amount converted from the USD price (rounded up to the smallest unit), an EIP-681 (ETH, USDC) or BIP21 (BTC) URI and the offer's expiry. USDC answers 503 (field `currency`, with the reason) while a custom token contract's decimals cannot be read.",
    tags: ["Marketplace"],
    errors: "single",
    body: CryptoPurchaseRequest,
    responses: { 200: { description: "Where and how much to pay.", schema: CryptoPurchaseResponse } },
    errorStatuses: [404, 409, 413, 415, 503],
  },
  {
    method: "get",
    path: "/v1/market/order/{orderID}",
    summary: "Read an order",
    description:
      "`orderStatus`: PENDING (awaiting payment), PAID (registering), COMPLETED, EXPIRED or FAILED; `orderStatusReason` says why.",
    tags: ["Marketplace"],
    errors: "single",
    pathParams: OrderPathParams,
    responses: { 200: { description: "The order.", schema: Order } },
    errorStatuses: [404],
  },
];
