// Local command channel: `npm run partner -- refund-start` (the operator starts a crypto payout).
import { forbidden } from "@/lib/api/errors";
import { endpoint, readJson, respond } from "@/lib/api/handler";
import { otherMethods } from "@/lib/api/methods";
import { Refund, RefundPathParams } from "@/lib/api/schemas/refunds";
import { startRefundPayout } from "@/lib/market/refunds";
import { isLocalAdminRequest } from "@/lib/partners/local-admin";

export const dynamic = "force-dynamic";

export const POST = endpoint({ errors: "single" }, async ({ request }) => {
  if (!isLocalAdminRequest(request)) throw forbidden("This route answers only local commands.");
  const { refundId } = await readJson(request, RefundPathParams.strict());
  return respond(Refund, await startRefundPayout(refundId));
});

export const { OPTIONS, GET, PUT, PATCH, DELETE } = otherMethods({ POST });
