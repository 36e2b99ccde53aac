// This route's operations in the OpenAPI document (collected in app/v1/openapi.json/operations.ts).
import { Order, OrderPathParams } from "@/lib/contract/schemas/market";
import type { Operation } from "@/lib/contract/openapi/operation";

export const operations: Operation[] = [
  {
    method: "get",
    path: "/v1/market/order/{orderID}",
    summary: "Read an order",
    description:
      "`orderStatus`: PENDING (awaiting payment; a declined card attempt stays here while the intent can " +
      "be paid; a crypto payment seen but not yet confirmed stays here with the reason `Payment seen, " +
      "waiting for N confirmations (n of N)` and `paymentSeen`, and when it covers the amount and was seen " +
      "before the offer expired the order keeps its name past the expiry until the payment confirms or " +
      "leaves the mempool), PAID (payment confirmed, registering), COMPLETED (registered to `ownerAddress`), EXPIRED " +
      "(the offer ran out with nothing received), FAILED (the payment can no longer be made, or money " +
      "arrived that the order cannot use and is owed back), REFUNDED (the money went back: a card refund, " +
      "with its id in the reason, a crypto payout, or a lost dispute; a name a purchase had registered is " +
      "suspended, a renewal's years are taken back). Moves: PENDING → PAID → COMPLETED → REFUNDED; " +
      "PENDING → EXPIRED → PAID (paid late, name " +
      "still free) or FAILED (paid late or short, name gone); PENDING → FAILED → PAID (topped up, name " +
      "free) or REFUNDED; PAID → FAILED (cannot be registered). `orderStatusReason` says why, including " +
      "under-, over- and late payment. `price` is exact. A pending Stripe order is re-read from Stripe at " +
      "most once every 5 seconds.",
    tags: ["Marketplace"],
    errors: "single",
    pathParams: OrderPathParams,
    responses: { 200: { description: "The order.", schema: Order } },
    errorStatuses: [404],
  },
];
