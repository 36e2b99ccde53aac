// Local command channel: `npm run partner -- ens-parent` while the server holds the embedded database.
import { z } from "zod";
import { forbidden } from "@/lib/contract/errors";
import { endpoint, readJson, respond } from "@/lib/http/handler";
import { otherMethods } from "@/lib/http/methods";
import { registerEnsParent } from "@/lib/registry/ens-parent";
import { isLocalAdminRequest } from "@/lib/http/local-admin";

export const dynamic = "force-dynamic";

const EnsParentRequest = z
  .object({
    partnerId: z.uuid({ error: "partnerId must be a partner's uuid" }),
    name: z.string().min(1).max(253),
    ownerAddress: z.string().regex(/^0x[0-9a-fA-F]{40}$/, "ownerAddress must be an EVM address"),
  })
  .strict();
const EnsParentResponse = z.object({ name: z.string(), ownerAddress: z.string() });

// Loopback only and guarded by a secret (lib/http/local-admin.ts): no rate limit.
export const POST = endpoint({ errors: "single", cors: "none", rateLimit: null }, async ({ request }) => {
  if (!isLocalAdminRequest(request)) throw forbidden("This route answers only local commands.");
  const registered = await registerEnsParent(await readJson(request, EnsParentRequest));
  return respond(EnsParentResponse, { name: registered.name, ownerAddress: registered.ownerAddress }, 201);
});

export const { OPTIONS, GET, PUT, PATCH, DELETE } = otherMethods({ POST });
