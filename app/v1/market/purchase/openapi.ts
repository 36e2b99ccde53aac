// This route's operations in the OpenAPI document (collected in app/v1/openapi.json/operations.ts).
import { UNPAID_BOUND } from "@/lib/contract/openapi/shared";
import { PurchaseRequest, PurchaseResponse } from "@/lib/contract/schemas/market";
import type { Operation } from "@/lib/contract/openapi/operation";

export const operations: Operation[] = [
  {
    method: "post",
    path: "/v1/market/purchase",
    summary: "Start a card purchase",
    description:
      "Creates a PENDING order holding the name and a card-only PaymentIntent (Stripe, or the built-in " +
      "test processor when no Stripe keys are set). `checkoutId` is the idempotency key: the same id with " +
      "the same body answers the same order and the same session (the same ephemeral key while it is " +
      "valid); with another body, 409. The offer holds the name for PAYMENT_OFFER_MINUTES (15 by default); " +
      "a declined card keeps the hold, so another card may be tried. The payment goes to the connected " +
      "account of the partner selling the name (a sub-domain's parent partner; none for second-level " +
      "names): `processorConnectedAccountId` is accepted only when absent, empty or equal to it. " +
      `${UNPAID_BOUND} A replayed checkoutId is not counted twice. A processor failure is 502: retry with ` +
      "the same checkoutId.",
    tags: ["Marketplace"],
    optionalAuth: ["ADMIN"],
    errors: "single",
    body: PurchaseRequest,
    responses: {
      200: { description: "The payment session for the client and the order id.", schema: PurchaseResponse },
    },
    errorStatuses: [404, 409, 413, 415, 429, 502],
  },
];
