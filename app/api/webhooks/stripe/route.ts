// Stripe webhooks: signature verified on the raw body, events deduplicated by id.
import { endpoint, json } from "@/lib/http/handler";
import { otherMethods } from "@/lib/http/methods";
import { handleStripeWebhook } from "@/lib/market/handle-stripe-webhook";

export const dynamic = "force-dynamic";

// Stripe signs every event and retries in bursts; an unsigned one costs one HMAC: no rate limit.
export const POST = endpoint(
  { errors: "single", cors: "none", rateLimit: null, movesMoney: true },
  async ({ request }) => {
    const outcome = await handleStripeWebhook(await request.text(), request.headers.get("stripe-signature"));
    return json(outcome);
  },
);

export const { OPTIONS, GET, PUT, PATCH, DELETE } = otherMethods({ POST });
