// The partner's statement (GET /v1/partner/statement): the ledger's rows of its sales, per month.
import { z } from "zod";
import { IsoDateTime, Uuid } from "./common";

const isoInput = z.iso.datetime({ offset: true, error: "must be an ISO 8601 date-time, e.g. 2026-01-31T00:00:00Z" });

export const StatementQuery = z
  .object({
    from: isoInput.optional().meta({ description: "Movements at or after this time; default: 12 months before `to`." }),
    to: isoInput
      .optional()
      .meta({ description: "Movements before this time; default: now. At most 400 days after `from`." }),
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.to) > Date.parse(q.from), {
    path: ["to"],
    message: "to must be after from",
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.to) - Date.parse(q.from) <= 400 * 86_400_000, {
    path: ["to"],
    message: "to must be at most 400 days after from",
  });

const Amount = z
  .string()
  .regex(/^-?\d+(\.\d+)?$/)
  .meta({ description: "Exact decimal in the unit of `currency` (dollars for USD)." });
const Usd = z
  .string()
  .regex(/^-?\d+\.\d{2}$/)
  .nullable()
  .meta({ description: "US dollars at the time of each movement; null where a crypto rate was not known." });

export const StatementLine = z
  .object({
    currency: z.string(),
    sales: Amount.meta({ description: "Money buyers paid for the partner's names." }),
    refunds: Amount.meta({ description: "Money that went back: refunds, lost disputes, chain reorganisations." }),
    platformFees: Amount.meta({ description: "The platform's fee, net of what refunds gave back." }),
    net: Amount.meta({ description: "The partner's share: sales less refunds less fees." }),
    transferred: Amount.meta({
      description: "Of `net`: paid to the partner's Stripe account by the card processor (destination charges).",
    }),
    owed: Amount.meta({ description: "Of `net`: what the platform holds for the partner (crypto sales)." }),
    paidOut: Amount.meta({ description: "What the platform paid the partner for what it held." }),
    salesUsd: Usd,
    refundsUsd: Usd,
    platformFeesUsd: Usd,
    netUsd: Usd,
  })
  .meta({ id: "StatementLine" });

export const StatementResponse = z
  .object({
    partnerId: Uuid,
    from: IsoDateTime,
    to: IsoDateTime,
    months: z.array(StatementLine.extend({ month: z.string().meta({ description: "YYYY-MM (UTC)." }) })),
    totals: z.array(StatementLine).meta({ description: "The whole period, per currency." }),
  })
  .meta({ id: "StatementResponse" });
