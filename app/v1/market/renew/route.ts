// Renewal by card: more years for a registered name (or one in its grace period), paid by anyone.
import { clientAddress } from "@/lib/http/client-address";
import { endpoint, readJson, respond } from "@/lib/http/handler";
import { otherMethods } from "@/lib/http/methods";
import { PurchaseResponse } from "@/lib/contract/schemas/market";
import { RenewalRequest } from "@/lib/contract/schemas/owner";
import { createCardRenewal } from "@/lib/market/create-renewal";

export const dynamic = "force-dynamic";

export const POST = endpoint(
  { errors: "single", cors: "public", rateLimit: "purchase", movesMoney: true, optionalAuth: ["ADMIN"] },
  async ({ request, caller }) => {
    const body = await readJson(request, RenewalRequest);
    const started = await createCardRenewal(body, {
      clientAddress: clientAddress(request),
      partnerId: caller?.partnerId,
    });
    return respond(PurchaseResponse, started, 200, { "cache-control": "no-store" });
  },
);

export const { OPTIONS, GET, PUT, PATCH, DELETE } = otherMethods({ POST });
