// This route's operations in the OpenAPI document (collected in app/v1/openapi.json/operations.ts).
import { OWNER } from "@/lib/contract/openapi/shared";
import { SessionRequest, SessionResponse } from "@/lib/contract/schemas/owner";
import type { Operation } from "@/lib/contract/openapi/operation";

export const operations: Operation[] = [
  {
    method: "post",
    path: "/v1/owner/session",
    summary: "Sign in with Ethereum",
    description:
      "Exchanges a signed EIP-4361 message for an owner session token (about a day; " +
      "`OWNER_SESSION_HOURS`). The message must be in EIP-4361's exact form, its domain the host this " +
      "request is sent to (one of `OWNER_SIGN_IN_DOMAINS`, or a loopback host when that is unset), its URI " +
      "on that host, Chain ID 1, its nonce one from GET /v1/owner/nonce not used before, and Issued At " +
      "within the last 10 minutes; the signature is the address's EIP-191 signature: a plain key's, or a " +
      "smart-contract wallet's, judged by the wallet (EIP-1271 `isValidSignature`) or, for a wallet not yet " +
      "deployed, EIP-6492 wrapped with its factory call, on Ethereum through `ETH_RPC_URL` (without it only " +
      "plain keys sign in). A message that is not " +
      "EIP-4361 is 400; a wrong signature, domain or chain, a reused or unknown nonce or a stale message " +
      "is 401; a wallet's signature while the chain does not answer is 503.",
    tags: ["Owners"],
    errors: "single",
    body: SessionRequest,
    responses: { 201: { description: "The session.", schema: SessionResponse } },
    errorStatuses: [401, 413, 415, 503],
  },
  {
    method: "delete",
    path: "/v1/owner/session",
    summary: "Sign out",
    description: "Ends the owner session: its token stops working at once, on every instance.",
    tags: ["Owners"],
    auth: OWNER,
    errors: "single",
    responses: { 204: { description: "Signed out." } },
  },
];
