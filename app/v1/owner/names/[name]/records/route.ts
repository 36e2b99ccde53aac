// Owners: replace a name's wallet, text or DNS records or its content hash.
import { endpoint, readJson, respond } from "@/lib/http/handler";
import { otherMethods } from "@/lib/http/methods";
import { RecordsUpdateRequest } from "@/lib/contract/schemas/owner";
import { ResolveResult } from "@/lib/contract/schemas/resolve";
import { authenticateOwner } from "@/lib/http/authenticate-owner";
import { updateRecords } from "@/lib/owners/update-records";

export const dynamic = "force-dynamic";

// Owner sessions are made and used by our own pages; no other origin may drive them.
export const PUT = endpoint(
  { errors: "single", cors: "none", rateLimit: "owner", headers: { "cache-control": "no-store" } },
  async ({ request, params }) => {
    const owner = await authenticateOwner(request);
    const body = await readJson(request, RecordsUpdateRequest);
    return respond(ResolveResult, await updateRecords(owner, params.name, body));
  },
);

export const { OPTIONS, GET, POST, PATCH, DELETE } = otherMethods({ PUT });
