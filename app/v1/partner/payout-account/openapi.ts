// This route's operations in the OpenAPI document (collected in app/v1/openapi.json/operations.ts).
import { PayoutAccount, SetPayoutAccountRequest } from "@/lib/contract/schemas/refunds";
import type { Operation } from "@/lib/contract/openapi/operation";

export const operations: Operation[] = [
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
