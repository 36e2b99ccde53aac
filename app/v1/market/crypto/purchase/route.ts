// Endpoint 12: start a crypto purchase (fresh deposit address, amount, payment URI, expiry).
import { clientAddress } from "@/lib/http/client-address";
import { endpoint, readJson, respond } from "@/lib/http/handler";
import { otherMethods } from "@/lib/http/methods";
import { CryptoPurchaseRequest, CryptoPurchaseResponse } from "@/lib/contract/schemas/market";
import { createCryptoPurchase } from "@/lib/market/create-crypto-purchase";

export const dynamic = "force-dynamic";

// A partner's backend may send its ADMIN token: its unpaid orders then count per partner.
export const POST = endpoint(
  { errors: "single", cors: "public", rateLimit: "purchase", movesMoney: true, optionalAuth: ["ADMIN"] },
  async ({ request, caller }) => {
    const body = await readJson(request, CryptoPurchaseRequest);
    const offer = await createCryptoPurchase(body, {
      clientAddress: clientAddress(request),
      partnerId: caller?.partnerId,
    });
    return respond(CryptoPurchaseResponse, offer, 200, { "cache-control": "no-store" });
  },
);

export const { OPTIONS, GET, PUT, PATCH, DELETE } = otherMethods({ POST });
