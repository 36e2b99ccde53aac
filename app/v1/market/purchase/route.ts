// Endpoint 11: start a card purchase (Stripe PaymentIntent, or the built-in test processor).
import { clientAddress } from "@/lib/http/client-address";
import { endpoint, readJson, respond } from "@/lib/http/handler";
import { otherMethods } from "@/lib/http/methods";
import { PurchaseRequest, PurchaseResponse } from "@/lib/contract/schemas/market";
import { createCardPurchase } from "@/lib/market/create-card-purchase";

export const dynamic = "force-dynamic";

// A partner's backend may send its ADMIN token: its unpaid orders then count per partner.
export const POST = endpoint(
  { errors: "single", cors: "public", rateLimit: "purchase", movesMoney: true, optionalAuth: ["ADMIN"] },
  async ({ request, caller }) => {
    const body = await readJson(request, PurchaseRequest);
    const started = await createCardPurchase(body, {
      clientAddress: clientAddress(request),
      partnerId: caller?.partnerId,
    });
    return respond(PurchaseResponse, started, 200, { "cache-control": "no-store" });
  },
);

export const { OPTIONS, GET, PUT, PATCH, DELETE } = otherMethods({ POST });
