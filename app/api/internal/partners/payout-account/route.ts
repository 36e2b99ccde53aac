// Local command channel: `npm run partner -- payout-account` while the server holds the embedded database.
import { z } from "zod";
import { forbidden } from "@/lib/contract/errors";
import { endpoint, readJson, respond } from "@/lib/http/handler";
import { otherMethods } from "@/lib/http/methods";
import { PayoutAccount, SetPayoutAccountRequest } from "@/lib/contract/schemas/refunds";
import { setPayoutAccount } from "@/lib/market/payout-account";
import { isLocalAdminRequest } from "@/lib/http/local-admin";

export const dynamic = "force-dynamic";

const Request = SetPayoutAccountRequest.extend({ partnerId: z.uuid({ error: "partnerId must be a partner's uuid" }) });

// Loopback only and guarded by a secret (lib/http/local-admin.ts): no rate limit.
export const PUT = endpoint({ errors: "single", cors: "none", rateLimit: null }, async ({ request }) => {
  if (!isLocalAdminRequest(request)) throw forbidden("This route answers only local commands.");
  const { partnerId, processorConnectedAccountId } = await readJson(request, Request);
  return respond(PayoutAccount, await setPayoutAccount(partnerId, processorConnectedAccountId));
});

export const { OPTIONS, GET, POST, PATCH, DELETE } = otherMethods({ PUT });
