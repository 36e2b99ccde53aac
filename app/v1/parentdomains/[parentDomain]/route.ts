// Endpoint 3 (GET): is the parent domain configured for sub-domains; PATCH (ours): its settings.
import { endpoint, readJson, respond } from "@/lib/http/handler";
import { otherMethods } from "@/lib/http/methods";
import { ParentDomainValidation, ParentSettings, ParentSettingsRequest } from "@/lib/contract/schemas/parent";
import { cachedRead } from "@/lib/http/response-cache";
import { parentTag } from "@/lib/registry/parent-domain";
import { updateParentSettings } from "@/lib/registry/update-parent-settings";
import { validateParentDomain, validationReadChain } from "@/lib/registry/validate-parent-domain";

export const dynamic = "force-dynamic";

export const GET = endpoint(
  { errors: "list", cors: "partner", rateLimit: "partner", allow: ["ADMIN", "CUSTOMER"] },
  async ({ params, caller }) => {
    const parent = parentTag(params.parentDomain);
    return cachedRead(`validate|${caller.partnerId}|${parent}`, async () => {
      const validation = await validateParentDomain(caller, params.parentDomain);
      return {
        response: respond(ParentDomainValidation, validation),
        tags: validationReadChain(validation) ? null : [parent],
      };
    });
  },
);

export const PATCH = endpoint(
  { errors: "list", cors: "partner", rateLimit: "partner", allow: ["ADMIN"] },
  async ({ request, params, caller }) => {
    const change = await readJson(request, ParentSettingsRequest);
    return respond(ParentSettings, await updateParentSettings(caller, params.parentDomain, change));
  },
);

export const { OPTIONS, POST, PUT, DELETE } = otherMethods({ GET, PATCH });
