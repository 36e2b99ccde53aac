// The refunds of an order, with where each crypto refund goes and whether it can still be claimed.
import { endpoint, parseWith, respond } from "@/lib/http/handler";
import { otherMethods } from "@/lib/http/methods";
import { OrderPathParams } from "@/lib/contract/schemas/market";
import { OrderRefundList } from "@/lib/contract/schemas/refunds";
import { listOrderRefunds } from "@/lib/market/refund-claims";

export const dynamic = "force-dynamic";

export const GET = endpoint(
  { errors: "single", cors: "public", rateLimit: "read", headers: { "cache-control": "no-store" } },
  async ({ params }) => {
    const { orderID } = parseWith(OrderPathParams, params);
    return respond(OrderRefundList, await listOrderRefunds(orderID));
  },
);

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods({ GET });
