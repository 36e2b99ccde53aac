// This route's operations in the OpenAPI document (collected in app/v1/openapi.json/operations.ts).
import { NonceResponse } from "@/lib/contract/schemas/owner";
import type { Operation } from "@/lib/contract/openapi/operation";

export const operations: Operation[] = [
  {
    method: "get",
    path: "/v1/owner/nonce",
    summary: "Get a sign-in nonce",
    description:
      "A nonce for a Sign-In with Ethereum (EIP-4361) message: alphanumeric, single use, valid for 10 minutes.",
    tags: ["Owners"],
    errors: "single",
    responses: { 200: { description: "The nonce.", schema: NonceResponse } },
  },
];
