// This route's operations in the OpenAPI document (collected in app/v1/openapi.json/operations.ts).
import { StatementQuery, StatementResponse } from "@/lib/contract/schemas/statement";
import type { Operation } from "@/lib/contract/openapi/operation";

export const operations: Operation[] = [
  {
    method: "get",
    path: "/v1/partner/statement",
    summary: "The partner's statement",
    description:
      "Derived from the ledger (every money movement, append-only): per month (UTC) and currency in [from, to), " +
      "the sales of the partner's names, what went back (refunds, lost disputes, chain reorganisations), the " +
      "platform's fee (PLATFORM_FEE_PERCENT and PLATFORM_FEE_FIXED_CENTS), the partner's share (`net`), of it " +
      "what Stripe transferred to the partner's connected account and what the platform holds for it (crypto " +
      "sales), and what the platform paid out; USD at the time of each movement; totals per currency. " +
      "Second-level names a partner only referred are the registry's sales and are not listed. By default the " +
      "12 months before now. `Accept: text/csv` answers the months as CSV.",
    tags: ["Partner"],
    auth: ["ADMIN"],
    errors: "list",
    query: StatementQuery,
    responses: {
      200: { description: "The statement.", schema: StatementResponse, csv: true },
    },
  },
];
