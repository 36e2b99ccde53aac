// Endpoint 13: read an order.
import { endpoint, parseWith, respond } from "@/lib/api/handler";
import { Order, OrderPathParams } from "@/lib/api/schemas/market";
import { getOrderOrThrow } from "@/lib/market/get-order";

export const dynamic = "force-dynamic";

export const GET = endpoint({ errors: "single" }, async ({ params }) => {
  const { orderID } = parseWith(OrderPathParams, params);
  return respond(Order, await getOrderOrThrow(orderID), 200, { "cache-control": "no-store" });
});
