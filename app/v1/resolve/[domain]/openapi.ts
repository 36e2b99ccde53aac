// This route's operations in the OpenAPI document (collected in app/v1/openapi.json/operations.ts).
import { z } from "zod";
import { READERS } from "@/lib/contract/openapi/shared";
import { ResolveQuery, ResolveResult } from "@/lib/contract/schemas/resolve";
import type { Operation } from "@/lib/contract/openapi/operation";

export const operations: Operation[] = [
  {
    method: "get",
    path: "/v1/resolve/{domain}",
    summary: "Resolve a name",
    description:
      "Wallets, DNS and text records, content hash and owner of a name. `nameservice` chooses the service; " +
      "absent, the TLD decides " +
      "(native TLDs, `.eth` → ens, Unstoppable Domains TLDs → ud, ICANN suffixes → icann; otherwise 400). " +
      "Names are normalized " +
      "(ENSIP-15 for web3 services, UTS-46 for ICANN) exactly as sent: surrounding spaces or an empty " +
      "label are 400, nothing is " +
      "trimmed. ENS names behind an offchain resolver are read through its CCIP-Read gateway (EIP-3668): a " +
      "gateway that fails is " +
      "502, one that does not answer 504, an answer the resolver refuses (its signature does not verify) 502. " +
      "A service that is not configured answers 503.",
    tags: ["Resolution"],
    auth: READERS,
    errors: "single",
    pathParams: z.object({ domain: z.string() }),
    query: ResolveQuery,
    responses: { 200: { description: "The name's records.", schema: ResolveResult } },
    errorStatuses: [404, 502, 503, 504],
  },
];
