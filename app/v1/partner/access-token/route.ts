// Endpoints 7, 8 and 9: create, list and delete the calling partner's access tokens.
import { endpoint, noContent, readJson, respond } from "@/lib/http/handler";
import { otherMethods } from "@/lib/http/methods";
import {
  AccessToken,
  AccessTokenList,
  CreateAccessTokenRequest,
  DeleteAccessTokenRequest,
} from "@/lib/contract/schemas/partner";
import { createAccessToken, deleteAccessTokenOfPartner, listAccessTokensOfPartner } from "@/lib/partners/access-tokens";

export const dynamic = "force-dynamic";

export const POST = endpoint(
  { errors: "list", cors: "partner", rateLimit: "partner", allow: ["ADMIN"] },
  async ({ request, caller }) => {
    const body = await readJson(request, CreateAccessTokenRequest);
    const token = await createAccessToken(caller.partnerId, {
      label: body.label,
      type: body.type ?? "CUSTOMER",
      validFrom: new Date(body.validFrom),
      validTill: new Date(body.validTill),
    });
    return respond(AccessToken, token, 201, { "cache-control": "no-store" });
  },
);

export const GET = endpoint(
  { errors: "list", cors: "partner", rateLimit: "partner", allow: ["ADMIN"] },
  async ({ caller }) => {
    return respond(AccessTokenList, await listAccessTokensOfPartner(caller.partnerId), 200, {
      "cache-control": "no-store",
    });
  },
);

export const DELETE = endpoint(
  { errors: "list", cors: "partner", rateLimit: "partner", allow: ["ADMIN"] },
  async ({ request, caller }) => {
    const { id } = await readJson(request, DeleteAccessTokenRequest, { anyContentType: true });
    await deleteAccessTokenOfPartner(caller.partnerId, id);
    return noContent();
  },
);

export const { OPTIONS, PUT, PATCH } = otherMethods({ GET, POST, DELETE });
