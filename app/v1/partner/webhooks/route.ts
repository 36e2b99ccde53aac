// Register, list and delete the calling partner's webhook receivers (ours; ADMIN).
import { endpoint, noContent, readJson, respond } from "@/lib/http/handler";
import { otherMethods } from "@/lib/http/methods";
import {
  CreatedWebhookEndpoint,
  CreateWebhookRequest,
  DeleteWebhookRequest,
  WebhookEndpointList,
} from "@/lib/contract/schemas/webhooks";
import { createWebhookEndpoint, deleteWebhookEndpoint, listWebhookEndpoints } from "@/lib/webhooks/endpoints";

export const dynamic = "force-dynamic";

export const POST = endpoint(
  { errors: "list", cors: "partner", rateLimit: "partner", allow: ["ADMIN"] },
  async ({ request, caller }) => {
    const body = await readJson(request, CreateWebhookRequest);
    return respond(CreatedWebhookEndpoint, await createWebhookEndpoint(caller.partnerId, body), 201, {
      "cache-control": "no-store",
    });
  },
);

export const GET = endpoint(
  { errors: "list", cors: "partner", rateLimit: "partner", allow: ["ADMIN"] },
  async ({ caller }) =>
    respond(WebhookEndpointList, await listWebhookEndpoints(caller.partnerId), 200, { "cache-control": "no-store" }),
);

export const DELETE = endpoint(
  { errors: "list", cors: "partner", rateLimit: "partner", allow: ["ADMIN"] },
  async ({ request, caller }) => {
    const { id } = await readJson(request, DeleteWebhookRequest, { anyContentType: true });
    await deleteWebhookEndpoint(caller.partnerId, id);
    return noContent();
  },
);

export const { OPTIONS, PUT, PATCH } = otherMethods({ GET, POST, DELETE });
