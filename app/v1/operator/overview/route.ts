// The operator's overview: refunds owed on every sale, deposits nobody expected, reorganisation
// losses, and what is stuck (card refunds failing, intents processing too long, watcher lag).
import { endpoint, respond } from "@/lib/api/handler";
import { otherMethods } from "@/lib/api/methods";
import { OperatorOverview } from "@/lib/api/schemas/operator";
import { operatorOverview } from "@/lib/operator/overview";
import { requireOperator } from "@/lib/operator/require-operator";

export const dynamic = "force-dynamic";

export const GET = endpoint({ errors: "single", headers: { "cache-control": "no-store" } }, async ({ request }) => {
  requireOperator(request);
  return respond(OperatorOverview, await operatorOverview());
});

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods({ GET });
