// This route's operations in the OpenAPI document (collected in app/v1/openapi.json/operations.ts).
import { z } from "zod";
import { ParentClaimRequest, ParentClaimResponse } from "@/lib/contract/schemas/ens";
import type { Operation } from "@/lib/contract/openapi/operation";

export const operations: Operation[] = [
  {
    method: "post",
    path: "/v1/parentdomains/{parentDomain}/claim",
    summary: "Claim an ENS name as a parent domain",
    description:
      "A partner ADMIN claims an ENS name (brand.eth) with a Sign-In with Ethereum message signed by its owner " +
      "on chain (the registry's owner, or the NameWrapper token's holder for a wrapped name); smart-contract " +
      "wallets count (EIP-1271, EIP-6492). The statement names the name and the partner. The name becomes the " +
      "partner's parent domain, its sub-names served by our gateway; claimed again after it changed hands, it " +
      "follows its new owner. 400: not a second-level ENS name, or a message, nonce or signature that does not " +
      "hold (field named); 403: another partner's parent; 503: ENS is not configured (ETH_RPC_URL).",
    tags: ["ENS"],
    auth: ["ADMIN"],
    errors: "list",
    pathParams: z.object({ parentDomain: z.string().meta({ description: "An ENS name, e.g. brand.eth." }) }),
    body: ParentClaimRequest,
    responses: { 200: { description: "The claimed parent.", schema: ParentClaimResponse } },
  },
];
