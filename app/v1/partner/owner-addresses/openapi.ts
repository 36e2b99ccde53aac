// This route's operations in the OpenAPI document (collected in app/v1/openapi.json/operations.ts).
import { BoundOwnerAddress, BoundOwnerAddressList, OwnerAddressRequest } from "@/lib/contract/schemas/partner";
import type { Operation } from "@/lib/contract/openapi/operation";

export const operations: Operation[] = [
  {
    method: "post",
    path: "/v1/partner/owner-addresses",
    summary: "Bind an owner address to the partner",
    description:
      "An owner signed in with this wallet (POST /v1/owner/session) may then exchange the session for a " +
      "short-lived ADMIN token (POST /v1/partner/session). An address bound to another partner is 409.",
    tags: ["Partner"],
    auth: ["ADMIN"],
    errors: "list",
    body: OwnerAddressRequest,
    responses: { 201: { description: "The bound address.", schema: BoundOwnerAddress } },
    errorStatuses: [409, 413, 415],
  },
  {
    method: "get",
    path: "/v1/partner/owner-addresses",
    summary: "List the owner addresses bound to the partner",
    tags: ["Partner"],
    auth: ["ADMIN"],
    errors: "list",
    responses: { 200: { description: "The bound addresses, newest first.", schema: BoundOwnerAddressList } },
  },
  {
    method: "delete",
    path: "/v1/partner/owner-addresses",
    summary: "Unbind an owner address",
    description:
      "JSON body `{ address }`, any content type. Tokens it already got live until they expire or are deleted.",
    tags: ["Partner"],
    auth: ["ADMIN"],
    errors: "list",
    body: OwnerAddressRequest,
    responses: { 204: { description: "Unbound." } },
    errorStatuses: [404, 413],
  },
];
