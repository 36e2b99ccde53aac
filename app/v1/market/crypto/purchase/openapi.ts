// This route's operations in the OpenAPI document (collected in app/v1/openapi.json/operations.ts).
import { UNPAID_BOUND } from "@/lib/contract/openapi/shared";
import { CryptoPurchaseRequest, CryptoPurchaseResponse } from "@/lib/contract/schemas/market";
import type { Operation } from "@/lib/contract/openapi/operation";

export const operations: Operation[] = [
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
];
