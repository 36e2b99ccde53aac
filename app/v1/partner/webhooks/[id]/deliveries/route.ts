// A webhook receiver's delivery log, newest first (ours; ADMIN).
import { endpoint, parseWith, respond } from "@/lib/http/handler";
import { otherMethods } from "@/lib/http/methods";
import { WebhookDeliveryList, WebhookPath } from "@/lib/contract/schemas/webhooks";
import { listDeliveries } from "@/lib/webhooks/endpoints";

export const dynamic = "force-dynamic";

export const GET = endpoint(
  { errors: "list", cors: "partner", rateLimit: "partner", allow: ["ADMIN"] },
  async ({ params, caller }) => {
    const { id } = parseWith(WebhookPath, params);
    return respond(WebhookDeliveryList, { deliveries: await listDeliveries(caller.partnerId, id) }, 200, {
      "cache-control": "no-store",
    });
  },
);

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods({ GET });
