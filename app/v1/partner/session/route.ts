// Wallet sign-in to the dashboard: an owner session of a bound address → a short-lived ADMIN token (ours).
import { endpoint, respond } from "@/lib/http/handler";
import { otherMethods } from "@/lib/http/methods";
import { AccessToken } from "@/lib/contract/schemas/partner";
import { authenticateOwner } from "@/lib/http/authenticate-owner";
import { exchangeOwnerSession } from "@/lib/owners/partner-wallet-sign-in";

export const dynamic = "force-dynamic";

export const POST = endpoint(
  { errors: "list", cors: "partner", rateLimit: "partner", headers: { "cache-control": "no-store" } },
  async ({ request }) => respond(AccessToken, await exchangeOwnerSession(await authenticateOwner(request)), 201),
);

export const { OPTIONS, GET, PUT, PATCH, DELETE } = otherMethods({ POST });
