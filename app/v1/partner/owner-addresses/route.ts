// Owner addresses bound to the calling partner, for wallet sign-in to the dashboard (ours; ADMIN).
import { endpoint, noContent, readJson, respond } from "@/lib/http/handler";
import { otherMethods } from "@/lib/http/methods";
import { BoundOwnerAddress, BoundOwnerAddressList, OwnerAddressRequest } from "@/lib/contract/schemas/partner";
import { bindOwnerAddress, listOwnerAddresses, unbindOwnerAddress } from "@/lib/owners/partner-wallet-sign-in";

export const dynamic = "force-dynamic";

export const POST = endpoint(
  { errors: "list", cors: "partner", rateLimit: "partner", allow: ["ADMIN"] },
  async ({ request, caller }) => {
    const { address } = await readJson(request, OwnerAddressRequest);
    return respond(BoundOwnerAddress, await bindOwnerAddress(caller.partnerId, address), 201);
  },
);

export const GET = endpoint(
  { errors: "list", cors: "partner", rateLimit: "partner", allow: ["ADMIN"] },
  async ({ caller }) =>
    respond(BoundOwnerAddressList, await listOwnerAddresses(caller.partnerId), 200, { "cache-control": "no-store" }),
);

export const DELETE = endpoint(
  { errors: "list", cors: "partner", rateLimit: "partner", allow: ["ADMIN"] },
  async ({ request, caller }) => {
    const { address } = await readJson(request, OwnerAddressRequest, { anyContentType: true });
    await unbindOwnerAddress(caller.partnerId, address);
    return noContent();
  },
);

export const { OPTIONS, PUT, PATCH } = otherMethods({ GET, POST, DELETE });
