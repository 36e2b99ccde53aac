// Batch forward resolution (ours): up to 100 names, each answered as endpoint 1 would and each
// counted against the resolution rate limit.
import { clientAddress } from "@/lib/http/client-address";
import { endpoint, readJson, respond } from "@/lib/http/handler";
import { otherMethods } from "@/lib/http/methods";
import { BatchResolveRequest, BatchResolveResponse } from "@/lib/contract/schemas/resolve";
import { resolveNames } from "@/lib/resolution/resolve";

export const dynamic = "force-dynamic";

export const POST = endpoint(
  { errors: "single", cors: "public", rateLimit: "resolve", allow: ["ADMIN", "CUSTOMER"] },
  async ({ request, charge }) => {
    const { names, ...options } = await readJson(request, BatchResolveRequest);
    charge(names.length - 1);
    return respond(BatchResolveResponse, {
      results: await resolveNames(names, { ...options, signal: request.signal, client: clientAddress(request) }),
    });
  },
);

export const { OPTIONS, GET, PUT, PATCH, DELETE } = otherMethods({ POST });
