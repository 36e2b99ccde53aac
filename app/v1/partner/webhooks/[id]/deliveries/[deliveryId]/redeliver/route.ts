// Send one delivery again, with the same event id (ours; ADMIN).
import { endpoint, parseWith, respond } from "@/lib/http/handler";
import { otherMethods } from "@/lib/http/methods";
import { WebhookDelivery, WebhookDeliveryPath } from "@/lib/contract/schemas/webhooks";
import { redeliver } from "@/lib/webhooks/endpoints";

export const dynamic = "force-dynamic";

export const POST = endpoint(
  { errors: "list", cors: "partner", rateLimit: "partner", allow: ["ADMIN"] },
  async ({ params, caller }) => {
    const { id, deliveryId } = parseWith(WebhookDeliveryPath, params);
    return respond(WebhookDelivery, await redeliver(caller.partnerId, id, deliveryId), 202);
  },
);

export const { OPTIONS, GET, PUT, PATCH, DELETE } = otherMethods({ POST });
