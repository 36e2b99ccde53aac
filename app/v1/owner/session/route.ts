// Owners: sign in with Ethereum (EIP-4361) for an owner session token; DELETE signs out.
import { endpoint, noContent, readJson, respond } from "@/lib/http/handler";
import { otherMethods } from "@/lib/http/methods";
import { SessionRequest, SessionResponse } from "@/lib/contract/schemas/owner";
import { authenticateOwner } from "@/lib/http/authenticate-owner";
import { signIn, signOut } from "@/lib/owners/sign-in";

export const dynamic = "force-dynamic";

// Owner sessions are made and used by our own pages; no other origin may drive them.
export const POST = endpoint(
  { errors: "single", cors: "none", rateLimit: "owner", headers: { "cache-control": "no-store" } },
  async ({ request }) => {
    const body = await readJson(request, SessionRequest);
    return respond(SessionResponse, await signIn(body, request.headers.get("host")), 201);
  },
);

export const DELETE = endpoint({ errors: "single", cors: "none", rateLimit: "owner" }, async ({ request }) => {
  const owner = await authenticateOwner(request);
  await signOut(owner.sessionId);
  return noContent();
});

export const { OPTIONS, GET, PUT, PATCH } = otherMethods({ POST, DELETE });
