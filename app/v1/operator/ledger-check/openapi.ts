// This route's operations in the OpenAPI document (collected in app/v1/openapi.json/operations.ts).
import { LedgerCheckQuery, LedgerCheckResponse } from "@/lib/contract/schemas/ledger-check";
import type { Operation } from "@/lib/contract/openapi/operation";

export const operations: Operation[] = [
  {
    method: "get",
    path: "/v1/operator/ledger-check",
    summary: "Check the ledger against Stripe and the chains",
    description:
      "For movements in [from, to), per source, kind and currency: the ledger's card sales, refunds and lost " +
      "disputes of Stripe payments against Stripe's balance transactions (reporting categories charge, refund " +
      "and refund_failure, dispute), and its crypto sales and reorganisation losses against what the payment " +
      "watchers credited and what reorganisations took back. `ok` is true when every line agrees. Operator " +
      "token only (`npm run operator -- token`).",
    tags: ["Operator"],
    auth: ["OPERATOR"],
    errors: "single",
    query: LedgerCheckQuery,
    responses: { 200: { description: "The lines of the check.", schema: LedgerCheckResponse } },
    errorStatuses: [502],
  },
];
