// Local command channel: `npm run partner -- refund-start` (the operator starts a crypto payout).
import { forbidden } from "@/lib/contract/errors";
import { endpoint, readJson, respond } from "@/lib/http/handler";
import { otherMethods } from "@/lib/http/methods";
import { Refund, RefundPathParams } from "@/lib/contract/schemas/refunds";
import { startRefundPayout } from "@/lib/market/refund-payouts";
import { isLocalAdminRequest } from "@/lib/http/local-admin";

export const dynamic = "force-dynamic";

// Loopback only and guarded by a secret (lib/http/local-admin.ts): no rate limit.
export const POST = endpoint({ errors: "single", cors: "none", rateLimit: null }, async ({ request }) => {
  if (!isLocalAdminRequest(request)) throw forbidden("This route answers only local commands.");
  const { refundId } = await readJson(request, RefundPathParams.strict());
  return respond(Refund, await startRefundPayout(refundId));
});

export const { OPTIONS, GET, PUT, PATCH, DELETE } = otherMethods({ POST });
