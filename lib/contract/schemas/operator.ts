// The operator's API (/v1/operator/*): reconciliation of the money each order moved.
import { z } from "zod";
import { IsoDateTime, Uuid } from "./common";

const isoInput = z.iso.datetime({ offset: true, error: "must be an ISO 8601 date-time, e.g. 2026-01-31T00:00:00Z" });

export const ReconciliationQuery = z
  .object({
    from: isoInput.meta({ description: "Orders created at or after this time." }),
    to: isoInput.meta({ description: "Orders created before this time; at most 92 days after `from`." }),
    pageSize: z.coerce
      .number({ error: "pageSize must be a whole number from 1 to 1000" })
      .int("pageSize must be a whole number from 1 to 1000")
      .min(1, "pageSize must be a whole number from 1 to 1000")
      .max(1000, "pageSize must be a whole number from 1 to 1000")
      .default(500),
    after: z
      .string()
      .regex(/^[0-9a-f-]{36}$/, "after must be the orderId of the last row of the previous page")
      .optional()
      .meta({ description: "The `nextAfter` of the previous page." }),
  })
  .refine((q) => Date.parse(q.to) > Date.parse(q.from), { path: ["to"], message: "to must be after from" })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= 92 * 86_400_000, {
    path: ["to"],
    message: "to must be at most 92 days after from",
  });

const Usd = z
  .string()
  .regex(/^-?\d+\.\d{2}$/)
  .meta({ description: "US dollars, two decimals." });
const Atomic = z.string().regex(/^\d+$/).meta({ description: "Smallest units of `currency` (cents for USD)." });

export const ReconciliationOrder = z
  .object({
    orderId: Uuid,
    createdAt: IsoDateTime,
    domain: z.string(),
    kind: z.enum(["PURCHASE", "RENEWAL"]),
    orderStatus: z.string(),
    partnerId: Uuid.nullable(),
    paymentType: z.enum(["card", "crypto"]),
    processor: z.string().nullable(),
    currency: z.string(),
    decimals: z.number().int(),
    receivedAtomic: Atomic,
    refundedAtomic: Atomic.meta({ description: "Refunds paid." }),
    owedAtomic: Atomic.meta({ description: "Refunds owed and not yet paid." }),
    usdPerUnit: z.string().nullable().meta({ description: "Crypto: the rate the offer was priced at." }),
    receivedUsd: Usd.nullable().meta({
      description: "USD value at receipt; null for crypto paid before rates were kept.",
    }),
    refundedUsd: Usd.nullable(),
    platformFeeUsd: Usd.meta({ description: "Card sales of partners: the application fee kept." }),
    references: z.array(z.string()).meta({ description: "PaymentIntent id, or chain:txHash of each transfer." }),
  })
  .meta({ id: "ReconciliationOrder" });

const Totals = z
  .object({
    orders: z.number().int(),
    receivedUsd: Usd,
    refundedUsd: Usd,
    platformFeeUsd: Usd,
  })
  .meta({ id: "ReconciliationTotals" });

export const ReconciliationResponse = z
  .object({
    from: IsoDateTime,
    to: IsoDateTime,
    orders: z.array(ReconciliationOrder),
    nextAfter: z.string().meta({ description: "Pass as `after` for the next page; empty on the last." }),
    totalsByDay: z.array(Totals.extend({ day: z.string().meta({ description: "YYYY-MM-DD (UTC)." }) })),
    totalsByPartner: z.array(Totals.extend({ partnerId: Uuid.nullable() })),
    totals: Totals,
  })
  .meta({ id: "ReconciliationResponse" });
