import { z } from "zod";
import {
  CcipReadPathParams,
  CcipReadRequest,
  CcipReadResponse,
  GatewayInfoResponse,
  ParentClaimRequest,
  ParentClaimResponse,
} from "../schemas/ens";
import type { Operation } from "./operation";

const ANSWERS =
  "Decodes the lookup's resolve(bytes name, bytes data) (the name DNS-encoded, ENSIP-10) and answers the inner " +
  "query from the registry's records of the name, the same GET /v1/resolve gives: addr(bytes32), " +
  "addr(bytes32,uint256) for any ENSIP-9/ENSIP-11 coin type, text(bytes32,string), contenthash(bytes32) " +
  "(EIP-1577) and multicall(bytes[]) of those (at most 64). An unset record answers its empty value. Names " +
  "are served under a partner's ENS parent domain (brand.eth) held by the registry; a name under it that the " +
  "registry does not hold (never issued, revoked, expired) answers every record unset. The answer is signed " +
  "for the resolver that asked and expires after ENS_GATEWAY_TTL_SECONDS. 404: the sender is not one of " +
  "our resolvers, or the name is under no parent of ours; 400: callData that is not resolve(bytes,bytes), a " +
  "name that is not DNS-encoded or not normalised (ENSIP-15), a query whose node is not the name's namehash; " +
  "503: no signing key is configured (ENS_GATEWAY_SIGNER_KEY with PostgreSQL).";

export const ensOperations: Operation[] = [
  {
    method: "get",
    path: "/v1/ens/ccip/{sender}/{data}.json",
    summary: "CCIP-Read gateway (GET)",
    description: `EIP-3668's GET form, the URL template our resolvers revert with. ${ANSWERS}`,
    tags: ["ENS"],
    errors: "single",
    pathParams: CcipReadPathParams,
    responses: { 200: { description: "The signed answer.", schema: CcipReadResponse } },
    errorStatuses: [404],
  },
  {
    method: "post",
    path: "/v1/ens/ccip",
    summary: "CCIP-Read gateway (POST)",
    description: `EIP-3668's POST form: JSON { sender, data }. ${ANSWERS}`,
    tags: ["ENS"],
    errors: "single",
    body: CcipReadRequest,
    responses: { 200: { description: "The signed answer.", schema: CcipReadResponse } },
    errorStatuses: [404],
  },
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
