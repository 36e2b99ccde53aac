// Test mode only (404 with Stripe configured): pays a built-in test PaymentIntent with a documented test card number.
import { endpoint, readJson, respond } from "@/lib/http/handler";
import { otherMethods } from "@/lib/http/methods";
import { assertTestMode, payTestIntent, TestPayRequest, TestPayResponse } from "@/lib/market/pay-test-intent";

export const dynamic = "force-dynamic";

// The built-in test processor's checkout form posts here from our own pages.
export const POST = endpoint(
  { errors: "single", cors: "none", rateLimit: "purchase", movesMoney: true },
  async ({ request }) => {
    assertTestMode();
    const body = await readJson(request, TestPayRequest);
    return respond(TestPayResponse, await payTestIntent(body), 200, { "cache-control": "no-store" });
  },
);

export const { OPTIONS, GET, PUT, PATCH, DELETE } = otherMethods({ POST });
