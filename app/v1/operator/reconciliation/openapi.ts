// This route's operations in the OpenAPI document (collected in app/v1/openapi.json/operations.ts).
import { ReconciliationQuery, ReconciliationResponse } from "@/lib/contract/schemas/operator";
import type { Operation } from "@/lib/contract/openapi/operation";

export const operations: Operation[] = [
  {
    method: "get",
    path: "/v1/operator/reconciliation",
    summary: "Reconcile the money orders moved",
    description:
      "Per order created in [from, to): money received, refunded, owed and written off (dust the operator " +
      "wrote off: kept, never paid) in the payment's currency, USD at " +
      "receipt (the rate a crypto offer was priced at), the platform's fee and the references (PaymentIntent, " +
      "chain:txHash); totals per day and per partner over the whole period. `Accept: text/csv` answers the " +
      "page's orders as CSV. Operator token only (`npm run operator -- token`).",
    tags: ["Operator"],
    auth: ["OPERATOR"],
    errors: "single",
    query: ReconciliationQuery,
    responses: {
      200: { description: "The page of orders and the period's totals.", schema: ReconciliationResponse, csv: true },
    },
  },
];
