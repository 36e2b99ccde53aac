// Claim an order's crypto refund to an address of the buyer's choosing: signed in as the order's
// owner address, or with the code of a link mailed to the order's e-mail.
import { endpoint, parseWith, readJson, respond } from "@/lib/http/handler";
import { otherMethods } from "@/lib/http/methods";
import { OrderPathParams } from "@/lib/contract/schemas/market";
import { ClaimRefundRequest, OrderRefundList } from "@/lib/contract/schemas/refunds";
import { claimRefund } from "@/lib/market/refund-claims";
import { authenticateOwner } from "@/lib/http/authenticate-owner";

export const dynamic = "force-dynamic";

// A refund claim says where money goes: only our own order page makes one.
export const POST = endpoint(
  { errors: "single", cors: "none", rateLimit: "owner", headers: { "cache-control": "no-store" } },
  async ({ request, params }) => {
    const { orderID } = parseWith(OrderPathParams, params);
    const body = await readJson(request, ClaimRefundRequest);
    const proof = body.claimToken
      ? ({ kind: "link", token: body.claimToken } as const)
      : ({ kind: "owner", address: (await authenticateOwner(request)).address } as const);
    return respond(OrderRefundList, await claimRefund({ orderId: orderID, refundAddress: body.refundAddress, proof }));
  },
);

export const { OPTIONS, GET, PUT, PATCH, DELETE } = otherMethods({ POST });
