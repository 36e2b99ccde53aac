// The operator's hand actions (accept an underpaid order, write off dust, refund a completed order,
// suspend, unsuspend or release a name), each written to the audit log with its reason.
import { endpoint, readJson, respond } from "@/lib/http/handler";
import { otherMethods } from "@/lib/http/methods";
import { OperatorAction, OperatorActionResult } from "@/lib/contract/schemas/operator";
import { runOperatorAction } from "@/lib/operator/actions";
import { requireOperator } from "@/lib/operator/require-operator";

export const dynamic = "force-dynamic";

// The operator's console is our own page; its reads count per client address.
export const POST = endpoint(
  { errors: "single", cors: "none", rateLimit: "read", headers: { "cache-control": "no-store" } },
  async ({ request }) => {
    const operator = requireOperator(request);
    return respond(OperatorActionResult, await runOperatorAction(operator, await readJson(request, OperatorAction)));
  },
);

export const { OPTIONS, GET, PUT, PATCH, DELETE } = otherMethods({ POST });
