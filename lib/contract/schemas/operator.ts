// The operator's API (/v1/operator/*): reconciliation of the money each order moved.
import { z } from "zod";
import { IsoDateTime, Uuid } from "./common";
import { UnattributedDeposit } from "./deposits";
import { Refund } from "./refunds";

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
      // An order id's shape exactly: 36 hex digits and dashes in any order reached the database as a uuid (500).
      .regex(
        /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
        "after must be the orderId of the last row of the previous page",
      )
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
    writtenOffAtomic: Atomic.meta({
      description:
        "Refunds the operator wrote off as dust (never paid): kept by the platform, shown so the books add up.",
    }),
    usdPerUnit: z.string().nullable().meta({ description: "Crypto: the rate the offer was priced at." }),
    receivedUsd: Usd.nullable().meta({
      description: "USD value at receipt; null for crypto paid before rates were kept.",
    }),
    refundedUsd: Usd.nullable(),
    writtenOffUsd: Usd.nullable(),
    platformFeeUsd: Usd.meta({ description: "Card sales of partners: the application fee kept." }),
    references: z.array(z.string()).meta({ description: "PaymentIntent id, or chain:txHash of each transfer." }),
  })
  .meta({ id: "ReconciliationOrder" });

const Totals = z
  .object({
    orders: z.number().int(),
    receivedUsd: Usd,
    refundedUsd: Usd,
    writtenOffUsd: Usd,
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

// The operator's actions and their audit log (issue 31 item 6).

const reason = z
  .string({ error: "reason must say why, in words (3 to 500 characters)" })
  .trim()
  .min(3, "reason must say why, in words (3 to 500 characters)")
  .max(500, "reason must say why, in words (3 to 500 characters)")
  .meta({ description: "Why the operator does this; kept in the audit log." });
const orderId = z.uuid({ error: "orderId must be the uuid of an order" });
const name = z
  .string({ error: "name must be a registered name" })
  .trim()
  .toLowerCase()
  .min(1, "name must be a registered name")
  .max(255, "name must be a registered name");

export const OperatorAction = z
  .discriminatedUnion(
    "action",
    [
      z.object({ action: z.literal("accept-underpaid"), orderId, reason }).strict(),
      z
        .object({
          action: z.literal("write-off-dust"),
          refundId: z.uuid({ error: "refundId must be the uuid of a refund" }),
          reason,
        })
        .strict(),
      z.object({ action: z.literal("refund-order"), orderId, reason }).strict(),
      z.object({ action: z.literal("suspend-name"), name, reason }).strict(),
      z.object({ action: z.literal("unsuspend-name"), name, reason }).strict(),
      z.object({ action: z.literal("release-name"), name, reason }).strict(),
    ],
    {
      error:
        "action must be one of accept-underpaid, write-off-dust, refund-order, suspend-name, unsuspend-name, " +
        "release-name",
    },
  )
  .meta({ id: "OperatorAction" });

export const AuditEntry = z
  .object({
    id: Uuid,
    at: IsoDateTime,
    operator: z.string().meta({
      description: "The operator token's subject, with the name it was printed for: `operator` or `operator:<name>`.",
    }),
    tokenId: z.string().meta({ description: "The operator token's id (jti)." }),
    action: z.string(),
    target: z.string().meta({ description: "`order:<id>`, `refund:<id>` or `name:<name>`." }),
    reason: z.string(),
    detail: z.record(z.string(), z.unknown()).meta({ description: "What the action changed, before and after." }),
  })
  .strict()
  .meta({ id: "AuditEntry" });

export const OperatorActionResult = z
  .object({
    audit: AuditEntry,
    outcome: z.string().meta({ description: "What happened, in words." }),
  })
  .strict()
  .meta({ id: "OperatorActionResult" });

export const AuditQuery = z.object({
  pageSize: z.coerce
    .number({ error: "pageSize must be a whole number from 1 to 500" })
    .int("pageSize must be a whole number from 1 to 500")
    .min(1, "pageSize must be a whole number from 1 to 500")
    .max(500, "pageSize must be a whole number from 1 to 500")
    .default(100),
  after: z.uuid({ error: "after must be the nextAfter of the previous page" }).optional(),
  target: z
    .string()
    .max(300)
    .optional()
    .meta({ description: "Only entries about this target (`order:<id>`, `name:<name>`, `partner:<id>`)." }),
});

export const AuditList = z
  .object({
    entries: z.array(AuditEntry).meta({ description: "Newest first." }),
    nextAfter: z.string().meta({ description: "Pass as `after` for the next page; empty on the last." }),
  })
  .strict()
  .meta({ id: "AuditList" });

export const OperatorOverview = z
  .object({
    refundsOwed: z.array(Refund).meta({
      description:
        "Every refund not yet returned, on every partner's sales: DUE, PAYING (payout started), FAILED (card).",
    }),
    unattributedDeposits: z.array(UnattributedDeposit).meta({
      description:
        "Money on deposit addresses nobody expected: after the monitoring window, a wrong asset, a reused address.",
    }),
    disputes: z
      .array(
        z
          .object({
            disputeId: z.string(),
            orderId: Uuid,
            domain: z.string(),
            amountCents: z.number().int(),
            reason: z.string(),
            status: z.string(),
            dueBy: IsoDateTime.nullable().meta({ description: "When the evidence is due at Stripe." }),
            openedAt: IsoDateTime,
          })
          .strict(),
      )
      .meta({ description: "Open card disputes, the soonest evidence due date first." }),
    reorganisationLosses: z
      .array(
        z
          .object({
            orderId: Uuid,
            paymentId: Uuid,
            chain: z.string(),
            txHash: z.string(),
            blockNumber: z.string(),
            amountAtomic: z.string(),
            currency: z.string(),
            decimals: z.number().int(),
            reversedAt: IsoDateTime,
          })
          .strict(),
      )
      .meta({
        description: "Credits a chain reorganisation took back after the name was registered, not covered again.",
      }),
    stuck: z
      .object({
        cardRefundsFailing: z
          .array(Refund)
          .meta({ description: "Card refunds the processor failed, or not made an hour after they were owed." }),
        processingIntents: z
          .array(
            z
              .object({ orderId: Uuid, domain: z.string(), processorRef: z.string().nullable(), since: IsoDateTime })
              .strict(),
          )
          .meta({ description: "Card payments `processing` for more than 15 minutes." }),
        watcherLag: z.array(z.object({ chain: z.string(), lagBlocks: z.number().int().nullable() }).strict()).meta({
          description: "Blocks each payment watcher is behind its chain's head; null when the node did not answer.",
        }),
      })
      .strict(),
  })
  .strict()
  .meta({ id: "OperatorOverview" });
