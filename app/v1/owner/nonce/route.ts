// Owners: a single-use nonce for a Sign-In with Ethereum message (valid for 10 minutes).
import { endpoint, respond } from "@/lib/http/handler";
import { otherMethods } from "@/lib/http/methods";
import { NonceResponse } from "@/lib/contract/schemas/owner";
import { issueNonce } from "@/lib/siwe/nonce";

export const dynamic = "force-dynamic";

// Owner sessions are made and used by our own pages; no other origin may drive them.
export const GET = endpoint(
  { errors: "single", cors: "none", rateLimit: "owner", headers: { "cache-control": "no-store" } },
  async () => respond(NonceResponse, { nonce: issueNonce() }),
);

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods({ GET });
