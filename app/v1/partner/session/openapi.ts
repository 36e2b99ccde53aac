// This route's operations in the OpenAPI document (collected in app/v1/openapi.json/operations.ts).
import { AccessToken } from "@/lib/contract/schemas/partner";
import type { Operation } from "@/lib/contract/openapi/operation";

export const operations: Operation[] = [
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
