// Local command channel: waits until this instance has applied invalidations up to a sync marker.
import { forbidden } from "@/lib/contract/errors";
import { endpoint, json } from "@/lib/http/handler";
import { otherMethods } from "@/lib/http/methods";
import { waitForSync } from "@/lib/db/invalidation";
import { isLocalAdminRequest } from "@/lib/http/local-admin";

export const dynamic = "force-dynamic";

// Loopback only and guarded by a secret (lib/http/local-admin.ts): no rate limit.
export const GET = endpoint({ errors: "single", cors: "none", rateLimit: null }, async ({ request, url }) => {
  if (!isLocalAdminRequest(request)) throw forbidden("This route answers only local commands.");
  const seen = await waitForSync(url.searchParams.get("key") ?? "", 2000);
  return json({ seen }, seen ? 200 : 504);
});

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods({ GET });
