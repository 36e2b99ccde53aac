// Batch forward resolution (ours): up to 100 names, each answered as endpoint 1 would.
import { endpoint, readJson, respond } from "@/lib/api/handler";
import { BatchResolveRequest, BatchResolveResponse } from "@/lib/api/schemas/resolve";
import { resolveNames } from "@/lib/resolution/resolve";

export const dynamic = "force-dynamic";

export const POST = endpoint({ errors: "single", allow: ["ADMIN", "CUSTOMER"] }, async ({ request }) => {
  const { names, ...options } = await readJson(request, BatchResolveRequest);
  return respond(BatchResolveResponse, { results: await resolveNames(names, { ...options, signal: request.signal }) });
});
