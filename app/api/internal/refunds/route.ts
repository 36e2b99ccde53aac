// Local command channel: `npm run partner -- refunds` and `refund-paid` (every sale's refunds, for the
// operator, who alone records payouts).
import { forbidden } from "@/lib/contract/errors";
import { endpoint, parseQuery, readJson, respond } from "@/lib/http/handler";
import { otherMethods } from "@/lib/http/methods";
import {
  RecordPayoutRequest,
  Refund,
  RefundList,
  RefundListQuery,
  RefundPathParams,
} from "@/lib/contract/schemas/refunds";
import { listRefundsPage } from "@/lib/market/list-refunds-page";
import { recordRefundPayout } from "@/lib/market/refund-payouts";
import { isLocalAdminRequest } from "@/lib/http/local-admin";

export const dynamic = "force-dynamic";

// Loopback only and guarded by a secret (lib/http/local-admin.ts): no rate limit.
export const GET = endpoint({ errors: "single", cors: "none", rateLimit: null }, async ({ request, url }) => {
  if (!isLocalAdminRequest(request)) throw forbidden("This route answers only local commands.");
  return respond(RefundList, await listRefundsPage(parseQuery(url, RefundListQuery)));
});

const PayoutRequest = RecordPayoutRequest.extend(RefundPathParams.shape);

export const POST = endpoint({ errors: "single", cors: "none", rateLimit: null }, async ({ request }) => {
  if (!isLocalAdminRequest(request)) throw forbidden("This route answers only local commands.");
  const body = await readJson(request, PayoutRequest);
  return respond(Refund, await recordRefundPayout(body));
});

export const { OPTIONS, PUT, PATCH, DELETE } = otherMethods({ GET, POST });
