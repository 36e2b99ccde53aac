// This route's operations in the OpenAPI document (collected in app/v1/openapi.json/operations.ts).
import { PartnerPayout, PartnerPayoutRequest } from "@/lib/contract/schemas/partner-payouts";
import type { Operation } from "@/lib/contract/openapi/operation";

export const operations: Operation[] = [
  {
    method: "post",
    path: "/v1/operator/partner-payouts",
    summary: "Record a payout to a partner",
    description:
      "What the platform paid a partner for the shares it holds for it (crypto sales, card sales without a " +
      "connected account): a `payout` row of the ledger, shown as `paidOut` on the partner's statement, and an " +
      "entry of the operator's audit log (`partner-payout`, target `partner:<id>`). The same " +
      "reference again records nothing new (another amount with it is 409); more than the platform holds for the " +
      "partner in that currency is 409. Operator token only.",
    tags: ["Operator"],
    auth: ["OPERATOR"],
    errors: "single",
    body: PartnerPayoutRequest,
    responses: { 200: { description: "The payout, and what is still held.", schema: PartnerPayout } },
    errorStatuses: [404, 409, 413, 415],
  },
];
