// Renewal by crypto: a deposit address and amount for more years of a registered name.
import { clientAddress } from "@/lib/api/client-address";
import { endpoint, readJson, respond } from "@/lib/api/handler";
import { otherMethods } from "@/lib/api/methods";
import { CryptoPurchaseResponse } from "@/lib/api/schemas/market";
import { CryptoRenewalRequest } from "@/lib/api/schemas/owner";
import { createCryptoRenewal } from "@/lib/market/create-renewal";

export const dynamic = "force-dynamic";

export const POST = endpoint({ errors: "single", optionalAuth: ["ADMIN"] }, async ({ request, caller }) => {
  const body = await readJson(request, CryptoRenewalRequest);
  const offer = await createCryptoRenewal(body, {
    clientAddress: clientAddress(request),
    partnerId: caller?.partnerId,
  });
  return respond(CryptoPurchaseResponse, offer, 200, { "cache-control": "no-store" });
});

export const { OPTIONS, GET, PUT, PATCH, DELETE } = otherMethods({ POST });
