// A partner ADMIN claims an ENS name as its parent domain, proven by its on-chain owner's signature.
import { endpoint, readJson, respond } from "@/lib/http/handler";
import { otherMethods } from "@/lib/http/methods";
import { ParentClaimRequest, ParentClaimResponse } from "@/lib/contract/schemas/ens";
import { claimEnsParent } from "@/lib/registry/claim-ens-parent";

export const dynamic = "force-dynamic";

export const POST = endpoint(
  { errors: "list", cors: "partner", rateLimit: "partner", allow: ["ADMIN"] },
  async ({ request, params, caller }) => {
    const body = await readJson(request, ParentClaimRequest);
    return respond(
      ParentClaimResponse,
      await claimEnsParent(caller, params.parentDomain, body, request.headers.get("host")),
    );
  },
);

export const { OPTIONS, GET, PUT, PATCH, DELETE } = otherMethods({ POST });
