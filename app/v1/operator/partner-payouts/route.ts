// The operator records what the platform paid a partner for the shares it held (a `payout` row of
// the ledger, on the partner's statement).
import { endpoint, readJson, respond } from "@/lib/http/handler";
import { otherMethods } from "@/lib/http/methods";
import { PartnerPayout, PartnerPayoutRequest } from "@/lib/contract/schemas/partner-payouts";
import { recordOperatorPayout } from "@/lib/operator/partner-payouts";
import { requireOperator } from "@/lib/operator/require-operator";

export const dynamic = "force-dynamic";

// The operator's console is our own page; its reads count per client address.
export const POST = endpoint({ errors: "single", cors: "none", rateLimit: "read" }, async ({ request }) => {
  const operator = requireOperator(request);
  const payout = await recordOperatorPayout(operator, await readJson(request, PartnerPayoutRequest));
  return respond(PartnerPayout, payout, 200, {
    "cache-control": "no-store",
  });
});

export const { OPTIONS, GET, PUT, PATCH, DELETE } = otherMethods({ POST });
