// Renewal by crypto: a deposit address and amount for more years of a registered name.
import { clientAddress } from "@/lib/http/client-address";
import { endpoint, readJson, respond } from "@/lib/http/handler";
import { otherMethods } from "@/lib/http/methods";
import { CryptoPurchaseResponse } from "@/lib/contract/schemas/market";
import { CryptoRenewalRequest } from "@/lib/contract/schemas/owner";
import { createCryptoRenewal } from "@/lib/market/create-renewal";

export const dynamic = "force-dynamic";

export const POST = endpoint(
  { errors: "single", cors: "public", rateLimit: "purchase", movesMoney: true, optionalAuth: ["ADMIN"] },
  async ({ request, caller }) => {
    const body = await readJson(request, CryptoRenewalRequest);
    const offer = await createCryptoRenewal(body, {
      clientAddress: clientAddress(request),
      partnerId: caller?.partnerId,
    });
    return respond(CryptoPurchaseResponse, offer, 200, { "cache-control": "no-store" });
  },
);

export const { OPTIONS, GET, PUT, PATCH, DELETE } = otherMethods({ POST });
