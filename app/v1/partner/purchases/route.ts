// Endpoint 10: the calling partner's completed purchases.
import { endpoint, respond } from "@/lib/http/handler";
import { otherMethods } from "@/lib/http/methods";
import { PartnerPurchases } from "@/lib/contract/schemas/partner";
import { listPurchasesOfPartner } from "@/lib/market/list-partner-purchases";

export const dynamic = "force-dynamic";

export const GET = endpoint(
  { errors: "list", cors: "partner", rateLimit: "partner", allow: ["ADMIN"] },
  async ({ caller }) => {
    return respond(PartnerPurchases, { purchases: await listPurchasesOfPartner(caller.partnerId) }, 200, {
      "cache-control": "no-store",
    });
  },
);

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods({ GET });
