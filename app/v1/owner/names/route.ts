// Owners: the names the signed-in address owns, with expiry, grace state and records.
import { endpoint, parseQuery, respond } from "@/lib/api/handler";
import { otherMethods } from "@/lib/api/methods";
import { OwnerNamesQuery, OwnerNamesResponse } from "@/lib/api/schemas/owner";
import { authenticateOwner } from "@/lib/owners/authenticate-owner";
import { listOwnerNames } from "@/lib/owners/list-owner-names";

export const dynamic = "force-dynamic";

export const GET = endpoint(
  { errors: "single", headers: { "cache-control": "no-store" } },
  async ({ request, url }) => {
    const owner = await authenticateOwner(request);
    return respond(OwnerNamesResponse, await listOwnerNames(owner, parseQuery(url, OwnerNamesQuery)));
  },
);

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods({ GET });
