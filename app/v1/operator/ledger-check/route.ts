// The operator's ledger check: the ledger's card totals against Stripe's balance transactions, its
// crypto totals against what the watchers credited, per currency, for a period.
import { endpoint, parseQuery, respond } from "@/lib/http/handler";
import { otherMethods } from "@/lib/http/methods";
import { LedgerCheckQuery, LedgerCheckResponse } from "@/lib/contract/schemas/ledger-check";
import { checkLedger } from "@/lib/operator/ledger-check";
import { requireOperator } from "@/lib/operator/require-operator";

export const dynamic = "force-dynamic";

// The operator's console is our own page; its reads count per client address.
export const GET = endpoint({ errors: "single", cors: "none", rateLimit: "read" }, async ({ request, url }) => {
  requireOperator(request);
  return respond(LedgerCheckResponse, await checkLedger(parseQuery(url, LedgerCheckQuery)), 200, {
    "cache-control": "no-store",
  });
});

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods({ GET });
