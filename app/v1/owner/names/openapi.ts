// This route's operations in the OpenAPI document (collected in app/v1/openapi.json/operations.ts).
import { OWNER } from "@/lib/contract/openapi/shared";
import { OwnerNamesQuery, OwnerNamesResponse } from "@/lib/contract/schemas/owner";
import type { Operation } from "@/lib/contract/openapi/operation";

export const operations: Operation[] = [
  {
    method: "get",
    path: "/v1/owner/names",
    summary: "List the signed-in address's names",
    description:
      "The names the session's address owns, by name: expiry, whether in the grace period (an expired name " +
      "no longer resolves and may only be renewed until `graceEndsAt`), whether it is the address's " +
      "primary name, and its records. Names past their grace period are back on the market and no longer " +
      "listed.",
    tags: ["Owners"],
    auth: OWNER,
    errors: "single",
    query: OwnerNamesQuery,
    responses: { 200: { description: "One page of names.", schema: OwnerNamesResponse } },
  },
];
