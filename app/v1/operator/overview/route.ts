// The operator's overview: refunds owed on every sale, deposits nobody expected, reorganisation
// losses, and what is stuck (card refunds failing, intents processing too long, watcher lag).
import { endpoint, respond } from "@/lib/http/handler";
import { otherMethods } from "@/lib/http/methods";
import { OperatorOverview } from "@/lib/contract/schemas/operator";
import { operatorOverview } from "@/lib/operator/overview";
import { requireOperator } from "@/lib/operator/require-operator";

export const dynamic = "force-dynamic";

// The operator's console is our own page; its reads count per client address.
export const GET = endpoint(
  { errors: "single", cors: "none", rateLimit: "read", headers: { "cache-control": "no-store" } },
  async ({ request }) => {
    requireOperator(request);
    return respond(OperatorOverview, await operatorOverview());
  },
);

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods({ GET });
