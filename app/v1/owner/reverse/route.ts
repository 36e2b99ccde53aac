// Owners: set (or clear) the signed-in address's primary name, which reverse resolution answers.
import { endpoint, readJson, respond } from "@/lib/http/handler";
import { otherMethods } from "@/lib/http/methods";
import { PrimaryNameRequest, PrimaryNameResponse } from "@/lib/contract/schemas/owner";
import { authenticateOwner } from "@/lib/http/authenticate-owner";
import { setPrimaryName } from "@/lib/owners/set-primary-name";

export const dynamic = "force-dynamic";

// Owner sessions are made and used by our own pages; no other origin may drive them.
export const PUT = endpoint(
  { errors: "single", cors: "none", rateLimit: "owner", headers: { "cache-control": "no-store" } },
  async ({ request }) => {
    const owner = await authenticateOwner(request);
    const { name } = await readJson(request, PrimaryNameRequest);
    return respond(PrimaryNameResponse, await setPrimaryName(owner, name));
  },
);

export const { OPTIONS, GET, POST, PATCH, DELETE } = otherMethods({ PUT });
