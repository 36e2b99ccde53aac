// Record that a crypto refund was paid back to the buyer (ours; ADMIN).
import { endpoint, parseWith, readJson, respond } from "@/lib/api/handler";
import { otherMethods } from "@/lib/api/methods";
import { RecordPayoutRequest, Refund, RefundPathParams } from "@/lib/api/schemas/refunds";
import { recordRefundPayout } from "@/lib/market/refunds";

export const dynamic = "force-dynamic";

export const POST = endpoint({ errors: "list", allow: ["ADMIN"] }, async ({ request, params, caller }) => {
  const { refundId } = parseWith(RefundPathParams, params);
  const body = await readJson(request, RecordPayoutRequest);
  return respond(Refund, await recordRefundPayout({ ...body, refundId, partnerId: caller.partnerId }), 200, {
    "cache-control": "no-store",
  });
});

export const { OPTIONS, GET, PUT, PATCH, DELETE } = otherMethods({ POST });
