import {
  AuditList,
  AuditQuery,
  OperatorAction,
  OperatorActionResult,
  OperatorOverview,
  ReconciliationQuery,
  ReconciliationResponse,
} from "../schemas/operator";
import { LedgerCheckQuery, LedgerCheckResponse } from "../schemas/ledger-check";
import { PartnerPayout, PartnerPayoutRequest } from "../schemas/partner-payouts";
import type { Operation } from "./operation";

export const operatorOperations: Operation[] = [
  {
    method: "get",
    path: "/v1/operator/reconciliation",
    summary: "Reconcile the money orders moved",
    description:
      "Per order created in [from, to): money received, refunded and owed in the payment's currency, USD at " +
      "receipt (the rate a crypto offer was priced at), the platform's fee and the references (PaymentIntent, " +
      "chain:txHash); totals per day and per partner over the whole period. `Accept: text/csv` answers the " +
      "page's orders as CSV. Operator token only (`npm run operator -- token`).",
    tags: ["Operator"],
    auth: ["OPERATOR"],
    errors: "single",
    query: ReconciliationQuery,
    responses: {
      200: { description: "The page of orders and the period's totals.", schema: ReconciliationResponse, csv: true },
    },
  },
  {
    method: "get",
    path: "/v1/operator/overview",
    summary: "What needs the operator",
    description:
      "Every refund not yet returned on every partner's sales (DUE, PAYING, FAILED), deposits nobody expected " +
      "(after the monitoring window, a wrong asset, a reused address), open card disputes with their evidence due " +
      "dates (soonest first), credits a chain reorganisation took back " +
      "after the name was registered, and what is stuck: card refunds failing or not made within an hour, card " +
      "payments `processing` for more than 15 minutes, and each payment watcher's lag behind its chain's head.",
    tags: ["Operator"],
    auth: ["OPERATOR"],
    errors: "single",
    responses: { 200: { description: "The lists.", schema: OperatorOverview } },
  },
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
  {
    method: "get",
    path: "/v1/operator/audit",
    summary: "The operator's audit log",
    description: "Every hand action, newest first: who (the operator token's subject and id), when, why, what, target.",
    tags: ["Operator"],
    auth: ["OPERATOR"],
    errors: "single",
    query: AuditQuery,
    responses: { 200: { description: "A page of entries.", schema: AuditList } },
  },
  {
    method: "get",
    path: "/v1/operator/ledger-check",
    summary: "Check the ledger against Stripe and the chains",
    description:
      "For movements in [from, to), per source, kind and currency: the ledger's card sales, refunds and lost " +
      "disputes of Stripe payments against Stripe's balance transactions (reporting categories charge, refund " +
      "and refund_failure, dispute), and its crypto sales and reorganisation losses against what the payment " +
      "watchers credited and what reorganisations took back. `ok` is true when every line agrees. Operator " +
      "token only (`npm run operator -- token`).",
    tags: ["Operator"],
    auth: ["OPERATOR"],
    errors: "single",
    query: LedgerCheckQuery,
    responses: { 200: { description: "The lines of the check.", schema: LedgerCheckResponse } },
    errorStatuses: [502],
  },
  {
    method: "post",
    path: "/v1/operator/partner-payouts",
    summary: "Record a payout to a partner",
    description:
      "What the platform paid a partner for the shares it holds for it (crypto sales, card sales without a " +
      "connected account): a `payout` row of the ledger, shown as `paidOut` on the partner's statement. The same " +
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
