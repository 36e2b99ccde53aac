// Money owed back to buyers of the partner's sales: card refunds and crypto amounts owed (ours; ADMIN).
import { endpoint, parseQuery, respond } from "@/lib/api/handler";
import { otherMethods } from "@/lib/api/methods";
import { RefundList, RefundListQuery } from "@/lib/api/schemas/refunds";
import { listRefunds } from "@/lib/market/refunds";

export const dynamic = "force-dynamic";

export const GET = endpoint({ errors: "list", allow: ["ADMIN"] }, async ({ url, caller }) => {
  const { status } = parseQuery(url, RefundListQuery);
  return respond(RefundList, { refunds: await listRefunds({ partnerId: caller.partnerId, status }) }, 200, {
    "cache-control": "no-store",
  });
});

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods({ GET });
