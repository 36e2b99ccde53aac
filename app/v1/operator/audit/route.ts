// The operator's audit log: every hand action, who, when, why, what and to which target; newest first.
import { endpoint, parseQuery, respond } from "@/lib/http/handler";
import { otherMethods } from "@/lib/http/methods";
import { AuditList, AuditQuery } from "@/lib/contract/schemas/operator";
import { listAudit } from "@/lib/operator/audit";
import { requireOperator } from "@/lib/operator/require-operator";

export const dynamic = "force-dynamic";

// The operator's console is our own page; its reads count per client address.
export const GET = endpoint(
  { errors: "single", cors: "none", rateLimit: "read", headers: { "cache-control": "no-store" } },
  async ({ request, url }) => {
    requireOperator(request);
    return respond(AuditList, await listAudit(parseQuery(url, AuditQuery)));
  },
);

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods({ GET });
