// This route's operations in the OpenAPI document (collected in app/v1/openapi.json/operations.ts).
import { SearchQuery, SearchResponse } from "@/lib/contract/schemas/market";
import type { Operation } from "@/lib/contract/openapi/operation";

export const operations: Operation[] = [
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
];
