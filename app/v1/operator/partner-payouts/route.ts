// The operator records what the platform paid a partner for the shares it held (a `payout` row of
// the ledger, on the partner's statement).
import { endpoint, readJson, respond } from "@/lib/http/handler";
import { otherMethods } from "@/lib/http/methods";
import { PartnerPayout, PartnerPayoutRequest } from "@/lib/contract/schemas/partner-payouts";
import { recordPartnerPayout } from "@/lib/ledger/partner-payouts";
import { requireOperator } from "@/lib/operator/require-operator";

export const dynamic = "force-dynamic";

// The operator's console is our own page; its reads count per client address.
export const POST = endpoint({ errors: "single", cors: "none", rateLimit: "read" }, async ({ request }) => {
  requireOperator(request);
  return respond(PartnerPayout, await recordPartnerPayout(await readJson(request, PartnerPayoutRequest)), 200, {
    "cache-control": "no-store",
  });
});

export const { OPTIONS, GET, PUT, PATCH, DELETE } = otherMethods({ POST });
