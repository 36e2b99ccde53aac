// This route's operations in the OpenAPI document (collected in app/v1/openapi.json/operations.ts).
import { GatewayInfoResponse } from "@/lib/contract/schemas/ens";
import type { Operation } from "@/lib/contract/openapi/operation";

export const operations: Operation[] = [
  {
    method: "get",
    path: "/v1/ens/gateway",
    summary: "The gateway's set-up",
    description:
      "What a partner points its ENS parent's resolver at, and what a client checks a set-up against: the " +
      "signer addresses our resolvers trust, the gateway URL template (ENS_GATEWAY_URL, or this server's " +
      "origin) and our resolvers by chain (ENS_RESOLVERS). 503 when no signing key is configured.",
    tags: ["ENS"],
    errors: "single",
    responses: { 200: { description: "The gateway's set-up.", schema: GatewayInfoResponse } },
    errorStatuses: [503],
    usesDatabase: false,
  },
];
