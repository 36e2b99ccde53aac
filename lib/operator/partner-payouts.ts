import "server-only";
import type { z } from "zod";
import type { PartnerPayout, PartnerPayoutRequest } from "@/lib/contract/schemas/partner-payouts";
import { recordPartnerPayout } from "@/lib/ledger/partner-payouts";
import { recordAudit } from "./audit";
import type { OperatorClaims } from "./operator-token";

// A payout moves the platform's money to a partner by the operator's hand, so it is in the audit
// log like every other hand-made change: who recorded it, when, and the reference it was paid by.

/** Records a payout to a partner and its audit row, in one transaction. */
export function recordOperatorPayout(
  operator: OperatorClaims,
  input: z.infer<typeof PartnerPayoutRequest>,
): Promise<z.infer<typeof PartnerPayout>> {
  return recordPartnerPayout(input, (tx) =>
    recordAudit(tx, {
      operator,
      action: "partner-payout",
      target: `partner:${input.partnerId}`,
      reason: `Paid ${input.amountAtomic} (${input.currency}'s smallest unit) by ${input.reference}.`,
      detail: { currency: input.currency, amountAtomic: input.amountAtomic, reference: input.reference },
    }),
  );
}
