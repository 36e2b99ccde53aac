// Endpoint 13: read an order.
import { endpoint, parseWith, respond } from "@/lib/http/handler";
import { otherMethods } from "@/lib/http/methods";
import { Order, OrderPathParams } from "@/lib/contract/schemas/market";
import { cachedRead } from "@/lib/http/response-cache";
import { getOrderOrThrow } from "@/lib/market/get-order";

export const dynamic = "force-dynamic";

export const GET = endpoint({ errors: "single", cors: "public", rateLimit: "read" }, async ({ params }) => {
  const { orderID } = parseWith(OrderPathParams, params);
  return cachedRead(`order|${orderID}`, async () => {
    const order = await getOrderOrThrow(orderID);
    // A pending card order is re-read from the processor on every read, so it is not kept.
    const settled = !(order.orderStatus === "PENDING" && order.paymentType === "card");
    return {
      response: respond(Order, order, 200, { "cache-control": "no-store" }),
      tags: settled ? [`order:${orderID}`] : null,
    };
  });
});

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods({ GET });
