// Owners: a single-use nonce for a Sign-In with Ethereum message (valid for 10 minutes).
import { endpoint, respond } from "@/lib/api/handler";
import { otherMethods } from "@/lib/api/methods";
import { NonceResponse } from "@/lib/api/schemas/owner";
import { issueNonce } from "@/lib/owners/siwe-nonce";

export const dynamic = "force-dynamic";

export const GET = endpoint({ errors: "single", headers: { "cache-control": "no-store" } }, async () =>
  respond(NonceResponse, { nonce: issueNonce() }),
);

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods({ GET });
