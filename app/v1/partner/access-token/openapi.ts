// This route's operations in the OpenAPI document (collected in app/v1/openapi.json/operations.ts).
import {
  AccessToken,
  AccessTokenList,
  CreateAccessTokenRequest,
  DeleteAccessTokenRequest,
} from "@/lib/contract/schemas/partner";
import type { Operation } from "@/lib/contract/openapi/operation";

export const operations: Operation[] = [
  {
    method: "post",
    path: "/v1/partner/access-token",
    summary: "Create an access token",
    description:
      "The JWT `value` is returned here once; listings show it redacted. `type` defaults to CUSTOMER. A " +
      "token lives at most " +
      "2 years (ACCESS_TOKEN_MAX_DAYS, 731 days by default): `validTill` later than that after " +
      "`validFrom`, or after now, is 400. A partner holds at most ACCESS_TOKENS_PER_PARTNER (50) live " +
      "(unexpired) tokens: the next is 409 until one is deleted or expires. Rate limits count per partner, " +
      "every token of it together.",
    tags: ["Partner"],
    auth: ["ADMIN"],
    errors: "list",
    body: CreateAccessTokenRequest,
    responses: { 201: { description: "The token, with its value.", schema: AccessToken } },
    errorStatuses: [409, 413, 415],
  },
  {
    method: "get",
    path: "/v1/partner/access-token",
    summary: "List the partner's access tokens",
    tags: ["Partner"],
    auth: ["ADMIN"],
    errors: "list",
    responses: { 200: { description: "Tokens, newest first, values redacted.", schema: AccessTokenList } },
  },
  {
    method: "delete",
    path: "/v1/partner/access-token",
    summary: "Delete an access token",
    description: "The body is read as JSON whatever its content type. The token is refused from the next request on.",
    tags: ["Partner"],
    auth: ["ADMIN"],
    errors: "list",
    body: DeleteAccessTokenRequest,
    responses: { 204: { description: "Deleted; no body." } },
    errorStatuses: [404, 413],
  },
];
