// Endpoint 10: the calling partner's completed purchases.
import { endpoint, respond } from "@/lib/api/handler";
import { otherMethods } from "@/lib/api/methods";
import { PartnerPurchases } from "@/lib/api/schemas/partner";
import { listPurchasesOfPartner } from "@/lib/market/list-partner-purchases";

export const dynamic = "force-dynamic";

export const GET = endpoint({ errors: "list", allow: ["ADMIN"] }, async ({ caller }) => {
  return respond(PartnerPurchases, { purchases: await listPurchasesOfPartner(caller.partnerId) }, 200, {
    "cache-control": "no-store",
  });
});

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods({ GET });
