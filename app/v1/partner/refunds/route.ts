// Money owed back to buyers of the partner's sales: card refunds and crypto amounts owed (ours; ADMIN).
import { endpoint, parseQuery, respond } from "@/lib/http/handler";
import { otherMethods } from "@/lib/http/methods";
import { RefundList, RefundListQuery } from "@/lib/contract/schemas/refunds";
import { listRefundsPage } from "@/lib/market/list-refunds-page";

export const dynamic = "force-dynamic";

export const GET = endpoint(
  { errors: "list", cors: "partner", rateLimit: "partner", allow: ["ADMIN"] },
  async ({ url, caller }) => {
    const query = parseQuery(url, RefundListQuery);
    return respond(RefundList, await listRefundsPage({ ...query, partnerId: caller.partnerId }), 200, {
      "cache-control": "no-store",
    });
  },
);

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods({ GET });
