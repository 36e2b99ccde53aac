// Send a `webhook.test` event to one receiver (ours; ADMIN).
import { endpoint, parseWith, respond } from "@/lib/http/handler";
import { otherMethods } from "@/lib/http/methods";
import { WebhookDelivery, WebhookPath } from "@/lib/contract/schemas/webhooks";
import { sendTestEvent } from "@/lib/webhooks/endpoints";

export const dynamic = "force-dynamic";

export const POST = endpoint(
  { errors: "list", cors: "partner", rateLimit: "partner", allow: ["ADMIN"] },
  async ({ params, caller }) => {
    const { id } = parseWith(WebhookPath, params);
    return respond(WebhookDelivery, await sendTestEvent(caller.partnerId, id), 202);
  },
);

export const { OPTIONS, GET, PUT, PATCH, DELETE } = otherMethods({ POST });
