// Mail the order's e-mail a single-use link that claims its crypto refund.
import { endpoint, parseWith, respond } from "@/lib/http/handler";
import { otherMethods } from "@/lib/http/methods";
import { OrderPathParams } from "@/lib/contract/schemas/market";
import { RefundClaimLinkSent } from "@/lib/contract/schemas/refunds";
import { sendRefundClaimLink } from "@/lib/market/refund-claims";

export const dynamic = "force-dynamic";

// A refund claim says where money goes: only our own order page makes one.
export const POST = endpoint(
  { errors: "single", cors: "none", rateLimit: "owner", headers: { "cache-control": "no-store" } },
  async ({ params }) => {
    const { orderID } = parseWith(OrderPathParams, params);
    return respond(RefundClaimLinkSent, await sendRefundClaimLink(orderID), 202);
  },
);

export const { OPTIONS, GET, PUT, PATCH, DELETE } = otherMethods({ POST });
