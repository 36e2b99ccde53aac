// Owners: transfer a name to another address.
import { endpoint, readJson, respond } from "@/lib/http/handler";
import { otherMethods } from "@/lib/http/methods";
import { TransferRequest } from "@/lib/contract/schemas/owner";
import { ResolveResult } from "@/lib/contract/schemas/resolve";
import { authenticateOwner } from "@/lib/http/authenticate-owner";
import { transferName } from "@/lib/owners/transfer-name";

export const dynamic = "force-dynamic";

// Owner sessions are made and used by our own pages; no other origin may drive them.
export const PUT = endpoint(
  { errors: "single", cors: "none", rateLimit: "owner", headers: { "cache-control": "no-store" } },
  async ({ request, params }) => {
    const owner = await authenticateOwner(request);
    const { ownerAddress } = await readJson(request, TransferRequest);
    return respond(ResolveResult, await transferName(owner, params.name, ownerAddress));
  },
);

export const { OPTIONS, GET, POST, PATCH, DELETE } = otherMethods({ PUT });
