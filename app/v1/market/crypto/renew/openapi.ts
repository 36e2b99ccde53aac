// This route's operations in the OpenAPI document (collected in app/v1/openapi.json/operations.ts).
import { RENEWAL } from "@/lib/contract/openapi/shared";
import { CryptoPurchaseResponse } from "@/lib/contract/schemas/market";
import { CryptoRenewalRequest } from "@/lib/contract/schemas/owner";
import type { Operation } from "@/lib/contract/openapi/operation";

export const operations: Operation[] = [
  {
    method: "post",
    path: "/v1/market/crypto/renew",
    summary: "Renew a name by crypto",
    description:
      `Extends a name by \`years\` (1 to 10), paid in ETH, USDC or BTC to a fresh deposit address like a ` +
      `crypto purchase (endpoint 12's answer). ${RENEWAL}`,
    tags: ["Marketplace"],
    errors: "single",
    optionalAuth: ["ADMIN"],
    body: CryptoRenewalRequest,
    responses: { 200: { description: "Where and how much to pay.", schema: CryptoPurchaseResponse } },
    errorStatuses: [404, 409, 413, 415],
  },
];
