// The operator's reconciliation: per order the money received, refunded and owed, fees, USD at
// receipt and references, with totals per day and per partner; CSV with `Accept: text/csv`.
import { endpoint, parseQuery, respond } from "@/lib/http/handler";
import { otherMethods } from "@/lib/http/methods";
import { ReconciliationQuery, ReconciliationResponse } from "@/lib/contract/schemas/operator";
import { reconcile, reconciliationCsv } from "@/lib/operator/reconciliation";
import { requireOperator } from "@/lib/operator/require-operator";

export const dynamic = "force-dynamic";

// The operator's console is our own page; its reads count per client address.
export const GET = endpoint({ errors: "single", cors: "none", rateLimit: "read" }, async ({ request, url }) => {
  requireOperator(request);
  const answer = await reconcile(parseQuery(url, ReconciliationQuery));
  if (/\btext\/csv\b/.test(request.headers.get("accept") ?? ""))
    return new Response(reconciliationCsv(answer), {
      status: 200,
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="reconciliation-${answer.from.slice(0, 10)}.csv"`,
        "cache-control": "no-store",
      },
    });
  return respond(ReconciliationResponse, answer, 200, { "cache-control": "no-store" });
});

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods({ GET });
