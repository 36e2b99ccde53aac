// Owners: the names the signed-in address owns, with expiry, grace state and records.
import { endpoint, parseQuery, respond } from "@/lib/http/handler";
import { otherMethods } from "@/lib/http/methods";
import { OwnerNamesQuery, OwnerNamesResponse } from "@/lib/contract/schemas/owner";
import { authenticateOwner } from "@/lib/http/authenticate-owner";
import { listOwnerNames } from "@/lib/owners/list-owner-names";

export const dynamic = "force-dynamic";

// Owner sessions are made and used by our own pages; no other origin may drive them.
export const GET = endpoint(
  { errors: "single", cors: "none", rateLimit: "owner", headers: { "cache-control": "no-store" } },
  async ({ request, url }) => {
    const owner = await authenticateOwner(request);
    return respond(OwnerNamesResponse, await listOwnerNames(owner, parseQuery(url, OwnerNamesQuery)));
  },
);

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods({ GET });
