// Test mode only (404 with Stripe configured): what the test checkout shows before paying (`?clientSecret=`).
import { z } from "zod";
import { endpoint, json, parseQuery } from "@/lib/http/handler";
import { otherMethods } from "@/lib/http/methods";
import { assertTestMode, readTestIntent } from "@/lib/market/pay-test-intent";

export const dynamic = "force-dynamic";

const Query = z.object({
  clientSecret: z.string({ error: "clientSecret is required" }).min(1, "clientSecret is required").max(200),
});

// The built-in test processor's checkout form posts here from our own pages.
export const GET = endpoint({ errors: "single", cors: "none", rateLimit: "read" }, async ({ url }) => {
  assertTestMode();
  const { clientSecret } = parseQuery(url, Query);
  return json(await readTestIntent(clientSecret), 200, { "cache-control": "no-store" });
});

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods({ GET });
