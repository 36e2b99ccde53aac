// The Stripe connected account paid for the partner's sales (ours; ADMIN).
import { endpoint, readJson, respond } from "@/lib/http/handler";
import { otherMethods } from "@/lib/http/methods";
import { PayoutAccount, SetPayoutAccountRequest } from "@/lib/contract/schemas/refunds";
import { getPayoutAccount, setPayoutAccount } from "@/lib/market/payout-account";

export const dynamic = "force-dynamic";

export const GET = endpoint(
  { errors: "list", cors: "partner", rateLimit: "partner", allow: ["ADMIN"] },
  async ({ caller }) => {
    return respond(PayoutAccount, await getPayoutAccount(caller.partnerId), 200, { "cache-control": "no-store" });
  },
);

export const PUT = endpoint(
  { errors: "list", cors: "partner", rateLimit: "partner", allow: ["ADMIN"] },
  async ({ request, caller }) => {
    const { processorConnectedAccountId } = await readJson(request, SetPayoutAccountRequest);
    return respond(PayoutAccount, await setPayoutAccount(caller.partnerId, processorConnectedAccountId), 200, {
      "cache-control": "no-store",
    });
  },
);

export const { OPTIONS, POST, PATCH, DELETE } = otherMethods({ GET, PUT });
