// Renewal by crypto: a deposit address and amount for more years of a registered name.
import { endpoint, readJson, respond } from "@/lib/api/handler";
import { otherMethods } from "@/lib/api/methods";
import { CryptoPurchaseResponse } from "@/lib/api/schemas/market";
import { CryptoRenewalRequest } from "@/lib/api/schemas/owner";
import { createCryptoRenewal } from "@/lib/market/create-renewal";

export const dynamic = "force-dynamic";

export const POST = endpoint({ errors: "single" }, async ({ request }) => {
  const body = await readJson(request, CryptoRenewalRequest);
  return respond(CryptoPurchaseResponse, await createCryptoRenewal(body), 200, { "cache-control": "no-store" });
});

export const { OPTIONS, GET, PUT, PATCH, DELETE } = otherMethods({ POST });
