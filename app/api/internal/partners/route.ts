// Local command channel: `npm run partner -- create` while the server holds the embedded database.
import { z } from "zod";
import { forbidden } from "@/lib/contract/errors";
import { endpoint, readJson, respond } from "@/lib/http/handler";
import { otherMethods } from "@/lib/http/methods";
import { AccessToken } from "@/lib/contract/schemas/partner";
import { createPartner } from "@/lib/partners/create-partner";
import { isLocalAdminRequest } from "@/lib/http/local-admin";

export const dynamic = "force-dynamic";

const CreatePartnerRequest = z.object({ name: z.string().trim().min(1).max(200) }).strict();
const CreatePartnerResponse = z.object({ partnerId: z.uuid(), token: AccessToken });

// Loopback only and guarded by a secret (lib/http/local-admin.ts): no rate limit.
export const POST = endpoint({ errors: "single", cors: "none", rateLimit: null }, async ({ request }) => {
  if (!isLocalAdminRequest(request)) throw forbidden("This route answers only local commands.");
  const { name } = await readJson(request, CreatePartnerRequest);
  const { partner, token } = await createPartner(name);
  return respond(CreatePartnerResponse, { partnerId: partner.id, token }, 201);
});

export const { OPTIONS, GET, PUT, PATCH, DELETE } = otherMethods({ POST });
