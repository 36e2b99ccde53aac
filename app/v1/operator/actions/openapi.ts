// This route's operations in the OpenAPI document (collected in app/v1/openapi.json/operations.ts).
import { OperatorAction, OperatorActionResult } from "@/lib/contract/schemas/operator";
import type { Operation } from "@/lib/contract/openapi/operation";

export const operations: Operation[] = [
  {
    method: "post",
    path: "/v1/operator/actions",
    summary: "Act by hand, audited",
    description:
      "One action, with a required `reason`, written to the audit log in the same transaction as the change: " +
      "`accept-underpaid` (a short crypto order: what it received becomes the amount due, and it completes if " +
      "its name is free), `write-off-dust` (a DUE crypto refund worth at most OPERATOR_DUST_USD is never owed " +
      "again), `refund-order` (a COMPLETED order: a card through the processor, crypto as a refund owed of " +
      "everything received; the order ends REFUNDED and its name suspended), `suspend-name`, `unsuspend-name`, " +
      "`release-name` (the registration ends now: the name is back on the market). 404 for an unknown target, " +
      "409 when its state does not allow the action (nothing is changed or logged then).",
    tags: ["Operator"],
    auth: ["OPERATOR"],
    errors: "single",
    body: OperatorAction,
    responses: { 200: { description: "The audit entry and what happened.", schema: OperatorActionResult } },
    errorStatuses: [404, 409],
  },
];
