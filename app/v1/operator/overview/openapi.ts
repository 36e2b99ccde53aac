// This route's operations in the OpenAPI document (collected in app/v1/openapi.json/operations.ts).
import { OperatorOverview } from "@/lib/contract/schemas/operator";
import type { Operation } from "@/lib/contract/openapi/operation";

export const operations: Operation[] = [
  {
    method: "get",
    path: "/v1/operator/overview",
    summary: "What needs the operator",
    description:
      "Every refund not yet returned on every partner's sales (DUE, PAYING, FAILED), deposits nobody expected " +
      "(after the monitoring window, a wrong asset, a reused address), open card disputes with their evidence due " +
      "dates (soonest first), credits a chain reorganisation took back " +
      "after the name was registered, and what is stuck: card refunds failing or not made within an hour, card " +
      "payments `processing` for more than 15 minutes, and each payment watcher's lag behind its chain's head.",
    tags: ["Operator"],
    auth: ["OPERATOR"],
    errors: "single",
    responses: { 200: { description: "The lists.", schema: OperatorOverview } },
  },
];
