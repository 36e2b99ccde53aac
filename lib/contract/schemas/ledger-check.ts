// The operator's ledger check (GET /v1/operator/ledger-check): the ledger against Stripe and the chains.
import { z } from "zod";
import { IsoDateTime } from "./common";

const isoInput = z.iso.datetime({ offset: true, error: "must be an ISO 8601 date-time, e.g. 2026-01-31T00:00:00Z" });

export const LedgerCheckQuery = z
  .object({
    from: isoInput.meta({ description: "Movements at or after this time." }),
    to: isoInput.meta({ description: "Movements before this time; at most 92 days after `from`." }),
  })
  .refine((q) => Date.parse(q.to) > Date.parse(q.from), { path: ["to"], message: "to must be after from" })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= 92 * 86_400_000, {
    path: ["to"],
    message: "to must be at most 92 days after from",
  });

const Amount = z
  .string()
  .regex(/^-?\d+(\.\d+)?$/)
  .meta({ description: "Exact decimal in the unit of `currency`, signed (money out is negative)." });

export const LedgerCheckLine = z
  .object({
    source: z.enum(["stripe", "chain"]).meta({
      description: "`stripe`: Stripe's balance transactions; `chain`: what the payment watchers credited.",
    }),
    kind: z.enum(["sales", "refunds", "disputes", "reorganisations"]),
    currency: z.string(),
    expected: Amount.meta({ description: "What the source says." }),
    actual: Amount.meta({ description: "What the ledger says." }),
    ok: z.boolean(),
  })
  .meta({ id: "LedgerCheckLine" });

export const LedgerCheckResponse = z
  .object({
    from: IsoDateTime,
    to: IsoDateTime,
    stripeChecked: z.boolean().meta({ description: "False when Stripe is not configured (no card lines)." }),
    ok: z.boolean().meta({ description: "Every line agrees." }),
    lines: z.array(LedgerCheckLine),
  })
  .meta({ id: "LedgerCheckResponse" });
