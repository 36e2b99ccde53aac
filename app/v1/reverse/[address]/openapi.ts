// This route's operations in the OpenAPI document (collected in app/v1/openapi.json/operations.ts).
import { z } from "zod";
import { READERS } from "@/lib/contract/openapi/shared";
import { ResolveResult, ReverseQuery } from "@/lib/contract/schemas/resolve";
import type { Operation } from "@/lib/contract/openapi/operation";

export const operations: Operation[] = [
  {
    method: "get",
    path: "/v1/reverse/{address}",
    summary: "Reverse-resolve an address",
    description:
      "The name the address chose, verified. Native: the address's primary name (set by the address " +
      "while signed in, PUT /v1/owner/reverse) while its ETH wallet is the address; without one, 404: " +
      "a name someone else bought naming the address as owner is never its answer. ENS: the ENSIP-19 " +
      "primary name, on Ethereum " +
      "unless `coins` names another EVM chain; the chain's reverse namespace is read first, then the " +
      "default one, and the name " +
      "counts only when its address for that chain is the address. Without `nameservice`: native, then ENS, then UD.",
    tags: ["Resolution"],
    auth: READERS,
    errors: "single",
    pathParams: z.object({ address: z.string() }),
    query: ReverseQuery,
    responses: { 200: { description: "The name's records.", schema: ResolveResult } },
    errorStatuses: [404, 502, 503, 504],
  },
];
