// Local command channel: `npm run partner -- refunds` and `refund-paid` (every sale's refunds, for the
// operator, who alone records payouts).
import { forbidden } from "@/lib/api/errors";
import { endpoint, parseQuery, readJson, respond } from "@/lib/api/handler";
import { otherMethods } from "@/lib/api/methods";
import { RecordPayoutRequest, Refund, RefundList, RefundListQuery, RefundPathParams } from "@/lib/api/schemas/refunds";
import { listRefundsPage } from "@/lib/market/list-refunds-page";
import { recordRefundPayout } from "@/lib/market/refunds";
import { isLocalAdminRequest } from "@/lib/partners/local-admin";

export const dynamic = "force-dynamic";

export const GET = endpoint({ errors: "single" }, async ({ request, url }) => {
  if (!isLocalAdminRequest(request)) throw forbidden("This route answers only local commands.");
  return respond(RefundList, await listRefundsPage(parseQuery(url, RefundListQuery)));
});

const PayoutRequest = RecordPayoutRequest.extend(RefundPathParams.shape);

export const POST = endpoint({ errors: "single" }, async ({ request }) => {
  if (!isLocalAdminRequest(request)) throw forbidden("This route answers only local commands.");
  const body = await readJson(request, PayoutRequest);
  return respond(Refund, await recordRefundPayout(body));
});

export const { OPTIONS, PUT, PATCH, DELETE } = otherMethods({ GET, POST });
