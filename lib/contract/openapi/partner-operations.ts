import {
  AccessToken,
  AccessTokenList,
  BoundOwnerAddress,
  BoundOwnerAddressList,
  CreateAccessTokenRequest,
  DeleteAccessTokenRequest,
  OwnerAddressRequest,
  PartnerPurchases,
} from "../schemas/partner";
import { StatementQuery, StatementResponse } from "../schemas/statement";
import type { Operation } from "./operation";

export const partnerOperations: Operation[] = [
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
  {
    method: "get",
    path: "/v1/partner/purchases",
    summary: "List the partner's purchases",
    tags: ["Partner"],
    auth: ["ADMIN"],
    errors: "list",
    responses: { 200: { description: "Completed purchases, newest first.", schema: PartnerPurchases } },
  },
  {
    method: "get",
    path: "/v1/partner/statement",
    summary: "The partner's statement",
    description:
      "Derived from the ledger (every money movement, append-only): per month (UTC) and currency in [from, to), " +
      "the sales of the partner's names, what went back (refunds, lost disputes, chain reorganisations), the " +
      "platform's fee (PLATFORM_FEE_PERCENT and PLATFORM_FEE_FIXED_CENTS), the partner's share (`net`), of it " +
      "what Stripe transferred to the partner's connected account and what the platform holds for it (crypto " +
      "sales), and what the platform paid out; USD at the time of each movement; totals per currency. " +
      "Second-level names a partner only referred are the registry's sales and are not listed. By default the " +
      "12 months before now. `Accept: text/csv` answers the months as CSV.",
    tags: ["Partner"],
    auth: ["ADMIN"],
    errors: "list",
    query: StatementQuery,
    responses: {
      200: { description: "The statement.", schema: StatementResponse, csv: true },
    },
  },
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
  {
    method: "post",
    path: "/v1/partner/session",
    summary: "Sign in to the dashboard with a wallet",
    description:
      "With an owner session token (Sign-In with Ethereum, POST /v1/owner/session) of an address a partner " +
      "bound: a new ADMIN access token of that partner, valid 60 minutes (an ordinary token: listed, " +
      "deletable, counted among the partner's live tokens). An address bound to no partner is 403.",
    tags: ["Partner"],
    auth: ["OWNER"],
    errors: "list",
    responses: { 201: { description: "The access token, with its value.", schema: AccessToken } },
  },
];
