// GET /metrics: Prometheus' text format, for this machine (loopback) or the operator's token.
import { endpoint } from "@/lib/http/handler";
import { ApiError } from "@/lib/contract/errors";
import { otherMethods } from "@/lib/http/methods";
import { fromLoopback } from "@/lib/http/client-address";
import { metricsText } from "@/lib/metrics/metrics";
import { operatorOf } from "@/lib/operator/operator-token";

export const dynamic = "force-dynamic";

const REFUSED = "Metrics are served to this machine (loopback) or with an operator token (npm run operator -- token).";

export const GET = endpoint(
  { errors: "single", cors: "none", rateLimit: "read", headers: { "cache-control": "no-store" } },
  async ({ request }) => {
    // A credential that is sent is checked, from loopback too: a wrong one is refused, never ignored.
    const allowed = request.headers.has("authorization") ? operatorOf(request) !== null : fromLoopback(request);
    if (!allowed) throw new ApiError(401, "Authorization", REFUSED);
    const { contentType, body } = await metricsText();
    return new Response(body, { status: 200, headers: { "content-type": contentType } });
  },
);

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods({ GET });
